// The notification centre, its preferences and watching a question, black-box (docs/notifications.md):
// a mentor's answer reaches the asker's centre (dispatched by the daemon, so the tests wait for
// the state, never for a time); every account reads and marks only its own; bad input gets the
// documented error, never a 500.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, camp, createAndLogin, demoToken } from './lib/client.mjs';

const PATIENCE_MS = 20000;
// Asks the daemon again and again (each check is a round trip) until `check` holds.
async function until(check, what) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise(setImmediate);
  }
}

let asker, mentor, stranger, categoryId;

before(async () => {
  [asker, mentor, stranger] = await Promise.all([
    createAndLogin({ role: 'student', course: 'rails_4m', nickname: '通知 質問者' }),
    createAndLogin({ role: 'advanced_mentor', nickname: '通知 メンター' }),
    createAndLogin({ role: 'student', course: 'rails_5m' }),
  ]);
  const cats = await api('GET', '/api/v1/categories', { token: asker.token });
  categoryId = cats.json.data.find((c) => c.lists.length > 0).lists[0].id;
});

async function ask(token, title) {
  const res = await api('POST', '/api/v1/questions', { token, json: { question: { category_id: categoryId, title, body: '' } } });
  assertStatus(res, 201);
  return res.json.id;
}

async function answer(token, questionId, body) {
  const res = await api('POST', `/api/v1/questions/${questionId}/answers`, { token, json: { answer: { body } } });
  assertStatus(res, 201);
  return res.json.id;
}

// The asker's notifications once there are `n` unread.
async function unreadList(token, n) {
  return until(async () => {
    const res = await api('GET', '/api/v1/notifications?unread=true', { token });
    assertStatus(res, 200);
    return res.json.unread.total >= n ? res.json : null;
  }, `${n} unread notifications`);
}

test('an answer reaches the asker, links to the question, and is read one by one or all at once', async () => {
  const questionId = await ask(asker.token, '通知のAPIテスト');
  await answer(mentor.token, questionId, 'ログを確認しましょう。\n二行目');
  const list = await unreadList(asker.token, 1);
  const n = list.data[0];
  assert.equal(n.kind, 'answer.created');
  assert.equal(n.category, 'question');
  assert.equal(n.title, '通知 メンターさんが「通知のAPIテスト」に回答しました');
  assert.equal(n.body, 'ログを確認しましょう。');
  assert.equal(n.link, `/questions/${questionId}`);
  assert.equal(n.actor.display_name, '通知 メンター');
  assert.equal(n.read, false);
  assert.equal(list.unread.by_category.question, 1);
  const count = await api('GET', '/api/v1/notifications/unread_count', { token: asker.token });
  assert.deepEqual(count.json, list.unread);
  // The answerer is not told of their own answer.
  const mentors = await api('GET', '/api/v1/notifications', { token: mentor.token });
  assert.equal(mentors.json.data.filter((x) => x.link === `/questions/${questionId}`).length, 0);

  // Someone else's id is a 404, as if it did not exist; the owner reads it.
  assertError(await api('POST', `/api/v1/notifications/${n.id}/read`, { token: stranger.token }), 404, 'not_found');
  const read = await api('POST', `/api/v1/notifications/${n.id}/read`, { token: asker.token });
  assertStatus(read, 200);
  assert.equal(read.json.unread.total, 0);
  assertStatus(await api('POST', `/api/v1/notifications/${n.id}/read`, { token: asker.token }), 200);  // again: fine

  // Two more answers: a category, then everything.
  await answer(mentor.token, questionId, '二つ目');
  await answer(mentor.token, questionId, '三つ目');
  await unreadList(asker.token, 2);
  const review = await api('POST', '/api/v1/notifications/read', { token: asker.token, json: { category: 'review' } });
  assert.equal(review.json.unread.total, 2);  // not of that tab
  const all = await api('POST', '/api/v1/notifications/read', { token: asker.token, json: {} });
  assert.equal(all.json.unread.total, 0);
  const page = await api('GET', '/api/v1/notifications?category=question&per=2&page=1', { token: asker.token });
  assert.equal(page.json.meta.total, 3);
  assert.equal(page.json.data.length, 2);
  assert.ok(page.json.data.every((x) => x.read && x.read_at));
});

test('watching: the asker and answerers from the start, anyone who may read it on demand', async () => {
  const questionId = await ask(asker.token, 'ウォッチのテスト');
  assert.equal((await api('GET', `/api/v1/questions/${questionId}/watch`, { token: asker.token })).json.watching, true);
  assert.equal((await api('GET', `/api/v1/questions/${questionId}/watch`, { token: stranger.token })).json.watching, false);
  assert.equal((await api('PUT', `/api/v1/questions/${questionId}/watch`, { token: stranger.token })).json.watching, true);
  assert.equal((await api('PUT', `/api/v1/questions/${questionId}/watch`, { token: stranger.token })).json.watching, true);
  const before = (await api('GET', '/api/v1/notifications/unread_count', { token: stranger.token })).json.total;
  await answer(mentor.token, questionId, 'ウォッチしている人にも届きます');
  await unreadList(stranger.token, before + 1);
  assert.equal((await api('DELETE', `/api/v1/questions/${questionId}/watch`, { token: stranger.token })).json.watching, false);
  const graduate = await demoToken('graduate');
  assertError(await api('PUT', `/api/v1/questions/${questionId}/watch`, { token: graduate }), 403, 'forbidden');
  for (const id of ['99999999', '9223372036854775807'])
    assertError(await api('PUT', `/api/v1/questions/${id}/watch`, { token: asker.token }), 404, 'not_found');
  assertError(await api('PUT', '/api/v1/questions/99999999999999999999/watch', { token: asker.token }), 404, 'not_found');
});

test('preferences: defaults, changes, and the events unsubscribe page is the same setting', async () => {
  const { account, token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const defaults = await api('GET', '/api/v1/notification_preferences', { token });
  assertStatus(defaults, 200);
  assert.deepEqual(defaults.json.mail, { review: 'immediately', question: 'immediately', event: 'immediately', student: 'daily', announcement: 'immediately' });
  assert.deepEqual(defaults.json.defaults, defaults.json.mail);
  assert.equal(defaults.json.school_mail, true);
  assert.equal(defaults.json.magazine, true);

  const changed = await api('PUT', '/api/v1/notification_preferences', { token,
    json: { notification_preferences: { mail: { review: 'daily', question: 'never' }, magazine: false } } });
  assertStatus(changed, 200);
  assert.equal(changed.json.mail.review, 'daily');
  assert.equal(changed.json.mail.question, 'never');
  assert.equal(changed.json.mail.event, 'immediately');
  assert.equal(changed.json.magazine, false);

  // The events unsubscribe link (as mailed) turns the event category to never...
  const link = JSON.parse(camp('--json', 'mail', 'unsubscribe-link', String(account.id), '--topic', 'events'));
  assertStatus(await api('POST', `/api/v1/mail_unsubscriptions/events/${link.id}`), 200);
  assert.equal((await api('GET', '/api/v1/notification_preferences', { token })).json.mail.event, 'never');
  // ...and settings turn it back on.
  const back = await api('PUT', '/api/v1/notification_preferences', { token,
    json: { notification_preferences: { mail: { event: 'immediately' }, magazine: true } } });
  assert.equal(back.json.mail.event, 'immediately');
  assert.equal(back.json.magazine, true);
  const page = await api('GET', `/api/v1/mail_unsubscriptions/events/${link.id}`);
  assert.equal(page.json.data.stopped, false);
});

test('bad input gets the documented error, never a 500', async () => {
  const token = asker.token;
  // Queries.
  assertError(await api('GET', '/api/v1/notifications?category=nonsense', { token }), 422, 'invalid');
  assertError(await api('GET', '/api/v1/notifications?unread=maybe', { token }), 400, 'malformed');
  assertError(await api('GET', '/api/v1/notifications?per=101', { token }), 400, 'malformed');
  assertError(await api('GET', '/api/v1/notifications?page=0', { token }), 400, 'malformed');
  assertError(await api('GET', '/api/v1/notifications?category=%FF', { token }), 400, 'malformed');
  // Ids: unknown to this account, too large to exist, not a number.
  const nobody = (await createAndLogin({ role: 'trial' })).token;
  for (const id of ['1', '9223372036854775807', '99999999999999999999'])
    assertError(await api('POST', `/api/v1/notifications/${id}/read`, { token: nobody }), 404, 'not_found');
  assertError(await api('POST', '/api/v1/notifications/abc/read', { token }), 404, 'not_found');
  // Bodies: not JSON, not an object, wrong types, wrong content type, too large.
  const post = (body, headers = { 'content-type': 'application/json' }) =>
    api('POST', '/api/v1/notifications/read', { token, body, headers });
  assertError(await post('{"category":'), 400, 'malformed');
  assertError(await post('[]'), 400, 'malformed');
  assertError(await post(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])), 400, 'malformed');  // invalid UTF-8
  assertError(await post('{"category":"x"}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  let e = assertError(await post('{"category":5}'), 422, 'invalid');
  assert.ok(e.fields.category.length);
  e = assertError(await post('{"category":""}'), 422, 'invalid');
  assert.deepEqual(e.fields.category, ['カテゴリーは review, question, event, student, announcement のいずれかを指定してください']);
  assertError(await post('{"category":"nonsense"}'), 422, 'invalid');
  assertError(await post(JSON.stringify({ category: 'a'.repeat(2 * 1024 * 1024) })), 413, 'payload_too_large');
  // Preferences.
  const put = (json) => api('PUT', '/api/v1/notification_preferences', { token, json });
  assertError(await put({ mail: { review: 'daily' } }), 400, 'malformed');  // the wrapper is missing
  e = assertError(await put({ notification_preferences: { mail: { review: 'sometimes' } } }), 422, 'invalid');
  assert.deepEqual(e.fields.mail, ['メールの受け取り方は immediately, daily, never のいずれかを指定してください']);
  e = assertError(await put({ notification_preferences: { mail: { nonsense: 'daily' } } }), 422, 'invalid');
  assert.ok(e.fields.mail.length);
  assertError(await put({ notification_preferences: { mail: 'daily' } }), 422, 'invalid');
  assertError(await put({ notification_preferences: { mail: { review: 1 } } }), 422, 'invalid');
  e = assertError(await put({ notification_preferences: { school_mail: 'yes', magazine: 1 } }), 422, 'invalid');
  assert.ok(e.fields.school_mail.length && e.fields.magazine.length);
  // Nothing was changed by the refused requests.
  assert.equal((await api('GET', '/api/v1/notification_preferences', { token })).json.mail.review, 'immediately');
});
