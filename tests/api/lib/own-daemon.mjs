// A daemon of a test's own, on a free port and a temporary data directory, sharing the test
// database (CAMP_DATA_DIR of the shared daemon holds it) unless told otherwise. For tests that
// need their own web root, uploads directory or limits, or that would disturb other tests.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function unusedPort(host) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// A port nothing listens on now and that this process has not handed out before: the kernel
// may offer a port again until someone binds it, and a test that picks an SMTP port that must
// stay dead and then a daemon's port once got the same one (the daemon's HTTP port then held
// every mail for its 30 s read timeout).
const handedOut = new Set();
export async function freePort(host = '127.0.0.1') {
  for (;;) {
    const port = await unusedPort(host);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** The shared test database's connection string (`camp db url` with the suite's environment). */
export function sharedDatabaseUrl() {
  return execFileSync(process.env.CAMP_BIN, ['db', 'url'], { encoding: 'utf8', env: process.env }).trim();
}

/**
 * Starts campd with `env` on top of the suite's environment and waits for /readyz.
 * Returns {url, dir, env, log(), alive(), stop()}.
 */
export async function startOwnDaemon({ env: extra = {}, name = 'own' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `camp-api-${name}-`));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env, CAMP_DATA_DIR: dir, CAMP_DATABASE_URL: sharedDatabaseUrl(), CAMP_LISTEN: `127.0.0.1:${port}`, ...extra,
  };
  const args = process.env.CAMP_CONFIG ? ['--config', process.env.CAMP_CONFIG] : [];
  const child = spawn(process.env.CAMPD_BIN, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c) => { log += c; });
  child.stderr.on('data', (c) => { log += c; });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 30000;
  for (;;) {
    if (!alive()) throw new Error(`campd exited (${child.exitCode ?? child.signalCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`campd not ready within 30 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  async function stop() {
    if (alive()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => { if (alive()) child.kill('SIGKILL'); }, 10000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return { url, port, dir, env, child, log: () => log, alive, stop };
}
