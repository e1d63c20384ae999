// Scale-out drill (docs/deploy.md, docs/reliability.md): three daemons as separate hosts (a
// network namespace and an empty data directory each, no shared disk) behind HAProxy
// (docs/deploy/haproxy.cfg, health checks on /readyz), PgBouncer in transaction mode
// (docs/deploy/pgbouncer.ini, 6 server connections shared by every daemon, prepared statements
// off) in front of PostgreSQL, the LISTEN connections through PgBouncer's session-mode entry
// (session_database_url), and a real SMTP server (tests/mail/receiver.py, aiosmtpd). Every
// test runs under the school day of bench/school_day.mjs (its request mix through HAProxy at
// CAMP_DRILL_LOAD_RATE requests/s, 40 by default, and CAMP_DRILL_LOAD_SOCKETS students' websockets,
// 200): outside the kill and the failover, every one of its requests must succeed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { quantiles } from '../../bench/lib/client.mjs';
import { openSockets, schoolDayLoad, seedSchoolDay } from '../../bench/lib/school_day_load.mjs';
import { png, uploadForm } from './lib.mjs';
import { makeSynchronous, startReplica, stopImmediately } from './lib/replica.mjs';
import {
  account, askQuestion, cable, freePort, metric, root, session, sleep, smtpReceiver, startStack, until,
} from './lib/stack.mjs';

let stack, replica, smtp, mailDir, student, mentor, studentToken, mentorToken, categoryId, questionId;
let load, loadRunning, loadSockets = [];
const clients = [];
const LOAD_RATE = Number(process.env.CAMP_DRILL_LOAD_RATE ?? 40);
const LOAD_SOCKETS = Number(process.env.CAMP_DRILL_LOAD_SOCKETS ?? 200);
// The stretches where the load's requests may fail: a daemon killed (until HAProxy marks it
// down) and the primary gone (until writes succeed on the promoted replica), each with 2 s more
// for connections that were open through them.
const disturbed = [];
function disturb(what) {
  const window = { what, from: Date.now(), to: Infinity };
  disturbed.push(window);
  return () => { window.to = Date.now() + 2000; };
}

before(async () => {
  const smtpPort = await freePort();
  mailDir = mkdtempSync(join(tmpdir(), 'camp-drill-mail-'));
  // On every address of this machine: each daemon reaches it through its own veth pair.
  smtp = await smtpReceiver(smtpPort, mailDir, '0.0.0.0');
  stack = await startStack({
    proxyMaxconn: LOAD_SOCKETS + 500,
    daemonEnv: (here) => ({
      CAMP_MAIL_SMTP_URL: `smtp://${here}:${smtpPort}`,
      CAMP_MAIL_SMTP_STARTTLS: 'off',
      CAMP_MAIL_POLL_SECONDS: '1',
      CAMP_MAIL_DELIVERY_THREADS: '2',
      CAMP_MAIL_DIGEST_ENABLED: 'false',
      CAMP_NOTIFICATIONS_SCAN_ENABLED: 'false',  // the day's scan of the seeded questions: not what is drilled
    }),
  });
  // A synchronous streaming replica, promoted in the last test.
  replica = startReplica(stack.socketDir);
  await makeSynchronous((q) => stack.psql(q), until);
  const day = await seedSchoolDay(stack, { joiners: LOAD_SOCKETS, questions: 5000 });
  [student, mentor] = await Promise.all([account(stack, 'student'), account(stack, 'basic_mentor')]);
  studentToken = await session(stack, student);
  mentorToken = await session(stack, mentor);
  categoryId = day.categoryId;  // a category of the demo
  const asked = await askQuestion(stack.proxyUrl, studentToken, categoryId, 'スケールアウトの質問');
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  questionId = asked.body.id;
  load = schoolDayLoad(stack.proxyUrl, day, { rate: LOAD_RATE });
  loadSockets = await openSockets(stack.proxyUrl, day, LOAD_SOCKETS, { reconnect: true });
  loadRunning = load.run();
});

after(async () => {
  load?.stop();
  await loadRunning;
  for (const c of [...clients, ...loadSockets]) c.close();
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

test('a notification made on one daemon reaches its account\'s tabs on all three, once each', async () => {
  const notifications = { channel: 'NotificationChannel' };
  const tabs = stack.daemons.map((d) => track(cable(d.url, studentToken, [notifications])));
  await until('every tab subscribed', () => tabs.every((c) => c.ready));
  const made = await fetch(`${stack.daemons[0].url}/api/v1/questions/${questionId}/answers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${mentorToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ answer: { body: '三台のどこにいても届きます。' } }),
  });
  assert.equal(made.status, 201, await made.clone().text());
  const isOurs = (m) => m.message?.type === 'created' && m.message.notification.body === '三台のどこにいても届きます。';
  const heard = await Promise.all(tabs.map((t) => t.waitFor(isOurs, 2000)));
  assert.equal(new Set(heard.map((m) => m.message.notification.id)).size, 1, 'one notification');
  assert.equal(heard[0].message.notification.link, `/questions/${questionId}`);
  await sleep(300);  // a second copy would have come by now
  for (const t of tabs) assert.equal(t.frames.filter(isOurs).length, 1);
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
  // The school day and the other tests mail their accounts too: only these mails count here.
  const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml') && /^To:\s*drill-\d+@example\.com/mi.test(readFileSync(join(mailDir, f), 'latin1')));
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
  let settleKill = () => {};
  const writer = async (w) => {
    for (let i = 0; afterKill < 100; i++) {
      const r = await askQuestion(stack.proxyUrl, studentToken, categoryId, `負荷 ${w}-${i}`).catch(() => ({ status: 0 }));
      if (r.status === 201) {
        acked.push(r.body.id);
        if (killedAt) afterKill++;
      } else failed++;
      if (!killedAt && acked.length >= 60) {
        settleKill = disturb('a daemon killed');
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
  settleKill();
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
  const settleFailover = disturb('the primary gone and its replica promoted');
  stopImmediately(join(stack.dir, 'postgres'));
  const before = acked.length;
  await until('writes failing without a primary', () => failed >= 4, 10000);
  replica.promote();
  promotedAt = Date.now();
  stack.moveDatabase(replica.socket);
  await until('writes on the new primary', () => acked.length >= before + 30, 30000);
  settleFailover();
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

test('the school day ran under every test: outside the kill and the failover, none of its requests failed', async () => {
  load.stop();
  await loadRunning;
  const { records } = load;
  const failed = (r) => r.status === 0 || r.status >= 400;
  // A request in flight at any moment of a window (one sent to the killed daemon just before).
  const windowOf = (r) => disturbed.find((w) => r.at <= w.to && r.at + r.ms >= w.from);
  const seconds = (records.at(-1).at - records[0].at) / 1000;
  console.log(`scale-out under the school day: ${records.length} requests in ${seconds.toFixed(0)} s (${(records.length / seconds).toFixed(0)}/s), ${loadSockets.length} websockets; ${quantiles(records.map((r) => r.ms))}`);
  for (const w of disturbed) {
    const inside = records.filter((r) => windowOf(r) === w);
    console.log(`  ${w.what}: ${((w.to - w.from) / 1000).toFixed(1)} s, ${inside.length} requests, ${inside.filter(failed).length} failed`);
  }
  assert.ok(records.length >= LOAD_RATE * 10, `the load ran (${records.length} requests)`);
  const outside = records.filter((r) => failed(r) && !windowOf(r));
  assert.deepEqual(outside.slice(0, 5).map((r) => `${r.route}: ${r.status || 'no answer'}`), [], `${outside.length} requests failed outside the kill and the failover`);
  // Every student's websocket is open again, on the daemons that are left.
  await until('the load\'s websockets back', () => loadSockets.every((c) => c.ready), 10000);
});
