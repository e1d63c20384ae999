// QuestionChannel over /cable with the official @rails/actioncable client.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { spawn } from 'node:child_process';
import { startDaemon, stopDaemon, account, login, askQuestion, watch } from './lib/harness.mjs';

let one, two, asker, mentor, tokenA, tokenM, questionId;
const open = [];

before(async () => {
  [one, two] = await Promise.all([startDaemon(), startDaemon()]);
  [asker, mentor] = await Promise.all([account('student'), account('basic_mentor')]);
  tokenA = await login(one.url, asker);
  tokenM = await login(one.url, mentor);
  questionId = await askQuestion(one.url, tokenA);
});

after(() => {
  for (const w of open) w.close();
  stopDaemon(one);
  stopDaemon(two);
});

async function watcher(daemon, token, id = questionId) {
  const w = await watch(daemon.url, token, id);
  open.push(w);
  return w;
}

const answering = (accountId, flag) => (m) => m.account?.id === accountId && m.is_answering === flag;

test('answering and cancel_answering reach every subscriber', async () => {
  const a = await watcher(one, tokenA);
  const m = await watcher(one, tokenM);
  m.sub.perform('answering');
  const msg = await a.waitFor(answering(mentor.id, true));
  assert.equal(msg.account.display_name, mentor.nickname);
  assert.ok(!('email' in msg.account), 'no e-mail in broadcasts');
  m.sub.perform('cancel_answering');
  await a.waitFor(answering(mentor.id, false));
});

test('a new subscriber first hears who is answering now', async () => {
  const m = await watcher(one, tokenM);
  m.sub.perform('answering');
  const a = await watcher(one, tokenA);
  await a.waitFor(answering(mentor.id, true));
  m.sub.perform('cancel_answering');
  await a.waitFor(answering(mentor.id, false));
});

test('two daemons on one database see each other', async () => {
  const a = await watcher(one, tokenA);
  const m = await watcher(two, await login(two.url, mentor));
  m.sub.perform('answering');
  await a.waitFor(answering(mentor.id, true));
  m.sub.perform('cancel_answering');
  await a.waitFor(answering(mentor.id, false));
});

// The open page reads the question again when told (docs/realtime.md "QuestionChannel"): every
// change of its answers and its solution is announced at commit, on every daemon, without text.
test('a new answer, its edit, the solution and the deletion reach the open page on both daemons', async () => {
  const onOne = await watcher(one, tokenA);
  const onTwo = await watcher(two, await login(two.url, asker));
  const call = async (method, path, body) => {
    const r = await fetch(`${two.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${tokenM}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    assert.ok(r.status < 300, `${method} ${path}: ${r.status}`);
    return r.status === 204 ? null : r.json();
  };
  const changed = (what, id) => (m) => m.changed === what && m.answer_id === id;
  const answer = await call('POST', `/api/v1/questions/${questionId}/answers`, { answer: { body: 'ライブで届く回答' } });
  for (const w of [onOne, onTwo]) {
    const m = await w.waitFor(changed('answer_created', answer.id));
    assert.deepEqual(Object.keys(m).sort(), ['answer_id', 'changed'], 'a signal only: the page reads the text through the API');
  }
  await call('PATCH', `/api/v1/answers/${answer.id}`, { answer: { body: '直しました' } });
  await onOne.waitFor(changed('answer_updated', answer.id));
  await call('PUT', `/api/v1/questions/${questionId}/solution`, { answer_id: answer.id });
  await onOne.waitFor(changed('solution_chosen', answer.id));
  await call('DELETE', `/api/v1/questions/${questionId}/solution`);
  await onTwo.waitFor(changed('solution_cleared', null));
  await call('DELETE', `/api/v1/answers/${answer.id}`);
  await onOne.waitFor(changed('answer_deleted', answer.id));
  // A refused change announces nothing: the next signal the page hears is the next real change.
  const heard = onOne.events.filter((m) => 'changed' in m).length;
  const bad = await fetch(`${two.url}/api/v1/questions/${questionId}/answers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenM}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ answer: { body: ' ' } }),
  });
  assert.equal(bad.status, 422);
  const next = await call('POST', `/api/v1/questions/${questionId}/answers`, { answer: { body: '二つ目' } });
  await onOne.waitFor(changed('answer_created', next.id));
  assert.deepEqual(onOne.events.filter((m) => 'changed' in m).slice(heard).map((m) => m.changed), ['answer_created']);
});

test('unsubscribing stops answering at once', async () => {
  const a = await watcher(one, tokenA);
  const m = await watcher(one, tokenM);
  m.sub.perform('answering');
  await a.waitFor(answering(mentor.id, true));
  m.sub.unsubscribe();
  await a.waitFor(answering(mentor.id, false));
});

test('a killed client disappears from presence', async () => {
  const a = await watcher(one, tokenA);
  const other = await account('advanced_mentor');
  const token = await login(one.url, other);
  // A separate process that starts answering and is then killed without a goodbye.
  const child = spawn(process.execPath, ['--input-type=module', '-e', `
    import { watch } from '${new URL('./lib/harness.mjs', import.meta.url).pathname}';
    const w = await watch(${JSON.stringify(one.url)}, ${JSON.stringify(token)}, ${questionId});
    w.sub.perform('answering');
    setInterval(() => {}, 1000);`], { env: process.env, stdio: 'ignore' });
  await a.waitFor(answering(other.id, true));
  child.kill('SIGKILL');
  await a.waitFor(answering(other.id, false));
});

test('a daemon that dies stops counting its answerers once the heartbeat expires', async () => {
  const third = await startDaemon();
  const a = await watcher(one, tokenA);
  const m = await watch(third.url, await login(third.url, mentor), questionId);
  m.sub.perform('answering');
  await a.waitFor(answering(mentor.id, true));
  third.child.kill('SIGKILL');  // its rows stay behind until they expire (presence_ttl_seconds)
  await a.waitFor(answering(mentor.id, false));
  m.close();
});

test('a missing or forged token is upgraded, then told to go away without reconnecting', async () => {
  for (const query of ['', '?token=', '?token=abc.def.ghi']) {
    const first = await new Promise((resolve, reject) => {
      const ws = new WebSocket(`${one.url.replace('http', 'ws')}/cable${query}`, ['actioncable-v1-json']);
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode} for ${query}`)));
      ws.on('message', (d) => { resolve(JSON.parse(d)); ws.close(); });
      ws.on('error', reject);
    });
    assert.deepEqual(first, { type: 'disconnect', reason: 'unauthorized', reconnect: false }, `query ${query}`);
  }
});

test('a logged-out token is told to go away without reconnecting', async () => {
  const token = await login(one.url, asker);
  await fetch(`${one.url}/api/v1/account_token`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  const first = await new Promise((resolve, reject) => {
    const ws = new WebSocket(`${one.url.replace('http', 'ws')}/cable?token=${token}`, ['actioncable-v1-json']);
    ws.on('message', (d) => { resolve(JSON.parse(d)); ws.close(); });
    ws.on('error', reject);
  });
  assert.deepEqual(first, { type: 'disconnect', reason: 'unauthorized', reconnect: false });
});

test('a foreign origin is refused', async () => {
  const status = await new Promise((resolve) => {
    const ws = new WebSocket(`${one.url.replace('http', 'ws')}/cable?token=${tokenA}`, ['actioncable-v1-json'], { origin: 'https://evil.example' });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
    ws.on('open', () => resolve('opened'));
    ws.on('error', () => {});
  });
  assert.equal(status, 403);
});

test('graduates, unknown channels and unknown questions are rejected; other subscriptions live on', async () => {
  const grad = await account('graduate');
  await assert.rejects(watch(one.url, await login(one.url, grad), questionId), /rejected/);
  await assert.rejects(watch(one.url, tokenA, 987654321), /rejected/);

  const a = await watcher(one, tokenA);
  const rejected = await new Promise((resolve) => {
    a.consumer.subscriptions.create({ channel: 'NoSuchChannel' }, { rejected: () => resolve(true) });
  });
  assert.ok(rejected);
  a.consumer.send({ command: 'subscribe', identifier: 'not json' });
  a.consumer.connection.webSocket.send('{{{ not json at all');
  const m = await watcher(one, tokenM);
  m.sub.perform('answering');
  await a.waitFor(answering(mentor.id, true));
  m.sub.perform('cancel_answering');
});
