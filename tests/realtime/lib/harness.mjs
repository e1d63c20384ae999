// Daemons of our own on the harness's database (CAMP_DATA_DIR / CAMP_DATABASE_URL / CAMP_CONFIG
// from scripts/test), short presence expiry and small queues so the edge cases come quickly.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import net from 'node:net';
import WebSocket from 'ws';
import { createConsumer, adapters } from '@rails/actioncable';

// The official client expects a browser: give it the few globals it touches.
globalThis.WebSocket = WebSocket;
globalThis.addEventListener ??= () => {};
globalThis.removeEventListener ??= () => {};
globalThis.document ??= { visibilityState: 'visible' };
adapters.WebSocket = WebSocket;

export const camp = process.env.CAMP_BIN;
const campd = process.env.CAMPD_BIN;
if (!camp || !campd || !process.env.CAMP_DATA_DIR) throw new Error('run through scripts/test (CAMP_BIN, CAMPD_BIN, CAMP_DATA_DIR)');

export const limits = { ttl: 4, sendQueue: 65536, maxMessage: 16384 };

// The tests wait for events (a frame, a log line, a state the daemon reports), never for a
// fixed time. PATIENCE_MS only bounds a wait for an event that never comes, so that a failure
// names what was missing instead of hitting the runner's timeout; it measures nothing.
export const PATIENCE_MS = 20000;

// Rejects with `message()` unless `promise` settles within PATIENCE_MS.
export function patiently(promise, message) {
  let timer;
  const guard = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message())), PATIENCE_MS); });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

// Checks `check` (async) again and again until it holds. Each check is a round trip to a
// daemon, so this waits for a state, not for a time.
export async function until(check, what) {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise(setImmediate);
  }
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// A daemon of our own; resolves once it says it listens (its log, at info level). `log()` is
// everything it wrote, `waitForLog(re)` resolves when a line matches.
export async function startDaemon(extraEnv = {}) {
  const port = await freePort();
  const env = {
    ...process.env,
    CAMP_LISTEN: `127.0.0.1:${port}`,
    CAMP_CABLE_PRESENCE_TTL_SECONDS: String(limits.ttl),
    CAMP_CABLE_SEND_QUEUE_BYTES: String(limits.sendQueue),
    CAMP_CABLE_MAX_MESSAGE_BYTES: String(limits.maxMessage),
    CAMP_LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child = spawn(campd, [], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const waiters = [];
  child.stderr.on('data', (d) => {
    log += d;
    for (const w of [...waiters]) if (w.re.test(log)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  });
  const waitForLog = (re) => (re.test(log) ? Promise.resolve()
    : patiently(new Promise((resolve) => waiters.push({ re, resolve })), () => `no log line ${re}: ${log.slice(-2000)}`));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([waitForLog(/listening on http:/),
      exited.then((code) => { throw new Error(`campd exited (${code})`); })]);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`campd did not start: ${e.message}: ${log}`);
  }
  return { url, child, port, log: () => log, waitForLog };
}

export function stopDaemon(d) {
  if (d && d.child.exitCode === null) d.child.kill('SIGKILL');
}

// camp_cable_connections from the daemon's /metrics.
export async function cableConnections(daemon) {
  const text = await (await fetch(`${daemon.url}/metrics`)).text();
  return Number(text.match(/camp_cable_connections (\d+)/)[1]);
}

export function rssKiB(pid) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Number(m[1]);
}

let seq = 0;
export async function account(role = 'student', course = 'rails_4m') {
  const email = `rt-${process.pid}-${Date.now()}-${++seq}@example.com`;
  const args = ['accounts', 'create', '--email', email, '--role', role, '--nickname', `RT ${role} ${seq}`, '--json'];
  if (['student', 'graduate'].includes(role)) args.push('--course', course);
  const out = execFileSync(camp, args, { input: 'pass-word-123\n' });
  return { ...JSON.parse(out), password: 'pass-word-123' };
}

export async function login(base, who) {
  const r = await fetch(`${base}/api/v1/account_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.77' },
    body: JSON.stringify({ auth: { email: who.email, password: who.password } }),
  });
  if (r.status !== 201) throw new Error(`login ${r.status}`);
  return (await r.json()).jwt;
}

export async function askQuestion(base, token) {
  const auth = { Authorization: `Bearer ${token}` };
  const cats = await (await fetch(`${base}/api/v1/categories`, { headers: auth })).json();
  const r = await fetch(`${base}/api/v1/questions`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ question: { category_id: cats.data[0].lists[0].id, title: `リアルタイム ${Date.now()}`, body: '本文' } }),
  });
  if (r.status !== 201) throw new Error(`ask ${r.status} ${await r.text()}`);
  return (await r.json()).id;
}

// A consumer subscribed to QuestionChannel; resolves once confirmed. `events` collects
// every message received; waitFor(pred) resolves with the first matching one.
export async function watch(base, token, questionId) {
  const consumer = createConsumer(`${base.replace('http', 'ws')}/cable?token=${token}`);
  const events = [];
  const waiters = [];
  const sub = await new Promise((resolve, reject) => {
    const s = consumer.subscriptions.create({ channel: 'QuestionChannel', id: questionId }, {
      connected: () => resolve(s),
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
    return patiently(new Promise((resolve) => waiters.push({ pred, resolve })),
      () => `no matching message; got ${JSON.stringify(events)}`);
  };
  return { consumer, sub, events, waitFor, close: () => consumer.disconnect() };
}

// A raw websocket handshake over TCP, for what no well-behaved client would send. The socket
// keeps reading: `received` is everything after the 101 head (latin1), `until(text)` resolves
// once it holds `text`.
export function rawUpgrade(port, token) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /cable?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Protocol: actioncable-v1-json\r\n\r\n');
    });
    let head = '';
    let upgraded = false;
    const waiters = [];
    socket.received = '';
    socket.until = (text) => (socket.received.includes(text) ? Promise.resolve()
      : patiently(new Promise((res) => waiters.push({ text, resolve: res })), () => `never received ${text}`));
    socket.on('data', (d) => {
      if (upgraded) {
        socket.received += d.toString('latin1');
      } else {
        head += d.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head));
        upgraded = true;
        socket.received = head.slice(end + 4);
        resolve(socket);
      }
      for (const w of [...waiters]) if (socket.received.includes(w.text)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
    });
    socket.on('error', reject);
  });
}

// A masked client frame (opcode 1 = text).
export function frame(text, opcode = 1) {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header = payload.length < 126 ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
    : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 126]), Buffer.from([payload.length >> 8, payload.length & 255])]);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([header, mask, masked]);
}

// A raw /cable client (the ws package): every frame it receives, parsed, pings left out;
// `nextPing()` resolves at the server's next ping.
export function rawCable(base, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`, ['actioncable-v1-json']);
    const frames = [];
    const waiters = [];
    let pingWaiters = [];
    ws.on('message', (d) => {
      const m = JSON.parse(d);
      if (m.type === 'ping') {
        for (const w of pingWaiters) w(m);
        pingWaiters = [];
        return;
      }
      frames.push(m);
      for (const w of [...waiters]) if (w.pred(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(m); }
    });
    const closed = new Promise((r) => ws.on('close', r));
    const waitFor = (pred) => {
      const found = frames.find(pred);
      if (found) return Promise.resolve(found);
      return patiently(new Promise((res) => waiters.push({ pred, resolve: res })),
        () => `no matching frame; got ${JSON.stringify(frames)}`);
    };
    const nextPing = () => patiently(new Promise((res) => pingWaiters.push(res)), () => 'no ping');
    const send = (command, identifier, data) => ws.send(JSON.stringify({ command, identifier: JSON.stringify(identifier), ...(data ? { data: JSON.stringify(data) } : {}) }));
    ws.on('open', () => resolve({ ws, frames, waitFor, nextPing, send, closed, close: () => ws.close() }));
    ws.on('error', reject);
  });
}

// Signs claims with the daemons' own key (data_dir/jwt_secret of the harness), as HS256.
export function signToken(claims) {
  const secret = readFileSync(`${process.env.CAMP_DATA_DIR}/jwt_secret`, 'utf8').trim();
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export function claimsOf(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

export function databaseUrl() {
  return execFileSync(camp, ['db', 'url']).toString().trim();
}
