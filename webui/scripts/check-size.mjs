// Budget check for the JavaScript the /login page needs: the entry chunks plus the chunk
// groups of the account layout and the login page, gzipped at level 9 (deterministic).
// Fails (exit 1) past the budget. Run after `npm run build`.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const LOGIN_GROUPS = ['main', 'layout-account', 'page-login'];

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = path.join(dist, 'chunk-groups.json');
if (!existsSync(manifestPath)) {
  console.error(`check-size: ${manifestPath} is missing; run "npm run build" first`);
  process.exit(1);
}
const groups = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Set();
for (const name of LOGIN_GROUPS) {
  const group = groups[name];
  if (!group) {
    console.error(`check-size: chunk group "${name}" not found in chunk-groups.json`);
    process.exit(1);
  }
  for (const file of group.files) if (file.endsWith('.js')) files.add(file);
}

let total = 0;
const rows = [...files].sort().map((file) => {
  const raw = readFileSync(path.join(dist, file));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  return { file, raw: raw.length, gz };
});
for (const r of rows) {
  console.log(`${(r.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(r.raw / 1024).toFixed(1).padStart(7)} KB  ${r.file}`);
}
const kb = (total / 1024).toFixed(1);
const budget = (BUDGET_BYTES / 1024).toFixed(0);
if (total > BUDGET_BYTES) {
  console.error(`check-size: /login JavaScript ${kb} KB gzipped exceeds the ${budget} KB budget`);
  process.exit(1);
}
console.log(`check-size: /login JavaScript ${kb} KB gzipped (budget ${budget} KB): ok`);
