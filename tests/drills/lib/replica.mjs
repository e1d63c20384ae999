// A streaming replica of a drill's private PostgreSQL, and the primary's sudden death: the
// pieces of a failover (docs/deploy.md, "Failover"). Debian's newest PostgreSQL, run as the
// postgres user under root as `camp db start` runs the primary.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const asOwner = (argv) => (process.getuid() === 0 ? ['runuser', '-u', 'postgres', '--', ...argv] : argv);
const run = (argv) => execFileSync(argv[0], argv.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const binDir = () => run(['sh', '-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1']).trim();

/** pg_ctl on a cluster's data folder, as its owner. */
export function pgCtl(data, ...args) {
  return run(asOwner([`${binDir()}/pg_ctl`, '-D', data, ...args]));
}

/** The cluster dies as in a crash: PostgreSQL's immediate shutdown, no checkpoint, no goodbye. */
export function stopImmediately(data) {
  pgCtl(data, '-m', 'immediate', '-w', 'stop');
}

/**
 * A streaming replica of the primary listening in `primarySocket`, named `replica` (its
 * application_name, for synchronous_standby_names), in a folder of its own:
 * {url, socket, promote(), remove()}.
 */
export function startReplica(primarySocket) {
  const dir = mkdtempSync(join(tmpdir(), 'camp-drill-replica-'));
  chmodSync(dir, 0o755);
  const data = join(dir, 'postgres');
  const socket = join(dir, 'run');
  mkdirSync(socket);
  if (process.getuid() === 0) run(['chown', 'postgres', dir, socket]);
  // -R writes primary_conninfo (with the application_name given here) and standby.signal;
  // -X stream copies the WAL made meanwhile.
  run(asOwner([`${binDir()}/pg_basebackup`, '-D', data, '-d', `host=${primarySocket} port=5432 user=camp application_name=replica`,
    '-R', '-X', 'stream', '-c', 'fast']));
  pgCtl(data, '-l', join(socket, 'postgres.log'), '-w', '-t', '60', '-o', `-c listen_addresses= -p 5432 -k ${socket}`, 'start');
  return {
    url: `host=${socket} port=5432 user=camp dbname=camp`,
    socket,
    promote: () => pgCtl(data, '-w', 'promote'),
    remove() {
      try { stopImmediately(data); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Makes `replica` synchronous on the primary that `sql` reaches, once it streams. */
export async function makeSynchronous(sql, until) {
  await until('the replica streaming', async () => (await sql("SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")) === '1');
  await sql("ALTER SYSTEM SET synchronous_standby_names = 'replica'");
  await sql('SELECT pg_reload_conf()');
  await until('the replica synchronous', async () => (await sql('SELECT sync_state FROM pg_stat_replication')) === 'sync');
}
