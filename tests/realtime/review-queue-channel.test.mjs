// ReviewQueueChannel over /cable with the official @rails/actioncable client: mentors hear
// every change to the review queue, from any daemon; students and trial are rejected.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConsumer } from '@rails/actioncable';
import { startDaemon, stopDaemon, account, login, camp, patiently } from './lib/harness.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let one, two, student, trial, mentor, admin;
const open = [];

// The fixture curriculum (task 901), imported together with the real content when present
// (an import deletes what its directory lacks).
function importTestCurriculum() {
  const dir = mkdtempSync(join(tmpdir(), 'camp-curriculum-'));
  for (const base of [join(ROOT, 'config', 'curriculum'), join(ROOT, 'tests', 'fixtures', 'curriculum')]) {
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base))
      if (statSync(join(base, name)).isDirectory() && !existsSync(join(dir, name))) symlinkSync(join(base, name), join(dir, name));
  }
  try {
    execFileSync(camp, ['curriculum', 'import', dir], { env: process.env, stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

before(async () => {
  importTestCurriculum();
  [one, two] = await Promise.all([startDaemon(), startDaemon()]);
  [student, trial, mentor, admin] = await Promise.all([account('student'), account('trial'), account('basic_mentor'), account('admin')]);
});

after(() => {
  for (const c of open) c.disconnect();
  stopDaemon(one);
  stopDaemon(two);
});

function subscribe(base, token) {
  const consumer = createConsumer(`${base.replace('http', 'ws')}/cable?token=${token}`);
  open.push(consumer);
  const events = [];
  const waiters = [];
  const subscribed = new Promise((resolve, reject) => {
    consumer.subscriptions.create({ channel: 'ReviewQueueChannel' }, {
      connected: () => resolve(),
      rejected: () => { consumer.disconnect(); reject(new Error('rejected')); },
      received: (data) => {
        events.push(data);
        for (const w of [...waiters]) if (w.pred(data)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(data); }
      },
    });
  });
  const waitFor = (pred) => {
    const found = events.find(pred);
    if (found) return Promise.resolve(found);
    return patiently(new Promise((resolve) => waiters.push({ pred, resolve })), () => `nothing matched: ${JSON.stringify(events)}`);
  };
  return { subscribed, waitFor };
}

async function call(base, token, method, path, json) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

test('a mentor hears created, claimed, released and reviewed, also from another daemon', async () => {
  const mentorToken = await login(one.url, mentor);
  const q = subscribe(one.url, mentorToken);
  await q.subscribed;
  const studentToken = await login(two.url, student);
  const submitted = await call(two.url, studentToken, 'POST', '/api/v1/tasks/901/submissions', { submission: { repository_url: 'https://github.com/rt/page' } });
  assert.equal(submitted.status, 201);
  const id = submitted.json.id;
  assert.deepEqual(await q.waitFor((m) => m.submission_id === id && m.event === 'created'), { event: 'created', submission_id: id });

  const adminToken = await login(two.url, admin);
  assert.equal((await call(two.url, adminToken, 'POST', `/api/v1/submissions/${id}/claim`)).status, 200);
  await q.waitFor((m) => m.submission_id === id && m.event === 'claimed');
  assert.equal((await call(two.url, adminToken, 'DELETE', `/api/v1/submissions/${id}/claim`)).status, 200);
  await q.waitFor((m) => m.submission_id === id && m.event === 'released');
  const reviewed = await call(one.url, mentorToken, 'POST', `/api/v1/submissions/${id}/reviews`, { review: { status: 'approved', comment: '合格です' } });
  assert.equal(reviewed.status, 201);
  await q.waitFor((m) => m.submission_id === id && m.event === 'reviewed');
});

test('students and trial accounts are rejected', async () => {
  for (const who of [student, trial]) {
    const s = subscribe(one.url, await login(one.url, who));
    await assert.rejects(s.subscribed, /rejected/);
  }
  const ok = subscribe(one.url, await login(one.url, admin));
  await ok.subscribed;
});
