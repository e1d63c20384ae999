// NotificationChannel over /cable with the official @rails/actioncable client, two daemons on
// one database (docs/notifications.md "Live"): a notification reaches every tab of its account
// on whichever daemon it is connected to, reading in one tab reaches the others, a tab that
// reconnects catches up, and nobody hears of another account's notifications.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createConsumer } from '@rails/actioncable';
import { startDaemon, stopDaemon, account, login, askQuestion, patiently, until } from './lib/harness.mjs';

let one, two, student, mentor, stranger;
const open = [];

before(async () => {
  [one, two] = await Promise.all([startDaemon(), startDaemon()]);
  [student, mentor, stranger] = await Promise.all([account('student'), account('advanced_mentor'), account('student')]);
});

after(() => {
  for (const c of open) c.disconnect();
  stopDaemon(one);
  stopDaemon(two);
});

// A tab: a consumer subscribed to NotificationChannel. `waitFor(pred)` resolves with the first
// message matching (received already or later).
function tab(base, token) {
  const consumer = createConsumer(`${base.replace('http', 'ws')}/cable?token=${token}`);
  open.push(consumer);
  const events = [];
  const waiters = [];
  const subscribed = new Promise((resolve, reject) => {
    consumer.subscriptions.create({ channel: 'NotificationChannel' }, {
      connected: () => resolve(),
      rejected: () => reject(new Error('rejected')),
      received: (data) => {
        events.push(data);
        for (const w of [...waiters]) if (w.pred(data)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(data); }
      },
    });
  });
  const waitFor = (pred, what) => {
    const found = events.find(pred);
    if (found) return Promise.resolve(found);
    return patiently(new Promise((resolve) => waiters.push({ pred, resolve })), () => `${what}: got ${JSON.stringify(events)}`);
  };
  return { consumer, subscribed, events, waitFor };
}

async function call(base, token, method, path, json) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function answer(base, token, questionId, body) {
  const r = await call(base, token, 'POST', `/api/v1/questions/${questionId}/answers`, { answer: { body } });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  return r.json;
}

test('a notification reaches two tabs on two daemons, and reading it in one reaches the other', async () => {
  const [studentOnOne, studentOnTwo, mentorToken, strangerToken] = await Promise.all([
    login(one.url, student), login(two.url, student), login(one.url, mentor), login(one.url, stranger)]);
  const a = tab(one.url, studentOnOne);
  const b = tab(two.url, studentOnTwo);
  const other = tab(one.url, strangerToken);
  await Promise.all([a.subscribed, b.subscribed, other.subscribed]);
  // First, the counts as they are: what a tab shows before anything happens.
  for (const t of [a, b]) {
    const first = await t.waitFor((m) => m.type === 'unread', 'the first counts');
    assert.equal(first.unread.total, 0);
  }
  const questionId = await askQuestion(one.url, studentOnOne);
  await answer(one.url, mentorToken, questionId, 'ログを確認しましょう。\n詳しくは…');
  const [onA, onB] = await Promise.all([
    a.waitFor((m) => m.type === 'created', 'no notification on daemon one'),
    b.waitFor((m) => m.type === 'created', 'no notification on daemon two'),
  ]);
  for (const m of [onA, onB]) {
    assert.equal(m.notification.kind, 'answer.created');
    assert.equal(m.notification.category, 'question');
    assert.equal(m.notification.body, 'ログを確認しましょう。');
    assert.equal(m.notification.link, `/questions/${questionId}`);
    assert.equal(m.notification.read, false);
    assert.equal(m.unread.total, 1);
    assert.equal(m.unread.by_category.question, 1);
  }
  assert.equal(onA.notification.id, onB.notification.id);
  // Daemon one has relayed that event (tab a got it): the stranger's tab there never will.
  assert.ok(!other.events.some((m) => m.type === 'created'), JSON.stringify(other.events));

  // Read on daemon two: both tabs hear it, with the new counts.
  const read = await call(two.url, studentOnTwo, 'POST', `/api/v1/notifications/${onA.notification.id}/read`);
  assert.equal(read.status, 200);
  assert.equal(read.json.unread.total, 0);
  for (const t of [a, b]) {
    const m = await t.waitFor((x) => x.type === 'read', 'the read state never arrived');
    assert.deepEqual(m.ids, [onA.notification.id]);
    assert.equal(m.unread.total, 0);
  }
});

test('a tab that reconnects catches up on what it missed', async () => {
  const [studentToken, mentorToken] = await Promise.all([login(two.url, student), login(two.url, mentor)]);
  const questionId = await askQuestion(two.url, studentToken);
  const before = await call(two.url, studentToken, 'GET', '/api/v1/notifications/unread_count');
  const t = tab(two.url, studentToken);
  await t.subscribed;
  await t.waitFor((m) => m.type === 'unread', 'the first counts');
  t.consumer.disconnect();
  await answer(one.url, mentorToken, questionId, '接続していない間の回答');
  // The notification exists (the API says so) while the tab is away.
  let count;
  await until(async () => {
    count = await call(one.url, studentToken, 'GET', '/api/v1/notifications/unread_count');
    return count.json.total > before.json.total;
  }, 'the answer was never notified');
  const again = tab(two.url, studentToken);
  await again.subscribed;
  const caught = await again.waitFor((m) => m.type === 'unread', 'no counts after reconnecting');
  assert.equal(caught.unread.total, count.json.total);
  const list = await call(two.url, studentToken, 'GET', '/api/v1/notifications?unread=true');
  assert.equal(list.json.data[0].body, '接続していない間の回答');
});

test('the channel needs a login and takes no params from the client', async () => {
  // Another account's id in the identifier changes nothing: the stream is the connection's own.
  const token = await login(one.url, stranger);
  const consumer = createConsumer(`${one.url.replace('http', 'ws')}/cable?token=${token}`);
  open.push(consumer);
  const first = await patiently(new Promise((resolve, reject) => {
    consumer.subscriptions.create({ channel: 'NotificationChannel', account_id: student.id }, {
      received: resolve,
      rejected: () => reject(new Error('rejected')),
    });
  }), () => 'no first message');
  const own = await call(one.url, token, 'GET', '/api/v1/notifications/unread_count');
  const theirs = await call(one.url, await login(one.url, student), 'GET', '/api/v1/notifications/unread_count');
  assert.notEqual(theirs.json.total, own.json.total, 'the two accounts must differ for this to show anything');
  assert.deepEqual(first, { type: 'unread', unread: own.json });
});
