// Restore drill (docs/deploy.md, "Backups"): the demo school plus real uploads in data dir A,
// `camp db backup`, then `camp db restore` into a fresh data dir B with a fresh PostgreSQL.
// Every table has the same rows (count and content checksum; the uploads' bytes are blobs in
// the database, so the dump carries them), every upload is served with the same bytes, the
// signing key is the same (a token from A works on B), and B's daemon serves it all.
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';

import { png } from '../api/lib/images.mjs';
import { freePort, until } from './lib/stack.mjs';

const run = promisify(execFile);
const dirs = { a: mkdtempSync(join(tmpdir(), 'camp-backup-a-')), b: mkdtempSync(join(tmpdir(), 'camp-backup-b-')) };
const archive = join(mkdtempSync(join(tmpdir(), 'camp-backup-file-')), 'camp.tar');
const env = (d) => ({ ...process.env, CAMP_DATA_DIR: d, CAMP_DATABASE_URL: '' });
const camp = async (d, ...args) => (await run(process.env.CAMP_BIN, args, { env: env(d), encoding: 'utf8' })).stdout;
const daemons = [];

async function daemon(d) {
  const port = await freePort();
  const child = spawn(process.env.CAMPD_BIN, [], { env: { ...env(d), CAMP_LISTEN: `127.0.0.1:${port}`, CAMP_LOG_LEVEL: 'warn', CAMP_MAIL_DIGEST_ENABLED: 'false' }, stdio: 'ignore' });
  daemons.push(child);
  const url = `http://127.0.0.1:${port}`;
  await until('campd ready', async () => {
    if (child.exitCode !== null) throw new Error('campd exited');
    try { return (await fetch(`${url}/readyz`)).status === 200; } catch { return false; }
  }, 30000, 100);
  return { url, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) };
}

// Every table of the schema: {name: "count md5-of-all-rows"}.
async function tables(d) {
  const url = (await camp(d, 'db', 'url')).trim();
  const psql = async (sql) => (await run('psql', ['-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql, url], { encoding: 'utf8' })).stdout.trim();
  const names = (await psql("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).split('\n');
  const sql = names.map((t) => `SELECT '${t}', count(*), md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${t}" x`).join(' UNION ALL ');
  return Object.fromEntries((await psql(sql)).split('\n').map((l) => { const [t, n, sum] = l.split('|'); return [t, `${n} ${sum}`]; }));
}

// The SHA-256 of every upload as a daemon serves it.
async function uploadSums(base, urls) {
  const out = {};
  for (const u of urls) {
    const res = await fetch(new URL(u, base));
    assert.equal(res.status, 200, u);
    out[u] = createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex');
  }
  return out;
}

let token, fileUrls, sums, demoEmail;
before(async () => {
  await camp(dirs.a, 'db', 'start');
  await camp(dirs.a, 'db', 'migrate');
  const logins = JSON.parse(await camp(dirs.a, '--json', 'db', 'seed', '--demo'));
  demoEmail = logins.find((l) => l.role === 'student').email;
  const a = await daemon(dirs.a);
  const r = await fetch(`${a.url}/api/v1/account_token`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth: { email: demoEmail, password: 'demo-pass-1234' } }),
  });
  token = (await r.json()).jwt;
  fileUrls = [];
  for (const colour of [[255, 0, 0], [0, 128, 255], [30, 200, 30]]) {
    const form = new FormData();
    form.append('file', new Blob([png(16, 16, colour)], { type: 'image/png' }), 'a.png');
    form.append('file_type', 'question');
    const up = await fetch(`${a.url}/api/v1/file_upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    assert.equal(up.status, 201, await up.clone().text());
    fileUrls.push((await up.json()).file_url);
  }
  sums = await uploadSums(a.url, fileUrls);
  await a.stop();
});

after(async () => {
  for (const c of daemons) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of Object.values(dirs)) {
    try { execFileSync(process.env.CAMP_BIN, ['db', 'stop'], { env: env(d), stdio: 'ignore' }); } catch { /* not running */ }
    rmSync(d, { recursive: true, force: true });
  }
  rmSync(join(archive, '..'), { recursive: true, force: true });
});

test('camp db backup, then restore into a new data directory: same rows, same uploads, same key', async () => {
  const out = JSON.parse(await camp(dirs.a, '--json', 'db', 'backup', archive));
  assert.equal(out.jwt_secret, true);
  assert.equal(statSync(archive).mode & 0o077, 0, 'the archive (it holds the key) is private');
  const listing = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).split('\n');
  assert.ok(listing.includes('database.dump') && listing.includes('jwt_secret'));
  assert.ok(!listing.some((f) => f.startsWith('uploads')), 'no uploads folder: they are in the dump');

  await camp(dirs.b, 'db', 'start');
  await camp(dirs.b, 'db', 'restore', archive);

  const [before, afterRestore] = await Promise.all([tables(dirs.a), tables(dirs.b)]);
  assert.ok(Object.keys(before).length >= 20, 'every table compared');
  assert.ok(Number(before.accounts.split(' ')[0]) > 0 && Number(before.questions.split(' ')[0]) > 0, 'the demo school is there');
  assert.deepEqual(afterRestore, before);
  assert.ok(Number(before.blobs.split(' ')[0]) >= fileUrls.length, 'the uploads are in the dump');
  assert.equal(readFileSync(join(dirs.b, 'jwt_secret'), 'utf8'), readFileSync(join(dirs.a, 'jwt_secret'), 'utf8'));
  assert.equal(statSync(join(dirs.b, 'jwt_secret')).mode & 0o077, 0);
  assert.match(await camp(dirs.b, 'db', 'migrate'), /up to date/);

  // B's daemon: A's token still works, the uploads are served, logins work.
  const b = await daemon(dirs.b);
  const me = await fetch(`${b.url}/api/v1/accounts/me`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(me.status, 200);
  assert.deepEqual(await uploadSums(b.url, fileUrls), sums);
  const login = await fetch(`${b.url}/api/v1/account_token`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth: { email: demoEmail, password: 'demo-pass-1234' } }),
  });
  assert.equal(login.status, 201);
  await b.stop();
});

test('restore refuses a file that is not a camp backup', async () => {
  await assert.rejects(camp(dirs.b, 'db', 'restore', join(process.env.CAMP_BIN)), /not a camp backup|tar/);
});
