// Scale-out drill (docs/deploy.md, docs/reliability.md): three daemons as separate hosts (a
// network namespace and an empty data directory each, no shared disk) behind HAProxy
// (docs/deploy/haproxy.cfg, health checks on /readyz), PgBouncer in transaction mode
// (docs/deploy/pgbouncer.ini, 6 server connections shared by every daemon, prepared statements
// off) in front of PostgreSQL, the LISTEN connections through PgBouncer's session-mode entry
// (session_database_url), and a real SMTP server (tests/mail/receiver.py, aiosmtpd).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { png, uploadForm } from './lib.mjs';
import { makeSynchronous, startReplica, stopImmediately } from './lib/replica.mjs';
import {
  account, askQuestion, cable, freePort, metric, root, session, sleep, startStack, until,
} from './lib/stack.mjs';

const python = process.env.CAMP_TEST_PYTHON ?? '/usr/bin/python3';
let stack, replica, smtp, mailDir, student, mentor, studentToken, mentorToken, categoryId, questionId;
const clients = [];

function startReceiver(port, dir) {
  // On every address of this machine: each daemon reaches it through its own veth pair.
  const p = spawn(python, [join(root, 'tests/mail/receiver.py'), String(port), dir, '0.0.0.0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    p.once('exit', (code) => reject(new Error(`receiver exited ${code}`)));
    p.stdout.on('data', (c) => { if (String(c).includes('ready')) resolve(p); });
  });
}

before(async () => {
  const smtpPort = await freePort();
  mailDir = mkdtempSync(join(tmpdir(), 'camp-drill-mail-'));
  smtp = await startReceiver(smtpPort, mailDir);
  stack = await startStack({
    daemonEnv: (here) => ({
      CAMP_MAIL_SMTP_URL: `smtp://${here}:${smtpPort}`,
      CAMP_MAIL_SMTP_STARTTLS: 'off',
      CAMP_MAIL_POLL_SECONDS: '1',
      CAMP_MAIL_DELIVERY_THREADS: '2',
      CAMP_MAIL_DIGEST_ENABLED: 'false',
    }),
  });
  // A synchronous streaming replica, promoted in the last test.
  replica = startReplica(stack.socketDir);
  await makeSynchronous((q) => stack.psql(q), until);
  [student, mentor] = await Promise.all([account(stack, 'student'), account(stack, 'basic_mentor')]);
  studentToken = await session(stack, student);
  mentorToken = await session(stack, mentor);
  categoryId = Number(await stack.psql("WITH top AS (INSERT INTO question_categories (name) VALUES ('Ruby on Rails') RETURNING id) INSERT INTO question_categories (parent_id, name) SELECT id, 'ルーティング' FROM top RETURNING id"));
  const asked = await askQuestion(stack.proxyUrl, studentToken, categoryId, 'スケールアウトの質問');
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  questionId = asked.body.id;
});

after(async () => {
  for (const c of clients) c.close();
  if (stack) await stack.stop();
  replica?.remove();
  smtp?.kill('SIGKILL');
  rmSync(mailDir, { recursive: true, force: true });
});

const track = (c) => { clients.push(c); return c; };
const channel = () => ({ channel: 'QuestionChannel', id: questionId });
const presence = (flag) => (m) => m.message?.account?.id === mentor.id && m.message.is_answering === flag;

test('HAProxy health-checks every daemon on /readyz', async () => {
  const st = await stack.haproxyStat();
  for (const name of ['camp1', 'camp2', 'camp3']) {
    assert.equal(st[name].status, 'UP');
    assert.match(st[name].check_status, /^L7OK/, `${name}: an HTTP check that got 200`);
  }
  for (const d of stack.daemons) {
    const before = await metric(d.url, 'camp_http_requests_total{method="GET",route="/readyz",status="2xx"}');
    await until(`checks reaching ${d.url}/readyz`, async () =>
      (await metric(d.url, 'camp_http_requests_total{method="GET",route="/readyz",status="2xx"}')) > before, 3000);
  }
});

test('each daemon is a host of its own: its own address and data directory, holding only the keys given to it', async () => {
  const addresses = new Set(stack.daemons.map((d) => new URL(d.url).hostname));
  assert.equal(addresses.size, 3);
  for (const d of stack.daemons) {
    assert.ok(d.host, 'in a network namespace');
    assert.notEqual(new URL(d.url).hostname, '127.0.0.1');
    assert.deepEqual(readdirSync(d.host.dir).sort(), ['jwt_secret', 'questionnaire_keys']);
  }
});

test('an upload made through one daemon is served by the two others, byte for byte', async () => {
  const bytes = png(64 * 1024, 28);
  const made = await fetch(`${stack.daemons[0].url}/api/v1/file_upload`, {
    method: 'POST', headers: { Authorization: `Bearer ${studentToken}` }, body: uploadForm(bytes, 'question'),
  });
  assert.equal(made.status, 201, await made.clone().text());
  const { file_url: path } = await made.json();
  const first = Buffer.from(await (await fetch(stack.daemons[0].url + path)).arrayBuffer());
  for (const d of stack.daemons.slice(1)) {
    const there = await fetch(d.url + path);
    assert.equal(there.status, 200, `${d.url}${path}`);
    assert.ok(Buffer.from(await there.arrayBuffer()).equals(first), `the same bytes from ${d.url}`);
  }
  // Nothing of it on any host's disk.
  for (const d of stack.daemons) assert.deepEqual(readdirSync(d.host.dir).sort(), ['jwt_secret', 'questionnaire_keys']);
});

test('presence on any daemon reaches watchers on all three within 1 s', async () => {
  const watchers = stack.daemons.map((d) => track(cable(d.url, studentToken, [channel()])));
  const answerers = stack.daemons.map((d) => track(cable(d.url, mentorToken, [channel()])));
  await until('every subscription confirmed', () => [...watchers, ...answerers].every((c) => c.ready));
  for (const answerer of answerers) {
    for (const flag of [true, false]) {
      for (const w of watchers) w.frames.length = 0;
      const sent = Date.now();
      answerer.perform(channel(), flag ? 'answering' : 'cancel_answering');
      await Promise.all(watchers.map((w) => w.waitFor(presence(flag), 1000)));
      assert.ok(Date.now() - sent <= 1000);
    }
  }
});

test('a session ended on one daemon is refused on all three', async () => {
  const token = await session(stack, student);
  const me = (d) => fetch(`${d.url}/api/v1/accounts/me`, { headers: { Authorization: `Bearer ${token}` } });
  // Every daemon has the session in its cache, and a websocket open with it.
  for (const d of stack.daemons) assert.equal((await me(d)).status, 200);
  const sockets = stack.daemons.map((d) => track(cable(d.url, token, [channel()])));
  await until('websockets confirmed', () => sockets.every((c) => c.ready));

  const out = await fetch(`${stack.daemons[1].url}/api/v1/account_token`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  assert.ok(out.status < 300, `logout answered ${out.status}`);
  for (const d of stack.daemons) {
    await until(`401 from ${d.url}`, async () => (await me(d)).status === 401, 1000, 10);
  }
  await Promise.all(sockets.map((s) => s.waitFor((m) => m.type === 'disconnect' && m.reason === 'unauthorized' && m.reconnect === false, 1000)));
  for (const d of stack.daemons) assert.equal((await me(d)).status, 401);
});

test('each outbox mail is sent exactly once by three daemons', async () => {
  const n = 30;
  const ids = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(Array.from({ length: 10 }, (_, k) =>
      stack.camp('--json', 'mail', 'test', '--to', `drill-${i + k}@example.com`)));
    ids.push(...batch.map((o) => JSON.parse(o).id));
  }
  const list = `{${ids.join(',')}}`;
  await until('every mail sent', async () =>
    Number(await stack.psql(`SELECT count(*) FROM mail_outbox WHERE id = ANY('${list}') AND status = 'sent'`)) === n, 20000, 100);
  const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  assert.equal(files.length, n);
  const messageIds = files.map((f) => readFileSync(join(mailDir, f), 'latin1').match(/^Message-ID:\s*(\S+)/mi)[1]);
  assert.equal(new Set(messageIds).size, n, 'no mail twice');
  const recipients = files.map((f) => readFileSync(join(mailDir, f), 'latin1').match(/^To:\s*(\S+)/mi)[1]).sort();
  assert.deepEqual(recipients, Array.from({ length: n }, (_, i) => `drill-${i}@example.com`).sort());
});

test('a daemon killed mid-load loses no acknowledged write; its websocket clients reconnect to the others', async () => {
  // 30 reconnecting clients through the proxy (leastconn spreads them over the three).
  const other = await account(stack, 'student');
  const tokens = [studentToken, mentorToken, await session(stack, other)];
  const victim = stack.daemons[1];
  const baseline = await metric(victim.url, 'camp_cable_connections');
  const watchers = [];
  for (let i = 0; i < 30; i++) watchers.push(track(cable(stack.proxyUrl, tokens[i % 3], [channel()], { reconnect: true })));
  await until('30 clients subscribed', () => watchers.every((c) => c.ready), 5000);
  const onVictim = (await metric(victim.url, 'camp_cable_connections')) - baseline;
  assert.ok(onVictim > 0, 'the victim holds some of the websockets');

  // Writers through the proxy until 100 acknowledged writes after the kill.
  const acked = [];
  let failed = 0;
  let killedAt = null;
  let afterKill = 0;
  const writer = async (w) => {
    for (let i = 0; afterKill < 100; i++) {
      const r = await askQuestion(stack.proxyUrl, studentToken, categoryId, `負荷 ${w}-${i}`).catch(() => ({ status: 0 }));
      if (r.status === 201) {
        acked.push(r.body.id);
        if (killedAt) afterKill++;
      } else failed++;
      if (!killedAt && acked.length >= 60) {
        killedAt = Date.now();
        victim.child.p.kill('SIGKILL');
      }
    }
  };
  await Promise.race([
    Promise.all([0, 1, 2, 3].map(writer)),
    sleep(20000).then(() => { throw new Error(`load did not finish: ${acked.length} acknowledged, ${failed} failed`); }),
  ]);
  const found = Number(await stack.psql(`SELECT count(*) FROM questions WHERE id = ANY('{${acked.join(',')}}')`));
  assert.equal(found, acked.length, 'every acknowledged question is in the database');
  assert.ok(failed <= 8, `only requests in flight at the kill may fail (${failed} did)`);

  await until('HAProxy to mark the killed daemon DOWN', async () => (await stack.haproxyStat()).camp2.status.startsWith('DOWN'), 3000);
  await until('every client back and subscribed', () => watchers.every((c) => c.ready), 5000);
  const reconnected = watchers.filter((c) => c.connects > 1).length;
  assert.equal(reconnected, onVictim, 'exactly the victim\'s clients reconnected');
  const survivors = [stack.daemons[0], stack.daemons[2]];
  const held = (await Promise.all(survivors.map((d) => metric(d.url, 'camp_cable_connections')))).reduce((a, b) => a + b, 0);
  assert.ok(held >= 30, `the survivors hold every client (${held})`);
  // And they hear what happens on the others.
  for (const w of watchers) w.frames.length = 0;
  const answerer = track(cable(stack.daemons[2].url, mentorToken, [channel()]));
  await until('answerer subscribed', () => answerer.ready);
  answerer.perform(channel(), 'answering');
  await Promise.all(watchers.map((w) => w.waitFor(presence(true), 1000)));
});

test('the primary dies and its replica is promoted: PgBouncer moved over, no acknowledged write lost, presence crosses again', async () => {
  const acked = [];
  let failed = 0;
  let stop = false;
  let promotedAt = null;
  let firstAfter = null;
  const writer = async (w) => {
    for (let i = 0; !stop; i++) {
      const r = await askQuestion(stack.proxyUrl, studentToken, categoryId, `昇格 ${w}-${i}`).catch(() => ({ status: 0 }));
      if (r.status === 201) {
        acked.push(r.body.id);
        if (promotedAt && !firstAfter) firstAfter = Date.now();
      } else {
        failed++;
        await sleep(50);
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  await until('writes before the failover', () => acked.length >= 30, 10000);
  stopImmediately(join(stack.dir, 'postgres'));
  const before = acked.length;
  await until('writes failing without a primary', () => failed >= 4, 10000);
  replica.promote();
  promotedAt = Date.now();
  stack.moveDatabase(replica.socket);
  await until('writes on the new primary', () => acked.length >= before + 30, 30000);
  stop = true;
  await Promise.all(writers);
  console.log(`scale-out failover: first write acknowledged ${firstAfter - promotedAt} ms after the promotion and PgBouncer's reload`);
  const found = Number(execFileSync('psql', [replica.url, '-XAtq', '-c', `SELECT count(*) FROM questions WHERE id = ANY('{${acked.join(',')}}')`], { encoding: 'utf8' }).trim());
  assert.equal(found, acked.length, 'every acknowledged question is on the new primary');

  // LISTEN through PgBouncer's session entry found the new primary on every surviving daemon.
  const survivors = [stack.daemons[0], stack.daemons[2]];
  const watcher = track(cable(survivors[0].url, studentToken, [channel()]));
  const answerer = track(cable(survivors[1].url, mentorToken, [channel()]));
  await until('both subscribed', () => watcher.ready && answerer.ready, 5000);
  await until('presence across the two daemons', () => {
    answerer.perform(channel(), 'cancel_answering');
    answerer.perform(channel(), 'answering');
    return watcher.frames.some(presence(true));
  }, 20000, 500);
});
