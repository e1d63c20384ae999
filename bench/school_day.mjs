// A school day at 9:00 (figures in bench/RESULTS.md): a login burst, then
// a fixed arrival rate of a realistic request mix (question browsing and search, questions and
// answers, submissions and reviews, events and joins) while 2,000 students keep a /cable
// websocket open, against one daemon (direct PostgreSQL) or three behind HAProxy with PgBouncer
// (the set-up of docs/deploy.md, started by tests/drills/lib/stack.mjs): in transaction mode with
// prepared statements off, with --pool-mode session in session mode with them on, or with
// --pool-mode none straight to PostgreSQL.
//
//   node bench/school_day.mjs [--daemons 1|3] [--pool-mode transaction|session|none] [--rate 500] [--seconds 60]
//                             [--warmup 10] [--sockets 2000] [--profile 1]
//
// --profile 1 loads pg_stat_statements and prints the ten statements that took PostgreSQL the
// most time per second of the mix (execution time: on this CPU-bound set-up, its CPU).
//
// Open loop: requests leave on schedule whether or not earlier ones came back, and latency is
// measured from the scheduled time (no coordinated omission). wrk cannot do this per route (its
// Lua sees no per-request time), hence node's http client with a keep-alive pool.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

import { cable, root, sleep, startStack, until } from '../tests/drills/lib/stack.mjs';
import { signToken } from './lib/client.mjs';

// `--name value`: a number, or a string when the default is one.
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return dflt;
  return typeof dflt === 'string' ? process.argv[i + 1] : Number(process.argv[i + 1]);
};
const DAEMONS = arg('daemons', 1);
const RATE = arg('rate', 500);
const SECONDS = arg('seconds', 60);
const SOCKETS = arg('sockets', 2000);
const WARMUP = arg('warmup', 10);
const PROFILE = arg('profile', 0) === 1;
const POOL_MODE = arg('pool-mode', 'transaction');
const LOGIN_NOTE = 'the login lane hashes at nice 19: on a busy machine it gets little CPU';
process.env.CAMP_BIN ??= join(root, 'build/bin/camp');
process.env.CAMPD_BIN ??= join(root, 'build/bin/campd');
delete process.env.CAMP_CONFIG;  // the product defaults, plus what follows

const log = (...a) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

// The statements that took PostgreSQL the most time per second of the mix, and the totals.
async function printProfile(wall, requests) {
  const top = (await stack.psql(`SELECT round((total_exec_time / ${wall})::numeric, 1), calls, round((1000 * total_exec_time / calls)::numeric), rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 10`)).split('\n');
  const [ms, calls] = (await stack.psql('SELECT round(sum(total_exec_time)::numeric), sum(calls) FROM pg_stat_statements')).split('|').map(Number);
  console.log(`\nPostgreSQL (pg_stat_statements over the mix): ${(ms / wall).toFixed(0)} ms of execution per second, ${(calls / requests).toFixed(2)} statements per request (BEGIN and COMMIT included; the websockets' and background work's too). The ten that cost the most:\n`);
  console.log('| ms per s | calls | mean µs | rows | statement |');
  console.log('|---:|---:|---:|---:|---|');
  for (const line of top) {
    const [perSecond, n, mean, rowCount, ...rest] = line.split('|');
    const text = rest.join('|');  // the statement's own bars
    console.log(`| ${perSecond} | ${n} | ${mean} | ${rowCount} | \`${text.replaceAll('|', '\\|').replaceAll('`', "'")}\` |`);
  }
}

// ---- the stack and its data -------------------------------------------------------------
const stack = await startStack({
  daemons: DAEMONS, bouncer: DAEMONS > 1 && POOL_MODE !== 'none', proxy: DAEMONS > 1, proxyMaxconn: 8000,
  poolMode: POOL_MODE === 'none' ? 'transaction' : POOL_MODE,
  // Session mode holds a server connection per client connection: room for every daemon's pool.
  poolSize: POOL_MODE === 'session' ? 100 : 20,
  // On loopback, as every figure in bench/RESULTS.md was measured (the drills run the daemons
  // as separate hosts, where each request also crosses a veth pair).
  separateHosts: false,
  daemonEnv: {
    CAMP_WORKERS: '0',
    CAMP_LOG_LEVEL: 'warn',
    CAMP_TRUSTED_PROXIES: '127.0.0.1',   // the load comes from one address (as from a proxy)
    CAMP_HTTP_MAX_CONNECTIONS: '4096',
    CAMP_MAIL_DIGEST_ENABLED: 'false',
  },
  postgresSettings: PROFILE ? { shared_preload_libraries: 'pg_stat_statements' } : {},
});
const base = DAEMONS > 1 ? stack.proxyUrl : stack.daemons[0].url;
let exitCode = 0;
try {
  log(`stack up: ${DAEMONS} daemon(s) at ${base}; seeding`);
  await stack.camp('db', 'seed', '--demo');
  const psqlFile = (file, vars) => execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...Object.entries(vars).flatMap(([k, v]) => ['-v', `${k}=${v}`]), '-f', join(root, 'bench', file), stack.directUrl], { stdio: ['ignore', 'ignore', 'inherit'] });
  psqlFile('search-seed.sql', { rows: 20000 });
  psqlFile('events-seed.sql', { rows: 300, capacity: 1000, joiners: SOCKETS });
  // What autovacuum does about a minute after a bulk load, done now: otherwise it lands in the
  // middle of the measured mix (a second-long stall on two busy cores) and no school sees it.
  await stack.psql('VACUUM ANALYZE');
  await stack.psql(`INSERT INTO sessions (id, account_id, expires_at) SELECT 'bench-' || id, id, now() + interval '1 day' FROM accounts WHERE role <> 'student' AND NOT EXISTS (SELECT 1 FROM sessions WHERE id = 'bench-' || accounts.id)`);

  const secret = readFileSync(join(stack.dir, 'jwt_secret'), 'utf8').trim();
  const sign = (id, role) => signToken(secret, id, role, { seconds: 7200 });
  const rows = async (sql) => (await stack.psql(sql)).split('\n').filter(Boolean).map((l) => l.split('|'));
  const students = (await rows(`SELECT id FROM accounts WHERE email LIKE 'bench-join-%' ORDER BY id`)).map(([id]) => sign(id, 'student'));
  const mentors = (await rows(`SELECT id, role FROM accounts WHERE role IN ('admin', 'basic_mentor', 'advanced_mentor') ORDER BY id`)).map(([id, role]) => sign(id, role));
  const admins = (await rows(`SELECT id FROM accounts WHERE role = 'admin' ORDER BY id`)).map(([id]) => sign(id, 'admin'));
  const questionIds = (await rows('SELECT id FROM questions ORDER BY id DESC LIMIT 500')).map(([id]) => Number(id));
  const eventIds = (await rows(`SELECT id FROM events WHERE status = 'published' ORDER BY id DESC LIMIT 50`)).map(([id]) => Number(id));
  const bigEvent = Number((await rows(`SELECT id FROM events WHERE title = '満席テスト'`))[0][0]);
  const categoryId = Number((await rows('SELECT id FROM question_categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1'))[0][0]);
  const taskIds = (await rows(`SELECT t.id FROM tasks t ORDER BY t.id LIMIT 3`)).map(([id]) => Number(id));
  const submissionIds = (await rows(`SELECT id FROM submissions ORDER BY id`)).map(([id]) => Number(id));
  log(`${students.length} students, ${mentors.length} staff, ${questionIds.length} questions, tasks ${taskIds}, ${submissionIds.length} submissions`);

  // ---- the HTTP client ------------------------------------------------------------------
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const target = new URL(base);
  const stats = new Map();  // route -> {times: [], errors, statuses}
  const seconds = [];  // second of the mix -> the latencies of the requests scheduled in it
  let mixStart = null;
  function call(route, method, path, token, body) {
    const scheduled = performance.now();
    return new Promise((resolve) => {
      const data = body ? JSON.stringify(body) : null;
      const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) };
      const req = http.request({ host: target.hostname, port: target.port, method, path, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const s = stats.get(route) ?? stats.set(route, { times: [], errors: 0, statuses: {} }).get(route);
          s.times.push(performance.now() - scheduled);
          if (mixStart !== null && !route.includes('9:00')) (seconds[Math.floor((scheduled - mixStart) / 1000)] ??= []).push(performance.now() - scheduled);
          if (res.statusCode >= 400) { s.errors++; s.statuses[res.statusCode] = (s.statuses[res.statusCode] ?? 0) + 1; }
          let parsed = null;
          try { parsed = JSON.parse(Buffer.concat(chunks)); } catch { /* not JSON */ }
          resolve({ status: res.statusCode, body: parsed });
        });
      });
      req.setTimeout(10000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        const s = stats.get(route) ?? stats.set(route, { times: [], errors: 0, statuses: {} }).get(route);
        s.errors++; s.statuses.network = (s.statuses.network ?? 0) + 1;
        resolve({ status: 0 });
      });
      if (data) req.write(data);
      req.end();
    });
  }
  const pick = (a) => a[Math.floor(Math.random() * a.length)];
  const words = ['Rails', 'マイグレーション', 'ルーティング', 'エラーが出る', 'RSpec', 'デプロイ', 'ログイン', 'Devise'];
  let studentCursor = 0;
  const nextStudent = () => students[studentCursor++ % students.length];
  const joined = new Set();
  const newSubmissions = [];
  let submitter = 0;

  // The mix: [weight, route label, action]. Reads dominate, as in the school's access logs.
  const mix = [
    [12, 'GET /api/v1/accounts/me', () => call('GET /api/v1/accounts/me', 'GET', '/api/v1/accounts/me', nextStudent())],
    [18, 'GET /api/v1/questions', () => call('GET /api/v1/questions', 'GET', `/api/v1/questions?page=${1 + Math.floor(Math.random() * 3)}`, nextStudent())],
    [8, 'GET /api/v1/questions?keywords=', () => call('GET /api/v1/questions?keywords=', 'GET', `/api/v1/questions?keywords=${encodeURIComponent(pick(words))}`, nextStudent())],
    [16, 'GET /api/v1/questions/{id}', () => call('GET /api/v1/questions/{id}', 'GET', `/api/v1/questions/${pick(questionIds)}`, nextStudent())],
    [3, 'POST /api/v1/questions', () => call('POST /api/v1/questions', 'POST', '/api/v1/questions', nextStudent(), { question: { category_id: categoryId, title: `朝の質問 ${Date.now()}`, body: 'マイグレーションでエラーが出ます。' } })],
    [3, 'POST /api/v1/questions/{id}/answers', () => call('POST /api/v1/questions/{id}/answers', 'POST', `/api/v1/questions/${pick(questionIds)}/answers`, pick(mentors), { answer: { body: 'db/schema.rb を確認してみてください。' } })],
    [8, 'GET /api/v1/events', () => call('GET /api/v1/events', 'GET', '/api/v1/events', nextStudent())],
    [6, 'GET /api/v1/events/unread_count', () => call('GET /api/v1/events/unread_count', 'GET', '/api/v1/events/unread_count', nextStudent())],
    [4, 'GET /api/v1/events/{id}', () => call('GET /api/v1/events/{id}', 'GET', `/api/v1/events/${pick(eventIds)}`, nextStudent())],
    [3, 'POST|DELETE /api/v1/events/{id}/participation', () => {
      const i = Math.floor(Math.random() * students.length);
      const leave = joined.has(i);
      if (leave) joined.delete(i); else joined.add(i);
      return call('POST|DELETE /api/v1/events/{id}/participation', leave ? 'DELETE' : 'POST', `/api/v1/events/${bigEvent}/participation`, students[i]);
    }],
    [5, 'GET /api/v1/curriculums', () => call('GET /api/v1/curriculums', 'GET', '/api/v1/curriculums', nextStudent())],
    [2, 'POST /api/v1/tasks/{id}/submissions', async () => {
      const who = submitter++;
      const r = await call('POST /api/v1/tasks/{id}/submissions', 'POST', `/api/v1/tasks/${taskIds[who % taskIds.length]}/submissions`, students[Math.floor(who / taskIds.length) % students.length],
        { submission: { repository_url: `https://github.com/bench-student-${who}/rails-practice` } });
      const id = r.body?.id ?? r.body?.submission?.id;
      if (r.status === 201 && id) newSubmissions.push(id);
    }],
    [4, 'GET /api/v1/submissions', () => call('GET /api/v1/submissions', 'GET', '/api/v1/submissions', pick(mentors))],
    [3, 'GET /api/v1/submissions/{id}', () => call('GET /api/v1/submissions/{id}', 'GET', `/api/v1/submissions/${pick(submissionIds)}`, pick(mentors))],
    [2, 'POST /api/v1/submissions/{id}/claim', () => {
      const id = newSubmissions.shift();
      if (!id) return call('GET /api/v1/submissions', 'GET', '/api/v1/submissions', pick(mentors));
      return call('POST /api/v1/submissions/{id}/claim', 'POST', `/api/v1/submissions/${id}/claim`, pick(admins));
    }],
  ];
  const total = mix.reduce((a, [w]) => a + w, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const m of mix) if ((r -= m[0]) < 0) return m[2];
    return mix[0][2];
  };

  // ---- 9:00: the login burst --------------------------------------------------------------
  const demo = { email: 'student@example.com', password: 'demo-pass-1234' };
  const loginStart = performance.now();
  const LOGINS = arg('logins', 200);
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next++ < LOGINS) await call('POST /api/v1/account_token (9:00 burst)', 'POST', '/api/v1/account_token', null, { auth: demo });
  }));
  const loginSeconds = (performance.now() - loginStart) / 1000;
  log(`${LOGINS} logins in ${loginSeconds.toFixed(1)} s`);

  // ---- 2,000 websockets -------------------------------------------------------------------
  const sockets = [];
  for (let i = 0; i < SOCKETS; i++) {
    sockets.push(cable(base, students[i % students.length], [{ channel: 'QuestionChannel', id: questionIds[i % 50] }]));
    if (i % 100 === 99) await until(`${i + 1} websockets`, () => sockets.every((s) => s.ready), 30000, 20);
  }
  await until('every websocket subscribed', () => sockets.every((s) => s.ready), 30000, 50);
  log(`${SOCKETS} websockets open and subscribed`);

  // ---- CPU of every server process ----------------------------------------------------------
  const ticks = (pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch { return 0; }
  };
  const postgresPids = () => {
    const master = Number(readFileSync(join(stack.dir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    const all = [master];
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try { if (readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(master)) all.push(Number(p)); } catch { /* gone */ }
    }
    return all;
  };
  const groups = () => ({
    campd: stack.daemons.map((d) => d.child.p.pid),
    postgres: postgresPids(),
    haproxy: stack.haproxyPid ? [stack.haproxyPid] : [],
    pgbouncer: stack.bouncerPid ? [stack.bouncerPid] : [],
  });
  const snapshot = () => Object.fromEntries(Object.entries(groups()).map(([k, pids]) => [k, Object.fromEntries(pids.map((p) => [p, ticks(p)]))]));

  // ---- the mix at RATE req/s -------------------------------------------------------------------
  // Open loop for `seconds`: requests leave on schedule whatever came back.
  const run = async (seconds) => {
    const begin = performance.now();
    const pending = [];
    let sent = 0;
    while (performance.now() - begin < seconds * 1000) {
      const due = Math.floor(((performance.now() - begin) / 1000) * RATE);
      for (; sent < due; sent++) pending.push(choose()());
      await sleep(5);
    }
    await Promise.all(pending);
  };
  // A school's daemons have run for hours: the first seconds open every daemon's pooled database
  // connections (and, behind PgBouncer, its server connections) and fill its caches. Not counted.
  if (WARMUP > 0) {
    log(`warm-up: ${WARMUP} s of the mix, not counted`);
    await run(WARMUP);
  }
  stats.forEach((_, k) => { if (!k.startsWith('POST /api/v1/account_token')) stats.delete(k); });
  const wsClosedBefore = sockets.filter((s) => !s.ready).length;
  if (PROFILE) await stack.psql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
  const cpu0 = snapshot();
  const self0 = process.cpuUsage();
  const start = performance.now();
  mixStart = start;
  await run(SECONDS);
  const wall = (performance.now() - start) / 1000;
  const cpu1 = snapshot();
  const self = process.cpuUsage(self0);
  const hz = 100;
  const busy = Object.fromEntries(Object.keys(cpu1).map((k) => [k, Object.entries(cpu1[k]).reduce((a, [pid, t]) => a + t - (cpu0[k][pid] ?? 0), 0) / hz / wall]));
  const busyCores = Object.values(busy).reduce((a, b) => a + b, 0);
  const wsDropped = sockets.filter((s) => !s.ready).length - wsClosedBefore;

  // ---- report -----------------------------------------------------------------------------------
  const q = (arr, p) => (arr.length ? arr[Math.min(arr.length - 1, Math.floor(p * arr.length))] : NaN);
  let all = [];
  let errors = 0;
  const lines = [];
  for (const [route, s] of [...stats.entries()].sort()) {
    s.times.sort((a, b) => a - b);
    if (!route.includes('9:00')) { all = all.concat(s.times); errors += s.errors; }
    lines.push(`| ${route} | ${s.times.length} | ${q(s.times, 0.5).toFixed(1)} | ${q(s.times, 0.99).toFixed(1)} | ${s.errors}${s.errors ? ` ${JSON.stringify(s.statuses)}` : ''} |`);
  }
  all.sort((a, b) => a - b);
  const done = all.length;
  console.log(`\n### ${DAEMONS === 1 ? 'One daemon (direct PostgreSQL)' : `${DAEMONS} daemons behind HAProxy, ${POOL_MODE === 'none' ? 'direct PostgreSQL' : `PgBouncer (${POOL_MODE} mode)`}`}: ${RATE} req/s for ${SECONDS} s, ${SOCKETS} websockets`);
  console.log(`\nMachine: ${cpus().length} cores, load average before/after ${loadavg().map((x) => x.toFixed(2)).join(' ')}; logins at 9:00: ${LOGINS} in ${loginSeconds.toFixed(1)} s (8 at a time).\n`);
  console.log('| route | requests | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---|');
  for (const l of lines) console.log(l);
  console.log(`| **mix (without the login burst)** | ${done} | ${q(all, 0.5).toFixed(1)} | ${q(all, 0.99).toFixed(1)} | ${errors} (${(100 * errors / done).toFixed(2)} %) |`);
  console.log(`\nThroughput ${(done / wall).toFixed(0)} req/s over ${wall.toFixed(1)} s; websockets dropped during the run: ${wsDropped}.`);
  console.log(`Busy cores: ${Object.entries(busy).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}; total ${busyCores.toFixed(2)} → **${(done / wall / busyCores).toFixed(0)} req/s per busy core** (load generator itself: ${((self.user + self.system) / 1e6 / wall).toFixed(2)} cores, not counted).`);
  // Where a high p99 comes from: one stall shows as a few slow seconds, saturation as all of them.
  const slow = seconds.map((t, i) => [i, t ? Math.max(...t) : 0, t ? t.length : 0]).filter(([, max]) => max > 50);
  const worst = [...slow].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`Seconds of the mix with a request over 50 ms: ${slow.length} of ${seconds.length}${worst.length ? `; the slowest: ${worst.map(([i, max, n]) => `${i}s: max ${max.toFixed(0)} ms (${n} requests)`).join('; ')}` : ''}.`);
  if (PROFILE) await printProfile(wall, done);
  for (const s of sockets) s.close();
} catch (e) {
  console.error(e);
  exitCode = 1;
} finally {
  await stack.stop();
}
process.exit(exitCode);
