// Helpers of the curriculum and review specs: the test curriculum (tests/fixtures/curriculum,
// curriculums test-basics and test-advanced, tasks 901-904) imported together with the real
// content when present (the import deletes what its directory lacks; tests/api/lib/curriculum.mjs
// does the same), and throw-away accounts with unique nicknames, so a row of the shared review
// queue can be told apart.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { login } from './support';

export { closeShareDialog } from './support';

export const ROOT = join(__dirname, '..', '..');
export const PASSWORD = 'pass-word-123';

function campBin(): string {
  const bin = process.env.CAMP_BIN;
  if (!bin) throw new Error('CAMP_BIN must point at the camp CLI');
  return bin;
}

/** `camp curriculum import` of config/curriculum (when present) plus the test fixture. */
export function importTestCurriculum(): void {
  const dir = mkdtempSync(join(tmpdir(), 'camp-e2e-curriculum-'));
  try {
    for (const base of [join(ROOT, 'config', 'curriculum'), join(ROOT, 'tests', 'fixtures', 'curriculum')]) {
      if (!existsSync(base)) continue;
      for (const name of readdirSync(base)) {
        const path = join(base, name);
        if (statSync(path).isDirectory() && !existsSync(join(dir, name))) symlinkSync(path, join(dir, name));
      }
    }
    execFileSync(campBin(), ['curriculum', 'import', dir], { env: process.env, encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface E2eAccount {
  email: string;
  nickname: string;
}

/** A fresh account of `role` (students in rails_4m) with a unique nickname. */
export function createAccount(role: string, label: string): E2eAccount {
  const tag = randomBytes(3).toString('hex');
  const email = `e2e-cur-${tag}-${randomBytes(3).toString('hex')}@example.com`;
  const nickname = `${label}${tag}`;
  const course = role === 'student' ? ['--course', 'rails_4m'] : [];
  execFileSync(
    campBin(),
    ['accounts', 'create', '--email', email, '--role', role, ...course, '--nickname', nickname, '--json'],
    { input: `${PASSWORD}\n`, env: process.env, encoding: 'utf8' },
  );
  return { email, nickname };
}

/** A logged-in page in a context of its own; a share dialog stays for the test to check. */
export async function pageFor(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email, password, { keepShareDialog: true });
  return page;
}

/** The section of one task on /curriculums/:name. */
export const taskSection = (page: Page, title: string) =>
  page.getByTestId('task-section').filter({ has: page.getByRole('heading', { name: title }) });

/** Submits a repository URL for a task and waits for the page to show it as waiting. */
export async function submitTask(page: Page, title: string, url: string): Promise<void> {
  const section = taskSection(page, title);
  await section.getByLabel('提出するリポジトリのURL').fill(url);
  await section.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByText('課題を提出しました')).toBeVisible();
  await expect(section.getByTestId('task-status')).toHaveText('提出済み');
  await expect(section.getByTestId('submit-notice')).toHaveText('レビュー待ちの提出があります');
}

/** The queue row of a student's submission on /reviews. */
export const queueRow = (page: Page, studentNickname: string) =>
  page.getByTestId('queue-row').filter({ hasText: studentNickname });
