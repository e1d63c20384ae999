// HTTP limits: one client flooding the daemon with connections, trickling a request byte by
// byte (slowloris) or sending oversized bodies leaves other users' requests served. A daemon
// of our own that trusts no proxy, with a small per-address cap and a short read timeout; the
// attacker is 127.0.0.1, the other user 127.0.0.2 (the whole of 127/8 is loopback).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { request } from 'node:http';
import { startOwnDaemon } from './lib/own-daemon.mjs';

const PER_ADDRESS = 8;
const READ_TIMEOUT = 2;
let daemon;

before(async () => {
  daemon = await startOwnDaemon({
    name: 'limits',
    env: {
      CAMP_TRUSTED_PROXIES: '',
      CAMP_HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      CAMP_HTTP_READ_TIMEOUT_SECONDS: String(READ_TIMEOUT),
    },
  });
});

after(async () => { await daemon?.stop(); });

/** A GET from the other user's address, on a fresh connection: resolves {status}. */
function otherUser(path = '/healthz') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: daemon.port, path, localAddress: '127.0.0.2', agent: false, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    req.on('timeout', () => req.destroy(new Error(`other user's ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** A raw socket from the attacker's address; resolves once connected (or closed at once). */
function attackerSocket() {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port: daemon.port, localAddress: '127.0.0.1' });
    s.state = { closedAt: null, data: '' };
    s.on('data', (d) => { s.state.data += d.toString('latin1'); });
    s.on('close', () => { s.state.closedAt = Date.now(); });
    s.on('error', () => {});
    s.on('connect', () => resolve(s));
  });
}

test('a connection flood from one address is capped; another address is served throughout', async () => {
  const sockets = [];
  for (let i = 0; i < PER_ADDRESS * 4; i++) sockets.push(await attackerSocket());
  await new Promise((r) => setTimeout(r, 300));
  const open = sockets.filter((s) => s.state.closedAt === null).length;
  assert.ok(open <= PER_ADDRESS, `at most ${PER_ADDRESS} of the attacker's connections stay open (${open})`);
  for (let i = 0; i < 10; i++) assert.equal((await otherUser()).status, 200);
  for (const s of sockets) s.destroy();
});

test('a slowloris client is cut off after the read timeout; others are served meanwhile', async () => {
  const slow = [];
  for (let i = 0; i < PER_ADDRESS; i++) {
    const s = await attackerSocket();
    s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    slow.push(s);
  }
  const started = Date.now();
  const trickle = setInterval(() => { for (const s of slow) if (!s.destroyed) s.write('X-A: b\r\n'); }, 300);
  try {
    for (let i = 0; i < 5; i++) assert.equal((await otherUser()).status, 200);
    while (slow.some((s) => s.state.closedAt === null) && Date.now() - started < (READ_TIMEOUT + 3) * 1000)
      await new Promise((r) => setTimeout(r, 100));
  } finally {
    clearInterval(trickle);
  }
  for (const s of slow) {
    assert.ok(s.state.closedAt !== null, 'the trickling connection was closed');
    assert.ok(s.state.closedAt - started < (READ_TIMEOUT + 2) * 1000, 'within the read timeout (+ timer granularity)');
    assert.ok(!s.state.data.startsWith('HTTP/1.1 200'), 'it never got its answer');
  }
  // Its slots are free again.
  const again = await attackerSocket();
  again.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await new Promise((r) => again.on('close', r));
  assert.match(again.state.data, /^HTTP\/1\.1 200/);
});

test('a declared body over every limit is cut at the headers, without reading it', async () => {
  const s = await attackerSocket();
  s.write(`POST /api/v1/questions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n{`);
  await new Promise((r) => s.on('close', r));
  assert.ok(!s.state.data.includes('200'), s.state.data);
  assert.equal((await otherUser()).status, 200);
});

test('a JSON route refuses a body over the JSON limit with 413 before authentication; the upload route takes more', async () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  const send = (path) => fetch(`${daemon.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"a":"${big}"}` });
  const json = await send('/api/v1/questions');
  assert.equal(json.status, 413);
  assert.equal((await json.json()).error.code, 'payload_too_large');
  const other = await send('/api/v1/account_token');
  assert.equal(other.status, 413);
  // 2 MiB is within the upload route's limit: it gets as far as authentication.
  const upload = await send('/api/v1/file_upload');
  assert.equal(upload.status, 401);
  // A body on a GET of the web app is held to the JSON limit too.
  const page = await fetch(`${daemon.url}/questions`, { method: 'GET' });
  assert.equal(page.status, 200);
  assert.equal((await otherUser()).status, 200);
});
