// A school day at 9:00 (figures in bench/RESULTS.md): a login burst, then
// a fixed arrival rate of a realistic request mix (question browsing and search, questions and
// answers, submissions and reviews, events and joins) while 2,000 students keep a /cable
// websocket open, against one daemon (direct PostgreSQL) or three behind HAProxy with PgBouncer
// (the set-up of docs/deploy.md, started by tests/drills/lib/stack.mjs): in transaction mode with
// prepared statements off, with --pool-mode session in session mode with them on, or with
// --pool-mode none straight to PostgreSQL.
//
//   node bench/school_day.mjs [--daemons 1|3] [--pool-mode transaction|session|none] [--rate 500] [--seconds 60]
//                             [--warmup 10] [--sockets 2000] [--workers 0] [--profile 1] [--mail shm|disk]
//
// --workers sets each daemon's request workers (`workers` in camp.yaml; 0: two per core).
//
// --mail: where the daemons' mail goes. They have no SMTP server here, so each mail becomes an
// .eml file (the demo's transport), by default in /dev/shm: on this VM's ext4 (no journal) each
// new file's inode search walked past the ones the previous run had just deleted, 14 % of campd's
// CPU samples, a cost of the bench's disk and not of the product (a school sends through SMTP).
// --mail disk keeps them in the stack's folder.
//
// --profile 1 loads pg_stat_statements (planning tracked too) and prints the ten statements that
// took PostgreSQL the most time per second of the mix (on this CPU-bound set-up, its CPU).
//
// Open loop: requests leave on schedule whether or not earlier ones came back, and latency is
// measured from the scheduled time (no coordinated omission). wrk cannot do this per route (its
// Lua sees no per-request time), hence node's http client with a keep-alive pool.
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

import { root, startStack, until } from '../tests/drills/lib/stack.mjs';
import { openSockets, schoolDayLoad, seedSchoolDay } from './lib/school_day_load.mjs';

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
const WORKERS = arg('workers', 0);
const MAIL = arg('mail', 'shm');
if (!['shm', 'disk'].includes(MAIL)) throw new Error(`--mail: ${MAIL}`);
const LOGIN_NOTE = 'the login lane hashes at nice 19: on a busy machine it gets little CPU';
process.env.CAMP_BIN ??= join(root, 'build/bin/camp');
process.env.CAMPD_BIN ??= join(root, 'build/bin/campd');
delete process.env.CAMP_CONFIG;  // the product defaults, plus what follows

const log = (...a) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

// A statement's text (psql's fields after the figures, its own bars included) as a Markdown cell.
const statementCell = (fields) => `\`${fields.join('|').replaceAll('|', '\\|').replaceAll('`', "'")}\``;

// The statements that took PostgreSQL the most time per second of the mix, and the totals.
async function printProfile(wall, requests) {
  const top = (await stack.psql(`SELECT round((total_exec_time / ${wall})::numeric, 1), round((total_plan_time / ${wall})::numeric, 1), calls, round((1000 * total_exec_time / greatest(calls, 1))::numeric), rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 10`)).split('\n');
  const [ms, planMs, calls] = (await stack.psql('SELECT round(sum(total_exec_time)::numeric), round(sum(total_plan_time)::numeric), sum(calls) FROM pg_stat_statements')).split('|').map(Number);
  console.log(`\nPostgreSQL (pg_stat_statements over the mix): ${(ms / wall).toFixed(0)} ms of execution and ${(planMs / wall).toFixed(0)} ms of planning per second, ${(calls / requests).toFixed(2)} statements per request (BEGIN and COMMIT included; the websockets' and background work's too). The ten that cost the most to execute:\n`);
  console.log('| ms per s | planning ms per s | calls | mean µs | rows | statement |');
  console.log('|---:|---:|---:|---:|---:|---|');
  for (const line of top) {
    const [perSecond, planPerSecond, n, mean, rowCount, ...rest] = line.split('|');
    console.log(`| ${perSecond} | ${planPerSecond} | ${n} | ${mean} | ${rowCount} | ${statementCell(rest)} |`);
  }
  const planned = (await stack.psql(`SELECT round((total_plan_time / ${wall})::numeric, 1), plans, round((1000 * total_plan_time / greatest(plans, 1))::numeric), left(regexp_replace(query, '\\s+', ' ', 'g'), 160) FROM pg_stat_statements ORDER BY total_plan_time DESC LIMIT 5`)).split('\n');
  console.log('\nThe five that cost the most to plan (a statement whose plan depends on its parameters is planned again on every call):\n');
  console.log('| planning ms per s | plans | mean µs | statement |');
  console.log('|---:|---:|---:|---|');
  for (const line of planned) {
    const [perSecond, n, mean, ...rest] = line.split('|');
    console.log(`| ${perSecond} | ${n} | ${mean} | ${statementCell(rest)} |`);
  }
  // A sequential scan in the mix is a missing index or a plan that does not use it.
  const scanned = (await stack.psql(`SELECT relname, round((seq_scan / ${wall})::numeric, 1), round((seq_tup_read / ${wall})::numeric), round((coalesce(idx_scan, 0) / ${wall})::numeric, 1) FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 8`)).split('\n').filter(Boolean);
  console.log('\nTables read by sequential scans during the mix:\n');
  console.log('| table | seq scans per s | rows read per s | index scans per s |');
  console.log('|---|---:|---:|---:|');
  for (const line of scanned) console.log(`| ${line.split('|').join(' | ')} |`);
  // Every statement is a round trip, and each round trip costs both processes a sleep and a wake.
  const called = (await stack.psql(`SELECT round((calls / ${wall})::numeric, 1), round((1000 * total_exec_time / greatest(calls, 1))::numeric), left(regexp_replace(query, '\\s+', ' ', 'g'), 160) FROM pg_stat_statements ORDER BY calls DESC LIMIT 12`)).split('\n');
  console.log('\nThe twelve called most often:\n');
  console.log('| calls per s | mean µs | statement |');
  console.log('|---:|---:|---|');
  for (const line of called) {
    const [perSecond, mean, ...rest] = line.split('|');
    console.log(`| ${perSecond} | ${mean} | ${statementCell(rest)} |`);
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
    CAMP_WORKERS: String(WORKERS),
    // Several daemons on one machine: one I/O thread each (docs/deploy.md).
    ...(DAEMONS > 1 ? { CAMP_HTTP_IO_THREADS: '1' } : {}),
    CAMP_LOG_LEVEL: 'warn',
    CAMP_TRUSTED_PROXIES: '127.0.0.1',   // the load comes from one address (as from a proxy)
    CAMP_HTTP_MAX_CONNECTIONS: '4096',
    CAMP_MAIL_DIGEST_ENABLED: 'false',
    // The seeded 20,000 questions have no answers: the day's scan would tell the mentors of
    // 9,000 of them at once, a backlog no school has, measured or not depending on the hour.
    CAMP_NOTIFICATIONS_SCAN_ENABLED: 'false',
  },
  postgresSettings: PROFILE ? { shared_preload_libraries: 'pg_stat_statements' } : {},
});
const base = DAEMONS > 1 ? stack.proxyUrl : stack.daemons[0].url;
// Before any mail is sent (the daemons make data_dir/mail on the first one).
const shmMail = MAIL === 'shm' ? mkdtempSync('/dev/shm/camp-bench-mail-') : null;
if (shmMail) symlinkSync(shmMail, join(stack.dir, 'mail'));
let exitCode = 0;
try {
  log(`stack up: ${DAEMONS} daemon(s) at ${base}; seeding`);
  const data = await seedSchoolDay(stack, { joiners: SOCKETS });
  log(`${data.students.length} students, ${data.mentors.length} staff, ${data.questionIds.length} questions, tasks ${data.taskIds}, ${data.submissionIds.length} submissions`);
  const load = schoolDayLoad(base, data, { rate: RATE });

  // ---- 9:00: the login burst --------------------------------------------------------------
  const demo = { email: 'student@example.com', password: 'demo-pass-1234' };
  const loginStart = performance.now();
  const LOGINS = arg('logins', 200);
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next++ < LOGINS) await load.call('POST /api/v1/account_token (9:00 burst)', 'POST', '/api/v1/account_token', null, { auth: demo });
  }));
  const loginSeconds = (performance.now() - loginStart) / 1000;
  log(`${LOGINS} logins in ${loginSeconds.toFixed(1)} s`);

  // ---- 2,000 websockets -------------------------------------------------------------------
  const sockets = await openSockets(base, data, SOCKETS);
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
  // A school's daemons have run for hours: the first seconds open every daemon's pooled database
  // connections (and, behind PgBouncer, its server connections) and fill its caches. Not counted.
  // What the seeding and the logins left for the dispatcher and the mail workers is not the mix's.
  const settleStart = performance.now();
  await until('no due event or mail left', async () => (await stack.psql(
    "SELECT (SELECT count(*) FROM domain_events WHERE failed_at IS NULL AND not_before <= now()) + (SELECT count(*) FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= now())")) === '0', 300000, 200);
  log(`background work settled in ${((performance.now() - settleStart) / 1000).toFixed(1)} s`);
  if (WARMUP > 0) {
    log(`warm-up: ${WARMUP} s of the mix, not counted`);
    await load.run(WARMUP);
  }
  const wsClosedBefore = sockets.filter((s) => !s.ready).length;
  if (PROFILE) {
    // Known only once the library is loaded, so set after the start; a reload applies it.
    await stack.psql('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
    await stack.psql('SELECT pg_reload_conf()');
    await stack.psql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset(); SELECT pg_stat_reset()');
  }
  const cpu0 = snapshot();
  const self0 = process.cpuUsage();
  const start = performance.now();
  const mixStart = Date.now();
  await load.run(SECONDS);
  const wall = (performance.now() - start) / 1000;
  const cpu1 = snapshot();
  const self = process.cpuUsage(self0);
  const hz = 100;
  const busy = Object.fromEntries(Object.keys(cpu1).map((k) => [k, Object.entries(cpu1[k]).reduce((a, [pid, t]) => a + t - (cpu0[k][pid] ?? 0), 0) / hz / wall]));
  const busyCores = Object.values(busy).reduce((a, b) => a + b, 0);
  const wsDropped = sockets.filter((s) => !s.ready).length - wsClosedBefore;

  // ---- report -----------------------------------------------------------------------------------
  const q = (arr, p) => (arr.length ? arr[Math.min(arr.length - 1, Math.floor(p * arr.length))] : NaN);
  const stats = new Map();  // route -> {times, errors, statuses}
  const seconds = [];  // second of the mix -> the latencies of the requests scheduled in it
  for (const r of load.records) {
    const burst = r.route.includes('9:00');
    if (!burst && r.at < mixStart) continue;  // the warm-up
    const s = stats.get(r.route) ?? stats.set(r.route, { times: [], errors: 0, statuses: {} }).get(r.route);
    s.times.push(r.ms);
    if (r.status === 0 || r.status >= 400) { s.errors++; s.statuses[r.status || 'network'] = (s.statuses[r.status || 'network'] ?? 0) + 1; }
    if (!burst) (seconds[Math.floor((r.at - mixStart) / 1000)] ??= []).push(r.ms);
  }
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
  console.log(`\n### ${DAEMONS === 1 ? 'One daemon (direct PostgreSQL)' : `${DAEMONS} daemons behind HAProxy, ${POOL_MODE === 'none' ? 'direct PostgreSQL' : `PgBouncer (${POOL_MODE} mode)`}`}${WORKERS ? `, ${WORKERS} request workers each` : ''}: ${RATE} req/s for ${SECONDS} s, ${SOCKETS} websockets`);
  console.log(`\nMachine: ${cpus().length} cores, load average before/after ${loadavg().map((x) => x.toFixed(2)).join(' ')}; logins at 9:00: ${LOGINS} in ${loginSeconds.toFixed(1)} s (8 at a time); mail as .eml files ${MAIL === 'shm' ? 'in /dev/shm' : 'on disk'}.\n`);
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
  if (shmMail) rmSync(shmMail, { recursive: true, force: true });
}
process.exit(exitCode);
