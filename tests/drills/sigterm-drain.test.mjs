// Drill: SIGTERM (docs/reliability.md). Requests in flight when the signal comes are answered
// in full; /cable clients get ActionCable's disconnect with reconnect: true before the close,
// and reconnect to the next daemon on their own.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { account, cableClient, call, metrics, ownDatabase, png, startDaemon, uploadForm, waitFor } from './lib.mjs';

let db;
let daemon;
before(() => { db = ownDatabase('term'); });
after(async () => {
  await daemon?.stop();
  db?.remove();
});

test('SIGTERM drains in-flight requests and tells websockets to reconnect', async () => {
  // A grace long enough for a loaded machine: the drill is about draining, not its speed.
  daemon = await startDaemon(db, { name: 'term', env: { CAMP_SHUTDOWN_GRACE_SECONDS: '120' } });
  const student = await account(db, daemon.url);
  const other = await account(db, daemon.url);  // logs in meanwhile (new sessions of its own)
  const dataDir = daemon.dir;
  const cable = cableClient(daemon.url, student.token, []);
  await waitFor('the cable welcome', () => cable.welcomes === 1);

  // Logins queue on the one password-hashing thread, the uploads are re-encoded. The signal
  // comes once every request has reached the daemon (its /metrics gauge of requests in flight,
  // with those already answered): one still on its way would be refused, as it should be.
  let settled = 0;
  const count = (promise) => promise.finally(() => { settled += 1; });
  const logins = Array.from({ length: 4 }, () => count(call(daemon.url, 'POST', '/api/v1/account_token',
    { json: { auth: { email: other.email, password: other.password } }, timeoutMs: 60000 })));
  const uploads = Array.from({ length: 2 }, () => count(fetch(`${daemon.url}/api/v1/file_upload`, {
    method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: uploadForm(png(1 << 20)),
  })));
  await waitFor('all six requests in the daemon or answered', async () => {
    const inFlight = (await metrics(daemon.url)).camp_http_requests_in_flight - 1;  // not this /metrics
    return inFlight + settled >= 6;
  });
  daemon.kill('SIGTERM');
  const answered = await Promise.all(logins);
  for (const res of answered) assert.equal(res.status, 201, `in-flight login answered: ${res.status} ${res.text}`);
  for (const res of await Promise.all(uploads)) assert.equal(res.status, 201, 'in-flight upload answered');
  const { code, signal } = await daemon.exited;
  assert.equal(signal, null);
  assert.equal(code, 0, daemon.log());

  await waitFor('the disconnect message', () => cable.disconnects.length >= 1);
  assert.deepEqual(cable.disconnects[0], { type: 'disconnect', reason: 'server_restart', reconnect: true });

  // The next daemon on the same port is where the client comes back (as behind a proxy); the
  // old one is gone, so any welcome from here on is the new daemon's.
  const welcomed = cable.welcomes;
  const port = new URL(daemon.url).port;
  daemon = await startDaemon(db, { name: 'term-2', dir: dataDir, env: { CAMP_LISTEN: `127.0.0.1:${port}` } });
  await waitFor(`the client reconnected (disconnects: ${JSON.stringify(cable.disconnects)})`,
    () => cable.welcomes > welcomed && cable.open, 20000);
  cable.close();
});
