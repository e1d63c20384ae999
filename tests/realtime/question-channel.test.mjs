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
  assert.equal(msg.account.nickname, mentor.nickname);
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
