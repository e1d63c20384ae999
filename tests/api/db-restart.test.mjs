// PostgreSQL stopped and started under a running daemon: 503 JSON while it is down (never a
// hang, never a crash), /readyz 503, and recovery afterwards with the same daemon process.
//
// Runs a SECOND daemon on its OWN embedded cluster in a temporary data directory, so the
// shared test daemon and the other test files are never disturbed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO, DEMO_PASSWORD } from './lib/client.mjs';
import { freePort } from './lib/own-daemon.mjs';

const CAMP = process.env.CAMP_BIN;
const CAMPD = process.env.CAMPD_BIN;

let dir;
let env;
let url;
let daemon;
let daemonLog = '';
let dbStarted = false;

function camp(...args) {
  try {
    return execFileSync(CAMP, args, { env, encoding: 'utf8', timeout: 120000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`camp ${args.join(' ')} failed (exit ${err.status}): ${err.stderr || err.message}`);
  }
}

/** One request with a hard 5 s limit: a hang fails the test. */
async function call(method, path, { token, json } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  const res = await fetch(url + path, {
    method, headers, body: json ? JSON.stringify(json) : undefined, signal: AbortSignal.timeout(5000),
  });
  const text = await res.text();
  let body;
  try { body = JSON.parse(text); } catch { body = undefined; }
  return { status: res.status, headers: res.headers, text, json: body };
}

function alive() {
  return daemon && daemon.exitCode === null && daemon.signalCode === null;
}

async function waitFor(what, probe, seconds) {
  const deadline = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the daemon exited (${daemon.exitCode ?? daemon.signalCode}) while waiting for ${what}; log:\n${daemonLog.slice(-3000)}`);
    try {
      last = await probe();
      if (last === true) return;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not reached within ${seconds} s (last: ${JSON.stringify(last)}); daemon log:\n${daemonLog.slice(-3000)}`);
}

before(async () => {
  assert.ok(CAMP && CAMPD, 'CAMP_BIN and CAMPD_BIN are set');
  dir = mkdtempSync(join(tmpdir(), 'camp-api-dbrestart-'));
  chmodSync(dir, 0o755); // as root, the cluster runs as postgres and must reach its directory
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = { ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: '', CAMP_LISTEN: `127.0.0.1:${port}` };

  camp('db', 'start');
  dbStarted = true;
  camp('db', 'migrate');
  camp('db', 'seed', '--demo');

  const args = process.env.CAMP_CONFIG ? ['--config', process.env.CAMP_CONFIG] : [];
  daemon = spawn(CAMPD, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  daemon.stdout.on('data', (c) => { daemonLog += c; });
  daemon.stderr.on('data', (c) => { daemonLog += c; });
  await waitFor('/readyz 200 on the second daemon', async () => (await call('GET', '/readyz')).status === 200, 30);
});

after(async () => {
  if (daemon && alive()) {
    const exited = new Promise((r) => daemon.once('exit', r));
    daemon.kill('SIGTERM');
    const timer = setTimeout(() => { if (alive()) daemon.kill('SIGKILL'); }, 10000);
    await exited;
    clearTimeout(timer);
  }
  if (dbStarted) {
    try { camp('db', 'stop'); } catch (err) { console.error(err.message); }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('database stopped → 503 JSON, /readyz 503, /healthz 200; started again → 200, same process', async () => {
  const login = async () => call('POST', '/api/v1/account_token', { json: { auth: { email: DEMO.student.email, password: DEMO_PASSWORD } } });
  const first = await login();
  assert.equal(first.status, 201, first.text);
  const token = first.json.jwt;
  assert.equal((await call('GET', '/api/v1/accounts/me', { token })).status, 200);
  const pid = daemon.pid;

  camp('db', 'stop');

  // The first request may find the broken connection, the next ones find no server: all 503.
  for (let i = 0; i < 3; i++) {
    const res = await call('GET', '/api/v1/accounts/me', { token });
    assert.equal(res.status, 503, `me #${i} while the database is down: ${res.status} ${res.text}`);
    assert.equal(res.json?.error?.code, 'unavailable', res.text);
    assert.equal(res.json.error.status, 503);
    assert.equal(res.json.error.request_id, res.headers.get('x-request-id'));
  }
  const duringLogin = await login();
  assert.equal(duringLogin.status, 503, `login while the database is down: ${duringLogin.status} ${duringLogin.text}`);
  assert.equal(duringLogin.json?.error?.code, 'unavailable');

  const ready = await call('GET', '/readyz');
  assert.equal(ready.status, 503, `/readyz while the database is down: ${ready.text}`);
  assert.equal((await call('GET', '/healthz')).status, 200, 'the process itself is alive');
  assert.ok(alive(), 'daemon still running while the database is down');

  camp('db', 'start');

  await waitFor('GET /me 200 after the database came back', async () =>
    (await call('GET', '/api/v1/accounts/me', { token })).status === 200, 15);
  assert.equal((await call('GET', '/readyz')).status, 200);
  assert.equal((await login()).status, 201, 'logins work again');
  assert.ok(alive(), 'the daemon did not restart or exit');
  assert.equal(daemon.pid, pid);
  process.kill(pid, 0); // throws if the process is gone
});
