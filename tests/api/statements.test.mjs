// The statement budget of the hot routes: how many statements each request of the school-day mix
// (bench/school_day.mjs) sends to PostgreSQL, BEGIN and COMMIT included, read from the daemon's
// /metrics (camp_http_db_statements_total). A count, not a timing: it does not depend on the
// machine's load, so a change that adds a statement to a hot route fails here, and one that
// removes a statement is told to lower the budget in statement-budget.json, which stays the
// record of what each route costs.
//
// A daemon and a demo database of this test's own: other test files' writes would invalidate
// its caches (through LISTEN/NOTIFY) and add statements to the count.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { DEMO, DEMO_PASSWORD, campEnv } from './lib/client.mjs';
import { sharedDatabaseUrl, startOwnDaemon } from './lib/own-daemon.mjs';

const budget = JSON.parse(readFileSync(new URL('./statement-budget.json', import.meta.url), 'utf8')).routes;
const database = `camp_statements_${process.pid}`;
const sharedUrl = sharedDatabaseUrl();
const ownUrl = sharedUrl.replace(/dbname=('[^']*'|\S+)/, `dbname=${database}`);
let daemon;

const psql = (url, sql) => execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql, url], { encoding: 'utf8' }).trim();

before(async () => {
  psql(sharedUrl, `CREATE DATABASE ${database}`);
  const env = campEnv({ CAMP_DATABASE_URL: ownUrl });
  for (const args of [['db', 'migrate'], ['db', 'seed', '--demo']])
    execFileSync(process.env.CAMP_BIN, args, { env, stdio: 'ignore' });
  daemon = await startOwnDaemon({ name: 'statements', env: { CAMP_DATABASE_URL: ownUrl } });
});

after(async () => {
  await daemon?.stop();
  psql(sharedUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

async function call(method, path, token, json) {
  const res = await fetch(daemon.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  assert.ok(res.status < 300, `${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

// The route's statements so far; null until it has served a request. Labels are the router's
// patterns ("/api/v1/questions/{id:int}"), written here as in the contract ("{id}").
async function statementsSoFar(route) {
  const text = await (await fetch(`${daemon.url}/metrics`)).text();
  for (const line of text.split('\n')) {
    const m = /^camp_http_db_statements_total\{method="([A-Z]+)",route="([^"]+)"\} (\d+)$/.exec(line);
    if (m && `${m[1]} ${m[2].replace(/\{(\w+):\w+\}/g, '{$1}')}` === route) return Number(m[3]);
  }
  return null;
}

// The statements of one request: the fewest over a few (the first may fill a cache).
async function measure(route, request, times = 4) {
  let fewest = Infinity;
  for (let i = 0; i < times; ++i) {
    const before = (await statementsSoFar(route)) ?? 0;
    await request();
    const after = await statementsSoFar(route);
    assert.notEqual(after, null, `/metrics has no statements line for ${route}`);
    fewest = Math.min(fewest, after - before);
  }
  return fewest;
}

async function token(who) {
  const res = await fetch(`${daemon.url}/api/v1/account_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: DEMO[who].email, password: DEMO_PASSWORD } }),
  });
  assert.equal(res.status, 201);
  return (await res.json()).jwt;
}

test('every hot route sends exactly the statements of its budget', async (t) => {
  const student = await token('student');
  const mentor = await token('advanced_mentor');
  const admin = await token('admin');
  const ids = (sql) => psql(ownUrl, sql).split('\n').filter(Boolean).map(Number);
  const [questionId] = ids('SELECT id FROM questions ORDER BY id DESC LIMIT 1');
  const [eventId] = ids(`SELECT id FROM events WHERE status = 'published' ORDER BY id LIMIT 1`);
  const [categoryId] = ids('SELECT id FROM question_categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1');
  const [submissionId] = ids('SELECT id FROM submissions ORDER BY id LIMIT 1');
  const taskIds = ids(`SELECT t.id FROM tasks t WHERE NOT EXISTS (SELECT 1 FROM submissions s JOIN accounts a ON a.id = s.account_id
    WHERE s.task_id = t.id AND a.email = '${DEMO.student.email}') ORDER BY t.id LIMIT 4`);
  let n = 0;

  const routes = {
    'GET /api/v1/accounts/me': () => call('GET', '/api/v1/accounts/me', student),
    'GET /api/v1/questions': () => call('GET', '/api/v1/questions?page=1', student),
    'GET /api/v1/questions/{id}': () => call('GET', `/api/v1/questions/${questionId}`, student),
    'POST /api/v1/questions': () =>
      call('POST', '/api/v1/questions', student, { question: { category_id: categoryId, title: `朝の質問 ${++n}`, body: 'マイグレーションでエラーが出ます。' } }),
    'POST /api/v1/questions/{id}/answers': () =>
      call('POST', `/api/v1/questions/${questionId}/answers`, mentor, { answer: { body: 'db/schema.rb を確認してみてください。' } }),
    'GET /api/v1/events': () => call('GET', '/api/v1/events', student),
    'GET /api/v1/events/unread_count': () => call('GET', '/api/v1/events/unread_count', student),
    'GET /api/v1/events/{id}': () => call('GET', `/api/v1/events/${eventId}`, student),
    'GET /api/v1/curriculums': () => call('GET', '/api/v1/curriculums', student),
    'GET /api/v1/mypage': () => call('GET', '/api/v1/mypage', student),
    'GET /api/v1/notifications/unread_count': () => call('GET', '/api/v1/notifications/unread_count', student),
    'GET /api/v1/submissions': () => call('GET', '/api/v1/submissions', mentor),
    'GET /api/v1/submissions/{id}': () => call('GET', `/api/v1/submissions/${submissionId}`, mentor),
    'GET /api/v1/dashboard': () => call('GET', '/api/v1/dashboard', admin),
  };
  // Keyword search is the same route as the list; it is measured on its own (its own budget line).
  const measured = {};
  for (const [route, request] of Object.entries(routes)) measured[route] = await measure(route, request);
  measured['GET /api/v1/questions?keywords='] = await measure('GET /api/v1/questions', () =>
    call('GET', `/api/v1/questions?keywords=${encodeURIComponent('マイグレーション')}`, student));
  // A submission per task (a task takes one open submission per student).
  let task = 0;
  measured['POST /api/v1/tasks/{id}/submissions'] = await measure('POST /api/v1/tasks/{id}/submissions', () =>
    call('POST', `/api/v1/tasks/${taskIds[task++]}/submissions`, student, { submission: { repository_url: `https://github.com/demo-student/task-${task}` } }));

  for (const [route, statements] of Object.entries(measured)) t.diagnostic(`${String(statements).padStart(3)}  ${route}`);
  const over = Object.entries(measured).filter(([r, s]) => !(r in budget) || s > budget[r]);
  const under = Object.entries(measured).filter(([r, s]) => s < budget[r]);
  assert.deepEqual(over.map(([r, s]) => `${r}: ${s} > ${budget[r]}`), [], 'a hot route sends more statements than its budget');
  assert.deepEqual(under.map(([r, s]) => `${r}: ${s} < ${budget[r]}`), [],
    'fewer statements than the budget: lower it in tests/api/statement-budget.json (and say so in bench/RESULTS.md)');
  assert.deepEqual(Object.keys(budget).filter((r) => !(r in measured)), [], 'a budget line for a route this test does not measure');
});
