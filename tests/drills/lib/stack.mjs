// The scale-out stack of docs/deploy.md for the drills: a private PostgreSQL, PgBouncer in
// transaction mode in front of it (docs/deploy/pgbouncer.ini, with a session-mode entry for the
// LISTEN connections), N campd behind HAProxy (docs/deploy/haproxy.cfg, run as it is), and a
// raw /cable client that reconnects. With `separateHosts` (the default) each daemon is a host
// of its own: its own network namespace, reached over a veth pair with private addresses that
// exist only while the stack runs, and its own empty data directory with the keys the
// operator hands out (no disk shared with the others or with the database).
// Needs CAMP_BIN and CAMPD_BIN (scripts/test sets them), and root for the namespaces.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..', '..');
// The websocket client of the realtime tests (npm --prefix tests/realtime ci).
const WebSocket = createRequire(join(root, 'tests/realtime/package.json'))('ws');
const run = promisify(execFile);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function until(what, check, ms = 5000, every = 50) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(every);
  }
}

// Debian's interpreter, where python3-aiosmtpd is installed (not a pyenv or venv python on PATH).
export const python = process.env.CAMP_TEST_PYTHON ?? '/usr/bin/python3';

/**
 * A real SMTP server (tests/mail/receiver.py, aiosmtpd) on `address` writing each mail into
 * `dir`: its child process, once it listens.
 */
export function smtpReceiver(port, dir, address = '127.0.0.1') {
  const child = spawn(python, [join(root, 'tests/mail/receiver.py'), String(port), dir, address], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited ${code}`)));
    child.stdout.on('data', (c) => { if (String(c).includes('ready')) resolve(child); });
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const portOpen = (port) => new Promise((resolve) => {
  const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); });
  s.on('error', () => resolve(false));
});

// A child process whose output is kept for the failure message.
function child(cmd, args, env = process.env) {
  const p = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  p.stdout.on('data', (c) => { log += c; });
  p.stderr.on('data', (c) => { log += c; });
  return { p, log: () => log, alive: () => p.exitCode === null && p.signalCode === null };
}

// docs/deploy/pgbouncer.ini with the drill's own values put in place of the production ones.
function pgbouncerIni(databases, overrides) {
  const out = [];
  let section = '';
  const seen = new Set();
  for (const line of readFileSync(join(root, 'docs/deploy/pgbouncer.ini'), 'utf8').split('\n')) {
    const header = line.match(/^\[(\w+)\]/);
    if (header) {
      if (section === 'pgbouncer') for (const [k, v] of Object.entries(overrides)) if (!seen.has(k)) out.push(`${k} = ${v}`);
      section = header[1];
      out.push(line);
      if (section === 'databases') out.push(databases);
      continue;
    }
    const kv = line.match(/^(\w+)\s*=/);
    if (kv && section === 'databases') continue;
    if (kv && section === 'pgbouncer' && kv[1] in overrides) {
      seen.add(kv[1]);
      out.push(`${kv[1]} = ${overrides[kv[1]]}`);
      continue;
    }
    out.push(line);
  }
  if (section === 'pgbouncer') for (const [k, v] of Object.entries(overrides)) if (!seen.has(k)) out.push(`${k} = ${v}`);
  return out.join('\n');
}

/**
 * Starts the stack: {proxyUrl, daemons: [{url, port, child}], directUrl, bouncerUrl, camp(),
 * psql(), haproxyStat(), kill(i), stop()}. `daemonEnv` is added to every daemon's environment;
 * `postgresSettings` ({name: value}) go into PostgreSQL's configuration before it serves anyone.
 * `poolMode` is PgBouncer's for the daemons: 'transaction' (prepared statements off) or 'session'
 * (prepared statements on; `poolSize` must then hold every daemon's pool: docs/deploy.md).
 */
export async function startStack({ daemons: count = 3, daemonEnv = {}, poolSize = 6, poolMode = 'transaction', bouncer: withBouncer = true, proxy: withProxy = true, proxyMaxconn = 500, postgresSettings = {}, separateHosts = true } = {}) {
  if (!['transaction', 'session'].includes(poolMode)) throw new Error(`poolMode: ${poolMode}`);
  if (separateHosts && process.getuid() !== 0) throw new Error('separate hosts need root (network namespaces); run as root or pass separateHosts: false');
  const dir = mkdtempSync(join(tmpdir(), 'camp-drill-'));
  const side = mkdtempSync(join(tmpdir(), 'camp-drill-side-'));  // for pgbouncer, which runs as postgres under root
  chmodSync(side, 0o777);
  const procs = [];
  const baseEnv = { ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: '' };
  // Whatever starts from here on is stopped again if a later step fails.
  const stack = { dir, procs, hosts: [] };
  stack.stop = async () => {
    for (const c of procs.reverse()) if (c.alive()) c.p.kill('SIGKILL');
    await sleep(50);
    for (const h of stack.hosts) {
      try { execFileSync('ip', ['netns', 'delete', h.ns], { stdio: 'ignore' }); } catch { /* gone */ }  // its veth goes with it
      rmSync(h.dir, { recursive: true, force: true });
    }
    try { execFileSync(process.env.CAMP_BIN, ['db', 'stop'], { env: baseEnv, stdio: 'ignore' }); } catch { /* already gone */ }
    rmSync(dir, { recursive: true, force: true });
    rmSync(side, { recursive: true, force: true });
  };

  try {
    execFileSync(process.env.CAMP_BIN, ['db', 'start'], { env: baseEnv });
    const directUrl = execFileSync(process.env.CAMP_BIN, ['db', 'url'], { env: baseEnv, encoding: 'utf8' }).trim();
    if (Object.keys(postgresSettings).length) {  // ALTER SYSTEM, then a restart (preloaded libraries need one)
      for (const [name, value] of Object.entries(postgresSettings))
        execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-v', `value=${value}`, directUrl], { input: `ALTER SYSTEM SET ${name} = :'value';\n` });
      execFileSync(process.env.CAMP_BIN, ['db', 'stop'], { env: baseEnv });
      execFileSync(process.env.CAMP_BIN, ['db', 'start'], { env: baseEnv });
    }
    execFileSync(process.env.CAMP_BIN, ['db', 'migrate'], { env: baseEnv });
    const socketDir = directUrl.match(/host='([^']+)'/)[1];

    const cliEnv = { ...baseEnv, CAMP_DATABASE_URL: directUrl };
    Object.assign(stack, { directUrl, socketDir });
    stack.camp = async (...args) => (await run(process.env.CAMP_BIN, args, { env: cliEnv, encoding: 'utf8' })).stdout;
    stack.psql = async (sql) => (await run('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql, directUrl], { encoding: 'utf8' })).stdout.trim();
    // The operator's keys, in the stack's folder (where the CLI reads them too); each daemon gets
    // a copy in its own data directory.
    writeFileSync(join(dir, 'jwt_secret'), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'questionnaire_keys'), `1 ${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    // The hosts: a namespace each, linked to this one by a veth pair (10.X.i.1 here, 10.X.i.2
    // there; X from the process id, so that two stacks at once do not collide).
    if (separateHosts) {
      const net = 100 + (process.pid % 150);
      for (let i = 0; i < count; i++) {
        const tag = `${process.pid % 100000}x${i}`;
        const h = { ns: `camp${tag}`, here: `10.${net}.${i + 1}.1`, there: `10.${net}.${i + 1}.2`,
          dir: mkdtempSync(join(tmpdir(), `camp-drill-host${i}-`)) };
        stack.hosts.push(h);
        const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
        ip('netns', 'add', h.ns);
        ip('link', 'add', `cv${tag}`, 'type', 'veth', 'peer', 'name', `cv${tag}n`);
        ip('link', 'set', `cv${tag}n`, 'netns', h.ns);
        ip('addr', 'add', `${h.here}/30`, 'dev', `cv${tag}`);
        ip('link', 'set', `cv${tag}`, 'up');
        ip('netns', 'exec', h.ns, 'ip', 'addr', 'add', `${h.there}/30`, 'dev', `cv${tag}n`);
        ip('netns', 'exec', h.ns, 'ip', 'link', 'set', `cv${tag}n`, 'up');
        ip('netns', 'exec', h.ns, 'ip', 'link', 'set', 'lo', 'up');
        for (const key of ['jwt_secret', 'questionnaire_keys']) copyFileSync(join(dir, key), join(h.dir, key));
      }
    }

    // PgBouncer, transaction mode, few server connections: the daemons' transactions share them.
    const bouncerPort = withBouncer ? await freePort() : 0;
    if (withBouncer) {
      writeFileSync(join(side, 'userlist.txt'), '"camp" ""\n');
      const ini = join(side, 'pgbouncer.ini');
      // camp_session: the LISTEN connections' entry (session mode), for hosts that reach
      // PostgreSQL only through PgBouncer.
      const writeIni = (socket) => {
        const databases = `camp = host=${socket} port=5432 dbname=camp user=camp pool_mode=${poolMode}\n` +
          `camp_session = host=${socket} port=5432 dbname=camp user=camp pool_mode=session`;
        writeFileSync(ini, pgbouncerIni(databases, {
          listen_addr: ['127.0.0.1', ...stack.hosts.map((h) => h.here)].join(','), listen_port: bouncerPort, unix_socket_dir: '', auth_type: 'trust',
          auth_file: join(side, 'userlist.txt'), logfile: join(side, 'pgbouncer.log'), pidfile: join(side, 'pgbouncer.pid'),
          default_pool_size: poolSize, reserve_pool_size: 0,
        }));
        chmodSync(ini, 0o644);
      };
      writeIni(socketDir);
      // A failover (docs/deploy.md): PgBouncer's entries to the new primary, and a reload.
      stack.moveDatabase = (socket) => {
        writeIni(socket);
        process.kill(stack.bouncerPid, 'SIGHUP');
      };
      const bouncer = child('pgbouncer', [...(process.getuid() === 0 ? ['-u', 'postgres'] : []), ini]);
      procs.push(bouncer);
      await until('pgbouncer', async () => {
        if (!bouncer.alive()) throw new Error(`pgbouncer exited: ${bouncer.log()}`);
        return portOpen(bouncerPort);
      }, 10000);
      stack.bouncerPid = bouncer.p.pid;
    }
    stack.bouncerUrl = `host=127.0.0.1 port=${bouncerPort} dbname=camp user=camp`;
    stack.bouncerLog = () => { try { return readFileSync(join(side, 'pgbouncer.log'), 'utf8'); } catch { return ''; } };

    stack.daemons = [];
    for (let i = 0; i < count; i++) {
      const host = stack.hosts[i];
      // On a host of its own: its address, its data directory, the keys given to it, and the
      // database only through PgBouncer (the LISTEN connection through its session entry).
      const address = host ? host.there : '127.0.0.1';
      const port = host ? 8080 : await freePort();
      const bouncerAt = host ? host.here : '127.0.0.1';
      const env = {
        ...baseEnv,
        // On a host of its own, every address of it (its veth and its loopback, for /metrics).
        CAMP_LISTEN: `${host ? '0.0.0.0' : address}:${port}`,
        ...(host ? {
          CAMP_DATA_DIR: host.dir,
          CAMP_JWT_SECRET_FILE: join(host.dir, 'jwt_secret'),
          CAMP_QUESTIONNAIRES_KEY_FILE: join(host.dir, 'questionnaire_keys'),
        } : {}),
        ...(withBouncer ? {
          CAMP_DATABASE_URL: `host=${bouncerAt} port=${bouncerPort} dbname=camp user=camp`,
          CAMP_SESSION_DATABASE_URL: host ? `host=${bouncerAt} port=${bouncerPort} dbname=camp_session user=camp` : directUrl,
          CAMP_DATABASE_PREPARED_STATEMENTS: poolMode === 'session' ? 'true' : 'false',
        } : { CAMP_DATABASE_URL: directUrl }),
        CAMP_WORKERS: '4',
        CAMP_LOG_LEVEL: 'warn',
        ...(typeof daemonEnv === 'function' ? daemonEnv(bouncerAt) : daemonEnv),
      };
      const d = host ? child('ip', ['netns', 'exec', host.ns, process.env.CAMPD_BIN], env) : child(process.env.CAMPD_BIN, [], env);
      procs.push(d);
      stack.daemons.push({ url: `http://${address}:${port}`, port, child: d, host });
      if (host) namespaces.set(`http://${address}:${port}`, host.ns);
    }
    for (const d of stack.daemons) {
      await until(`campd on ${d.url}`, async () => {
        if (!d.child.alive()) throw new Error(`campd exited: ${d.child.log()}`);
        try { return (await fetch(`${d.url}/readyz`)).status === 200; } catch { return false; }
      }, 30000);
    }

    if (!withProxy) return stack;
    // HAProxy with docs/deploy/haproxy.cfg as it is.
    const proxyPort = await freePort();
    const statsSocket = join(side, 'haproxy.sock');
    const backends = Object.fromEntries(stack.daemons.map((d, i) => [`CAMP_BACKEND_${i + 1}`, d.url.replace('http://', '')]));
    const haproxy = child('haproxy', ['-db', '-f', join(root, 'docs/deploy/haproxy.cfg')], {
      ...process.env, CAMP_PROXY_BIND: `127.0.0.1:${proxyPort}`, CAMP_PROXY_STATS_SOCKET: statsSocket, CAMP_PROXY_MAXCONN: String(proxyMaxconn), ...backends,
    });
    procs.push(haproxy);
    stack.haproxyPid = haproxy.p.pid;
    stack.proxyUrl = `http://127.0.0.1:${proxyPort}`;
    stack.haproxyLog = haproxy.log;
    // `show stat` of the admin socket, as {server name: {status, check_status, ...}}.
    stack.haproxyStat = () => new Promise((resolve, reject) => {
      const s = net.connect(statsSocket, () => s.write('show stat\n'));
      let text = '';
      s.on('data', (c) => { text += c; });
      s.on('error', reject);
      s.on('end', () => {
        const [head, ...rows] = text.trim().split('\n');
        const cols = head.replace(/^# /, '').split(',');
        const out = {};
        for (const r of rows) {
          const v = r.split(',');
          const o = Object.fromEntries(cols.map((c, i) => [c, v[i]]));
          if (o.pxname === 'campd') out[o.svname] = o;
        }
        resolve(out);
      });
    });
    await until('HAProxy to see every daemon UP', async () => {
      if (!haproxy.alive()) throw new Error(`haproxy exited: ${haproxy.log()}`);
      try {
        const st = await stack.haproxyStat();
        return stack.daemons.every((_, i) => st[`camp${i + 1}`]?.status === 'UP');
      } catch { return false; }
    }, 10000);
    return stack;
  } catch (e) {
    await stack.stop();
    throw e;
  }
}

let seq = 0;
export async function account(stack, role = 'student') {
  const email = `drill-${process.pid}-${++seq}@example.com`;
  const args = ['accounts', 'create', '--email', email, '--role', role, '--nickname', `ドリル${seq}`, '--json'];
  if (role === 'student') args.push('--course', 'rails_4m');
  const out = await new Promise((resolve, reject) => {
    const p = execFile(process.env.CAMP_BIN, args, { env: { ...process.env, CAMP_DATA_DIR: stack.dir, CAMP_DATABASE_URL: stack.directUrl } },
      (err, stdout) => (err ? reject(err) : resolve(stdout)));
    p.stdin.end('pass-word-123\n');
  });
  return { ...JSON.parse(out), password: 'pass-word-123' };
}

// A session of `who` as a login makes it (a sessions row and a token signed with the daemons'
// key), without the password hash: the login lane hashes at the lowest CPU priority, which a
// busy CI machine can starve for many seconds, and logging in is not what the drills test.
let sessions = 0;
export async function session(stack, who) {
  const jti = `drill-${process.pid}-${++sessions}`;
  await stack.psql(`INSERT INTO sessions (id, account_id, expires_at) VALUES ('${jti}', ${Number(who.id)}, now() + interval '1 day')`);
  const secret = readFileSync(join(stack.dir, 'jwt_secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(who.id), role: who.role, jti, iat: now, exp: now + 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export async function login(base, who) {
  const r = await fetch(`${base}/api/v1/account_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth: { email: who.email, password: who.password } }),
  });
  if (r.status !== 201) throw new Error(`login ${r.status} ${await r.text()}`);
  return (await r.json()).jwt;
}

export async function askQuestion(base, token, categoryId, title) {
  const r = await fetch(`${base}/api/v1/questions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ question: { category_id: categoryId, title, body: 'ドリルの本文' } }),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

export async function firstCategory(base, token) {
  const cats = await (await fetch(`${base}/api/v1/categories`, { headers: { Authorization: `Bearer ${token}` } })).json();
  return cats.data[0].lists[0].id;
}

/**
 * A raw ActionCable client (actioncable-v1-json) that subscribes to `identifiers` after each
 * welcome and, with `reconnect`, opens a new connection 100 ms after any close, as the web
 * app's client does (later). `ready` is true while every subscription is confirmed.
 */
export function cable(base, token, identifiers, { reconnect = false } = {}) {
  const c = { frames: [], waiters: [], ready: false, connects: 0, closedFor: null, stopped: false };
  const url = `${base.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`;
  const open = () => {
    const ws = new WebSocket(url, ['actioncable-v1-json']);
    c.ws = ws;
    let confirmed = 0;
    ws.on('message', (d) => {
      const m = JSON.parse(d);
      if (m.type === 'ping') return;
      if (m.type === 'welcome') {
        c.connects++;
        for (const id of identifiers) ws.send(JSON.stringify({ command: 'subscribe', identifier: JSON.stringify(id) }));
      }
      if (m.type === 'confirm_subscription' && ++confirmed === identifiers.length) c.ready = true;
      c.frames.push(m);
      for (const w of [...c.waiters]) if (w.pred(m)) { c.waiters.splice(c.waiters.indexOf(w), 1); w.resolve(m); }
    });
    ws.on('error', () => {});
    ws.on('close', (code) => {
      c.ready = false;
      c.closedFor = code;
      if (reconnect && !c.stopped) setTimeout(open, 100);
    });
  };
  open();
  c.perform = (identifier, action) => c.ws.send(JSON.stringify({ command: 'message', identifier: JSON.stringify(identifier), data: JSON.stringify({ action }) }));
  c.waitFor = (pred, ms = 1000) => {
    const found = c.frames.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve };
      c.waiters.push(w);
      setTimeout(() => {
        if (c.waiters.includes(w)) { c.waiters.splice(c.waiters.indexOf(w), 1); reject(new Error(`no matching frame within ${ms} ms`)); }
      }, ms);
    });
  };
  c.close = () => { c.stopped = true; c.ws.close(); };
  return c;
}

// Daemon URL -> the network namespace of its host: /metrics answers loopback clients only, so
// a host's metrics are read on that host, as its own scraper would.
const namespaces = new Map();

export async function metric(daemonUrl, name) {
  const ns = namespaces.get(daemonUrl);
  const text = ns
    ? (await run('ip', ['netns', 'exec', ns, 'curl', '-sS', '--max-time', '5', 'http://127.0.0.1:8080/metrics'], { encoding: 'utf8' })).stdout
    : await (await fetch(`${daemonUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? Number(line.split(' ').pop()) : 0;
}
