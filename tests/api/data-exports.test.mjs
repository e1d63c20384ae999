// "My data" (docs/privacy.md "My data export"): an account asks for a ZIP of what the school holds
// about it (202), the daemon's worker builds it, the owner downloads it (Debian's unzip reads
// it), a second request within the interval is 429 with Retry-After, another account's id is
// 404, bad input gets the documented JSON errors, an expired export is 404 with its message,
// and every request and download is in the audit log without personal data.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, assertError, assertStatus, createAndLogin } from './lib/client.mjs';
import { TASKS, importTestCurriculum } from './lib/curriculum.mjs';
import { sharedDatabaseUrl } from './lib/own-daemon.mjs';

const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const limits = readJson('../../lib/core/limits.json');
const messages = readJson('../../lib/core/messages.ja.json');

const PATH = '/api/v1/accounts/me/data_exports';
const dir = mkdtempSync(join(tmpdir(), 'camp-data-exports-'));
let alice, bob, admin;

const psql = (sql) =>
  execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql, sharedDatabaseUrl()], { encoding: 'utf8' }).trim();

before(async () => {
  importTestCurriculum();
  alice = await createAndLogin({ role: 'student', course: 'rails_4m', nickname: 'データ 花子' });
  bob = await createAndLogin({ role: 'student', course: 'rails_4m', nickname: 'データ 次郎' });
  admin = await createAndLogin({ role: 'admin' });
  for (const [who, name] of [[alice, 'alice-own-work'], [bob, 'bob-other-work']]) {
    const res = await api('POST', `/api/v1/tasks/${TASKS.firstPage}/submissions`, {
      token: who.token, json: { submission: { repository_url: `https://github.com/example/${name}-${who.account.id}` } },
    });
    assertStatus(res, 201);
  }
});

/** The account's export `id` once the worker has built it (it polls the list, as the settings do). */
async function ready(who, id) {
  for (let i = 0; i < 600; i++) {
    const res = await api('GET', PATH, { token: who.token });
    assertStatus(res, 200);
    const row = res.json.data.find((e) => e.id === id);
    assert.ok(row, `export ${id} is listed`);
    if (row.status !== 'pending') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`export ${id} was not built`);
}

/** One file of a ZIP, read by Debian's unzip. */
function unzip(bytes, name) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  return execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' });
}

let aliceExport;
let aliceDownloads = 0; // each one is audited

test('request (202), built by the worker, downloaded by its owner: own data only', async () => {
  const res = await api('POST', PATH, { token: alice.token });
  assertStatus(res, 202);
  assert.equal(res.json.status, 'pending');
  // Not built yet or built already: never the bytes of a pending one.
  const early = await api('GET', `${PATH}/${res.json.id}/download`, { token: alice.token });
  assert.ok(early.status === 200 || early.status === 409, early.text);
  if (early.status === 200) aliceDownloads += 1; // the worker was quicker than this request
  if (early.status === 409) assert.equal(assertError(early, 409).message, messages.data_export_not_ready);

  const row = await ready(alice, res.json.id);
  assert.equal(row.status, 'ready');
  assert.ok(row.expires_at > row.ready_at, 'it expires after it was built');
  aliceExport = row.id;

  const file = await api('GET', `${PATH}/${row.id}/download`, { token: alice.token });
  if (file.status === 200) aliceDownloads += 1;
  assertStatus(file, 200);
  assert.equal(file.headers.get('content-type'), 'application/zip');
  assert.match(file.headers.get('content-disposition'), new RegExp(`attachment; filename="camp-data-${alice.account.id}-\\d{8}\\.zip"`));
  assert.equal(file.headers.get('cache-control'), 'no-store');
  const listing = execFileSync('unzip', ['-Z1', (writeFileSync(join(dir, 'list.zip'), file.bytes), join(dir, 'list.zip'))], { encoding: 'utf8' });
  for (const name of ['README.txt', 'profile.json', 'submissions.json', 'submissions.csv', 'questions.json', 'answers.json',
    'events.csv', 'notifications.json', 'questionnaire_answers.json', 'sessions.csv'])
    assert.ok(listing.split('\n').includes(name), `${name} in the ZIP`);
  const submissions = JSON.parse(unzip(file.bytes, 'submissions.json'));
  assert.deepEqual(submissions.map((s) => s.repository_url), [`https://github.com/example/alice-own-work-${alice.account.id}`]);
  for (const name of ['submissions.json', 'submissions.csv', 'profile.json', 'notifications.json'])
    assert.ok(!unzip(file.bytes, name).includes('bob-other-work'), `no other student's data in ${name}`);
  const profile = JSON.parse(unzip(file.bytes, 'profile.json'));
  assert.equal(profile.account.display_name, 'データ 花子');
  assert.equal(profile.account.email, alice.account.email);
  // Sessions without token material: the JWT and its id are nowhere in the ZIP.
  const sessions = unzip(file.bytes, 'sessions.csv');
  assert.match(sessions, /^created_at,expires_at,revoked_at,client_address,user_agent\r\n/);
  assert.ok(!sessions.includes(alice.token.split('.')[1]));
  assert.match(unzip(file.bytes, 'README.txt'), /あなたのデータ/);
});

test('a second request within the interval: 429 with Retry-After and the Japanese message', async () => {
  const res = await api('POST', PATH, { token: alice.token });
  const e = assertError(res, 429);
  assert.equal(e.message, messages.data_export_rate_limited.replace('{hours}', String(limits.data_export_interval_hours_min)));
  const retry = Number(res.headers.get('retry-after'));
  assert.ok(retry > 0 && retry <= limits.data_export_interval_hours_min * 3600, `Retry-After ${retry}`);
});

test("another account's export id, unknown and huge ids: 404, never the bytes", async () => {
  for (const path of [`${PATH}/${aliceExport}/download`, `${PATH}/999999999999/download`, `${PATH}/9223372036854775807/download`,
    `${PATH}/99999999999999999999999/download`, `${PATH}/-1/download`, `${PATH}/abc/download`]) {
    const res = await api('GET', path, { token: bob.token });
    assertError(res, 404);
    assert.ok(!res.text.includes('PK'), 'no ZIP bytes');
  }
  assertError(await api('GET', `${PATH}/${aliceExport}/download`), 401);
  assertError(await api('POST', PATH), 401);
  const list = await api('GET', PATH, { token: bob.token });
  assertStatus(list, 200);
  assert.ok(!list.json.data.some((e) => e.id === aliceExport), "another's export is not listed");
});

test('bad bodies: the documented JSON errors, never a 500, and nothing requested', async () => {
  const cases = [
    [{ body: '{"broken', headers: { 'content-type': 'application/json' } }, 400],
    [{ json: [1, 2] }, 400],
    [{ json: 'text' }, 400],
    [{ json: 12345678901234567890 }, 400],
    [{ body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), headers: { 'content-type': 'application/json' } }, 400],
    [{ body: '{}', headers: { 'content-type': 'text/plain' } }, 415],
    [{ body: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } }, 413],
  ];
  for (const [opts, status] of cases) assertError(await api('POST', PATH, { token: bob.token, ...opts }), status);
  const list = await api('GET', PATH, { token: bob.token });
  assert.deepEqual(list.json.data, [], 'no request was made');
});

test('expired: the bytes are deleted and the download answers 404 with its message', async () => {
  const res = await api('POST', PATH, { token: bob.token, json: {} });
  assertStatus(res, 202);
  await ready(bob, res.json.id);
  psql(`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = ${res.json.id}`);
  const e = assertError(await api('GET', `${PATH}/${res.json.id}/download`, { token: bob.token }), 404);
  assert.equal(e.message, messages.data_export_expired);
  assert.equal(psql(`SELECT status || ':' || (zip IS NULL) FROM data_exports WHERE id = ${res.json.id}`), 'expired:true');
  const list = await api('GET', PATH, { token: bob.token });
  assert.equal(list.json.data.find((x) => x.id === res.json.id).status, 'expired');
});

test('requests and downloads are audited, without e-mail or name', async () => {
  const log = await api('GET', '/api/v1/audit_logs?per=100', { token: admin.token });
  assertStatus(log, 200);
  const mine = log.json.data.filter((e) => e.subject === `account:${alice.account.id}`);
  const downloads = Array(aliceDownloads).fill('data_export.downloaded');
  assert.ok(aliceDownloads >= 1);
  assert.deepEqual(mine.map((e) => e.action).sort(), [...downloads, 'data_export.requested']);
  for (const e of mine) {
    assert.equal(e.actor_id, alice.account.id);
    assert.ok(!JSON.stringify(e).includes(alice.account.email), 'no e-mail in the row');
    assert.ok(!JSON.stringify(e).includes('データ'), 'no name in the row');
  }
});
