// The test curriculum (tests/fixtures/curriculum: curriculums test-basics and test-advanced,
// task ids 901-904). The import deletes what the directory lacks, so it imports the real
// content (config/curriculum, when present) together with the fixture: neither is removed,
// and the real tasks, which the demo students' submissions use, stay.
import { mkdtempSync, existsSync, readdirSync, statSync, symlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { camp } from './client.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURE_DIR = join(ROOT, 'tests', 'fixtures', 'curriculum');

export const TASKS = {
  firstPage: 901, // test-basics, basic, source_repository https://github.com/camp-test/first-page-template
  styles: 902, // test-basics, basic, the last task (milestone test_basics_tasks_approved)
  app: 903, // test-advanced, advanced
  deploy: 904, // test-advanced, advanced, source_repository http://GitHub.com/camp-test/deploy-template.git
};

/** A directory holding the real content's curriculums and the fixture's (symlinks). */
export function combinedCurriculumDir(extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'camp-curriculum-'));
  for (const base of [join(ROOT, 'config', 'curriculum'), FIXTURE_DIR, ...extra]) {
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const path = join(base, name);
      if (statSync(path).isDirectory() && !existsSync(join(dir, name))) symlinkSync(path, join(dir, name));
    }
  }
  return dir;
}

export function importTestCurriculum() {
  const dir = combinedCurriculumDir();
  try {
    return camp('curriculum', 'import', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
