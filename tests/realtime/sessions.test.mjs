// /cable sessions follow the HTTP ones: logout, `camp sessions revoke`, a role change and
// token expiry end the account's websockets on every daemon, with ActionCable's
// {"type":"disconnect","reason":"unauthorized","reconnect":false}, and the official client stops
// for good (its connection monitor is stopped: nothing would reconnect it). While PostgreSQL is down a new connection is told to retry (reconnect: true).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsumer } from '@rails/actioncable';
import {
  startDaemon, stopDaemon, account, login, askQuestion, rawCable, signToken, claimsOf, camp,
} from './lib/harness.mjs';

const UNAUTHORIZED = { type: 'disconnect', reason: 'unauthorized', reconnect: false };
let one, two, questionId;

before(async () => {
  [one, two] = await Promise.all([startDaemon(), startDaemon()]);
  const asker = await account('student');
  questionId = await askQuestion(one.url, await login(one.url, asker));
});

after(() => {
  stopDaemon(one);
  stopDaemon(two);
});

// The official client on `daemon`, counting its connects and disconnects; `gone` resolves with
// the first disconnect's details ({willAttemptReconnect}).
async function official(daemon, token) {
  const consumer = createConsumer(`${daemon.url.replace('http', 'ws')}/cable?token=${token}`);
  const seen = { connected: 0, disconnected: 0, rejected: 0 };
  let disconnected;
  const gone = new Promise((resolve) => { disconnected = resolve; });
  await new Promise((resolve, reject) => {
    consumer.subscriptions.create({ channel: 'QuestionChannel', id: questionId }, {
      connected: () => { seen.connected++; resolve(); },
      disconnected: (details) => { seen.disconnected++; disconnected(details); },
      rejected: () => { seen.rejected++; reject(new Error('rejected')); },
    });
  });
  return { consumer, seen, gone };
}

// The official client has stopped for good: told not to reconnect, its monitor (the only thing
// that would reopen the connection) is stopped.
function stoppedForGood(client, details) {
  assert.deepEqual(details, { willAttemptReconnect: false });
  assert.equal(client.consumer.connection.isOpen(), false);
  assert.equal(client.consumer.connection.monitor.isRunning(), false, 'the client stopped trying');
}

// Opens a raw and an official client on each daemon, ends the session with `end`, and checks
// that all four hear "unauthorized, no reconnect" and stay away.
async function endsEverywhere(who, token, end) {
  const raws = [await rawCable(one.url, token), await rawCable(two.url, token)];
  await Promise.all(raws.map((r) => r.waitFor((m) => m.type === 'welcome')));
  const clients = [await official(one, token), await official(two, token)];
  await end();
  for (const r of raws) {
    assert.deepEqual(await r.waitFor((m) => m.type === 'disconnect'), UNAUTHORIZED);
    await r.closed;
  }
  for (const c of clients) {
    stoppedForGood(c, await c.gone);
    assert.equal(c.seen.disconnected, 1, 'disconnected once');
    assert.equal(c.seen.connected, 1, 'never reconnected');
    c.consumer.disconnect();
  }
}

test('logout on one daemon ends the websockets on both, for good', async () => {
  const who = await account('student');
  const token = await login(one.url, who);
  await endsEverywhere(who, token, async () => {
    const r = await fetch(`${one.url}/api/v1/account_token`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    assert.equal(r.status, 204);
  });
});

test('`camp sessions revoke` ends the websockets on both daemons', async () => {
  const who = await account('student');
  const token = await login(one.url, who);
  await endsEverywhere(who, token, async () => { execFileSync(camp, ['sessions', 'revoke', '--account', who.email]); });
});

test('a role change ends the websockets on both daemons', async () => {
  const who = await account('student');
  const token = await login(one.url, who);
  await endsEverywhere(who, token, async () => { execFileSync(camp, ['accounts', 'set-role', who.email, 'graduate']); });
});

test('another session of the same account ending leaves this one connected', async () => {
  const who = await account('student');
  const kept = await login(one.url, who);
  const ended = await login(one.url, who);
  const raw = await rawCable(two.url, kept);
  const canary = await rawCable(two.url, ended);  // ends with its session: daemon two has re-checked
  await Promise.all([raw, canary].map((c) => c.waitFor((m) => m.type === 'welcome')));
  await fetch(`${one.url}/api/v1/account_token`, { method: 'DELETE', headers: { Authorization: `Bearer ${ended}` } });
  assert.deepEqual(await canary.waitFor((m) => m.type === 'disconnect'), UNAUTHORIZED);
  // The kept connection's re-check was queued with the canary's, before this command: had it
  // failed, the disconnect would come first.
  raw.send('subscribe', { channel: 'QuestionChannel', id: questionId });
  await raw.waitFor((m) => m.type === 'confirm_subscription');
  assert.ok(!raw.frames.some((m) => m.type === 'disconnect'), JSON.stringify(raw.frames));
  raw.close();
});

test('a token that expires while connected ends the websocket at its exp', async () => {
  const who = await account('student');
  const claims = claimsOf(await login(one.url, who));
  const token = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 });
  const raws = [await rawCable(one.url, token), await rawCable(two.url, token)];
  await Promise.all(raws.map((r) => r.waitFor((m) => m.type === 'welcome')));
  for (const r of raws) assert.deepEqual(await r.waitFor((m) => m.type === 'disconnect'), UNAUTHORIZED);
});

test('an expired token is upgraded, told unauthorized without reconnect, and the official client stops', async () => {
  const who = await account('student');
  const claims = claimsOf(await login(one.url, who));
  const token = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 });
  const raw = await rawCable(one.url, token);
  assert.deepEqual(await raw.waitFor((m) => m.type === 'disconnect'), UNAUTHORIZED);
  const consumer = createConsumer(`${one.url.replace('http', 'ws')}/cable?token=${token}`);
  let connected = 0;
  const details = await new Promise((resolve) => {
    consumer.subscriptions.create({ channel: 'QuestionChannel', id: questionId }, {
      connected: () => { connected++; },
      disconnected: resolve,
    });
  });
  stoppedForGood({ consumer }, details);
  assert.equal(connected, 0);
  consumer.disconnect();
});

test('while PostgreSQL is down a new connection is told to come back later, not unauthorized', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'camp-rt-dbdown-'));
  chmodSync(dir, 0o755);
  const env = { ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: '' };
  const run = (...args) => execFileSync(camp, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let daemon;
  try {
    run('db', 'start');
    run('db', 'migrate');
    run('db', 'seed', '--demo');
    daemon = await startDaemon({ CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: '' });
    const token = await login(daemon.url, { email: 'student@example.com', password: 'demo-pass-1234' });
    run('db', 'stop');
    const raw = await rawCable(daemon.url, token);
    assert.deepEqual(await raw.waitFor((m) => m.type === 'disconnect'),
      { type: 'disconnect', reason: 'server_restart', reconnect: true });
  } finally {
    stopDaemon(daemon);
    try { run('db', 'stop'); } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true });
  }
});
