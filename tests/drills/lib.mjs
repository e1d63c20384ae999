// What the fault drills share (docs/reliability.md): a PostgreSQL of their own (`camp db start`
// in a temporary data directory), daemons they start, kill and restart themselves, accounts,
// HTTP calls with a hard time limit, and a minimal ActionCable client over Node's WebSocket
// (node --experimental-websocket) that reconnects the way @rails/actioncable does.
// Needs CAMP_BIN and CAMPD_BIN (and CAMP_CONFIG), like the mail tests; scripts/test sets them.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { noisePng } from '../api/lib/images.mjs';
import { freePort } from '../api/lib/own-daemon.mjs';
import { python, smtpReceiver } from './lib/stack.mjs';

export { freePort, smtpReceiver };
export const CAMP = process.env.CAMP_BIN;
export const CAMPD = process.env.CAMPD_BIN;
if (!CAMP || !CAMPD) throw new Error('run through scripts/test (CAMP_BIN, CAMPD_BIN)');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 50 ms until it returns something truthy, for at most `ms`. */
export async function waitFor(what, check, ms = 30000) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      if (err.code === 'ERR_ASSERTION') throw err;  // a broken promise, not "not yet"
      last = err.message;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last: ${last})` : ''}`);
    await sleep(50);
  }
}

/** A PostgreSQL cluster of the drill's own: {env, url, camp(...args), sql(query), start(), stop(), remove()}. */
export function ownDatabase(name) {
  const dir = mkdtempSync(join(tmpdir(), `camp-drill-${name}-`));
  chmodSync(dir, 0o755);  // as root the cluster runs as postgres and must reach its directory
  const dbEnv = { ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: '' };
  const run = (args, env = dbEnv, input) =>
    execFileSync(CAMP, args, { env, encoding: 'utf8', input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  run(['db', 'start']);
  run(['db', 'migrate']);
  const url = run(['db', 'url']).trim();
  const cliEnv = { ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: url };
  return {
    dir, url,
    camp: (...args) => run(args, cliEnv),
    campInput: (input, ...args) => run(args, cliEnv, input),
    // The default question categories (config/categories.yaml), for drills that ask questions.
    importCategories: () => run(['categories', 'import', join(dirname(fileURLToPath(import.meta.url)), '../../config/categories.yaml')], cliEnv),
    sql: (query) => execFileSync('psql', [url, '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', query], { encoding: 'utf8' }).trim(),
    // Asynchronous: the drill's clients go on sending (and timing out) meanwhile.
    start: () => promisify(execFile)(CAMP, ['db', 'start'], { env: dbEnv }),
    stop: () => promisify(execFile)(CAMP, ['db', 'stop'], { env: dbEnv }),
    remove() {
      try { run(['db', 'stop']); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * campd on a free port with its own data directory, on `db`. `wrap` runs it through another
 * command (unshare for the full disk). {url, pid, dir, alive(), log(), kill(signal), exited, stop()}.
 */
export async function startDaemon(db, { env: extra = {}, dir, wrap = [], name = 'campd' } = {}) {
  dir ??= mkdtempSync(join(tmpdir(), `camp-drill-${name}-`));
  const listen = extra.CAMP_LISTEN ?? `127.0.0.1:${await freePort()}`;
  const url = `http://${listen}`;
  const env = {
    ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: db.url, CAMP_LISTEN: listen,
    CAMP_MAIL_DIGEST_ENABLED: 'false', ...extra,
  };
  const args = process.env.CAMP_CONFIG ? ['--config', process.env.CAMP_CONFIG] : [];
  const [cmd, ...cmdArgs] = wrap.length ? [...wrap, CAMPD, ...args] : [CAMPD, ...args];
  const child = spawn(cmd, cmdArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c) => { log += c; });
  child.stderr.on('data', (c) => { log += c; });
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const alive = () => child.exitCode === null && child.signalCode === null;
  await waitFor(`campd ready on ${url}`, async () => {
    if (!alive()) throw new Error(`campd exited:\n${log}`);
    return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200;
  });
  return {
    url, dir, child, exited, alive, log: () => log,
    kill: (signal) => child.kill(signal),
    async stop({ keepDir = false } = {}) {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => alive() && child.kill('SIGKILL'), 10000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One HTTP call with a hard limit (a hang past it fails the drill). */
export async function call(base, method, path, { token, json, body, headers = {}, timeoutMs = 10000 } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (json !== undefined) h['content-type'] = 'application/json';
  const started = Date.now();
  const res = await fetch(base + path, {
    method, headers: h, body: json !== undefined ? JSON.stringify(json) : body, signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed;
  try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  return { status: res.status, headers: res.headers, text, json: parsed, ms: Date.now() - started };
}

/** The daemon's unlabelled /metrics series (gauges such as camp_login_queue) by name. */
export async function metrics(base) {
  const res = await call(base, 'GET', '/metrics');
  if (res.status !== 200) throw new Error(`/metrics: ${res.status}`);
  return Object.fromEntries([...res.text.matchAll(/^(camp_[a-z_]+) (\d+(?:\.\d+)?)$/gm)].map((m) => [m[1], Number(m[2])]));
}

let accountCounter = 0;
/** A fresh account through the CLI, logged in through the API: {email, token, id}. */
export async function account(db, base, { role = 'student', course = 'rails_4m' } = {}) {
  const email = `drill-${process.pid}-${Date.now()}-${accountCounter++}@example.com`;
  const password = 'drill-pass-123';
  const args = ['accounts', 'create', '--email', email, '--role', role];
  if (['student', 'graduate'].includes(role)) args.push('--course', course);
  db.campInput(`${password}\n`, ...args);
  // Logins hash on a low-priority thread: on a loaded machine they may take a while.
  const res = await call(base, 'POST', '/api/v1/account_token', { json: { auth: { email, password } }, timeoutMs: 60000 });
  if (res.status !== 201) throw new Error(`login ${email}: ${res.status} ${res.text}`);
  const me = await call(base, 'GET', '/api/v1/accounts/me', { token: res.json.jwt });
  return { email, password, token: res.json.jwt, id: me.json.id };
}

/**
 * An ActionCable client: connects with the token, resubscribes `identifiers` after every
 * reconnect, records every message. On a close or a `disconnect` with reconnect: true it
 * reconnects (as @rails/actioncable's monitor does), unless closed by us.
 */
export function cableClient(base, token, identifiers) {
  const client = { messages: [], disconnects: [], welcomes: 0, confirmed: 0, open: false, closedByUs: false };
  const wsUrl = `${base.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`;
  let socket;
  const connect = () => {
    socket = new WebSocket(wsUrl, ['actioncable-v1-json']);
    socket.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'ping') return;
      client.messages.push(m);
      if (m.type === 'welcome') {
        client.welcomes++;
        client.open = true;
        for (const identifier of identifiers) socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      } else if (m.type === 'confirm_subscription') {
        client.confirmed++;
      } else if (m.type === 'disconnect') {
        client.disconnects.push(m);
      }
    };
    // A refused connection reports only an error, a dropped one an error and a close (or a
    // close alone): reconnect once per socket either way.
    let retried = false;
    const retry = () => {
      client.open = false;
      const last = client.disconnects.at(-1);
      if (retried || client.closedByUs || (last && last.reconnect === false)) return;
      retried = true;
      setTimeout(connect, 200);
    };
    socket.onclose = retry;
    socket.onerror = retry;
  };
  connect();
  client.perform = (identifier, action) =>
    socket.send(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action }) }));
  client.close = () => { client.closedByUs = true; socket.close(); };
  return client;
}

/**
 * Waits until `answerer` starting to answer on `identifier` reaches `watcher` (through the
 * daemons' LISTEN/NOTIFY). Presence announces changes only: it is toggled until one is heard.
 */
export async function presenceReaches(watcher, answerer, identifier) {
  const seen = watcher.messages.length;
  let toggles = 0;
  await waitFor('the answering broadcast', () => {
    if (toggles++ % 10 === 0) {
      answerer.perform(identifier, 'cancel_answering');
      answerer.perform(identifier, 'answering');
    }
    return watcher.messages.slice(seen).some((m) => m.message?.is_answering === true);
  }, 20000);
}

const mailTools = join(dirname(fileURLToPath(import.meta.url)), '../mail');

/** What a mail client shows of each mail in `dir` (tests/mail/inspect_mail.py): [{to, subject, text, html, list_unsubscribe, ...}]. */
export function readMails(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => join(dir, f));
  if (files.length === 0) return [];
  return JSON.parse(execFileSync(python, [join(mailTools, 'inspect_mail.py'), ...files], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/**
 * A PNG of about `bytes` bytes whose pixels are noise from `seed`: the daemon decodes it and
 * stores it encoded again, about as big (noise does not compress). `.pixels` are its pixels.
 */
export function png(bytes, seed = 0) {
  const made = noisePng(bytes, seed);
  return Object.assign(made.bytes, { pixels: made.pixels });
}

export function uploadForm(bytes, fileType = 'profile') {
  const form = new FormData();
  form.append('file_type', fileType);
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'drill.png');
  return form;
}
