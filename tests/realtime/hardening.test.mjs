// What hostile or broken clients get: oversized frames, clients that never read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  startDaemon, stopDaemon, account, login, askQuestion, watch, rawUpgrade, frame, rssKiB, databaseUrl, limits, patiently,
} from './lib/harness.mjs';

let daemon, asker, token, questionId;

before(async () => {
  daemon = await startDaemon();
  asker = await account('student');
  token = await login(daemon.url, asker);
  questionId = await askQuestion(daemon.url, token);
});

after(() => stopDaemon(daemon));

function closed(socket) {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.on('close', resolve);
  });
}

test('a frame header claiming 2 GiB closes the connection without allocating it', async () => {
  const before = rssKiB(daemon.child.pid);
  const socket = await rawUpgrade(daemon.port, token);
  socket.on('data', () => {});
  // FIN + text, masked, 64-bit length = 2^31, mask key, then a few bytes of "payload".
  socket.write(Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0x80, 0, 0, 0, 1, 2, 3, 4, 65, 66, 67]));
  await closed(socket);
  const grown = rssKiB(daemon.child.pid) - before;
  assert.ok(grown < 50 * 1024, `RSS grew by ${grown} KiB`);
  assert.equal((await fetch(`${daemon.url}/healthz`)).status, 200);
});

test('a message over the limit closes the connection; the daemon keeps serving', async () => {
  const socket = await rawUpgrade(daemon.port, token);
  socket.on('data', () => {});
  socket.write(frame('x'.repeat(limits.maxMessage + 1)));
  await closed(socket);
  const w = await watch(daemon.url, token, questionId);
  w.close();
});

test('a client that never reads is dropped; the others are unaffected', async () => {
  const lazy = await rawUpgrade(daemon.port, token);
  await lazy.until('"type":"welcome"');
  const identifier = JSON.stringify({ channel: 'QuestionChannel', id: questionId });
  lazy.write(frame(JSON.stringify({ command: 'subscribe', identifier })));
  await lazy.until('confirm_subscription');
  lazy.pause();  // never read again: the kernel buffers fill, then our send queue
  const reader = await watch(daemon.url, token, questionId);

  // Flood the question's stream with big notifications straight from PostgreSQL (one psql
  // session, so that the kernel buffers fill long before Beast's 20 s idle timeout would drop
  // the lazy client for its silence), in batches smaller than the send queue that the reader
  // drains before the next: only the lazy client's queue (behind full kernel buffers) overflows.
  const psql = spawn('psql', [databaseUrl(), '-qAt'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const notify = (json) => psql.stdin.write(
    `SELECT count(pg_notify('camp_cable', json_build_object('stream', 'question:${questionId}', 'message', ${json})::text)) FROM generate_series(0, 7) i;\n`);
  const dropped = /client does not read \(send queue full\), dropping it/;
  const big = 'x'.repeat(6000);
  let last = -1;
  for (let batch = 0; batch < 600 && !dropped.test(daemon.log()); batch++) {
    notify(`json_build_object('flood', ${batch} * 8 + i, 'pad', '${big}')`);
    last = batch * 8 + 7;
    await reader.waitFor((m) => m.flood === last);
  }
  assert.match(daemon.log(), dropped);
  assert.ok(last > 0);
  // Reading again, the lazy client finds its connection closed by the daemon.
  lazy.resume();
  await patiently(closed(lazy), () => 'the lazy connection stays open');
  // The reader still hears the stream.
  notify("json_build_object('flood', 'after')");
  await reader.waitFor((m) => m.flood === 'after');
  psql.stdin.end();
  reader.close();
  lazy.destroy();
});
