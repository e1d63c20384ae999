// Mentions, black-box (docs/notifications.md "Mentions"): an @nickname in an answer reaches
// the mentioned account through the daemon's dispatcher, never one who may not read it; the
// editors' autocomplete lists whom the caller may mention, never an e-mail; bad input gets the
// documented error, never a 500.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, createAndLogin } from './lib/client.mjs';

const PATIENCE_MS = 20000;
async function until(check, what) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise(setImmediate);
  }
}

const tag = `${process.pid}${Date.now() % 100000}`;
let asker, mentor, graduate, categoryId;

before(async () => {
  [asker, mentor, graduate] = await Promise.all([
    createAndLogin({ role: 'student', course: 'rails_4m', nickname: `言及する人${tag}` }),
    createAndLogin({ role: 'basic_mentor', nickname: `mention_mentor${tag}` }),
    createAndLogin({ role: 'graduate', course: 'rails_4m', nickname: `言及卒業生${tag}` }),
  ]);
  const cats = await api('GET', '/api/v1/categories', { token: asker.token });
  categoryId = cats.json.data.find((c) => c.lists.length > 0).lists[0].id;
});

async function mentions(token) {
  const res = await api('GET', '/api/v1/notifications?category=question', { token });
  assertStatus(res, 200);
  return res.json.data.filter((n) => n.kind === 'mention.created');
}

test('a mention in a question reaches the mentioned mentor, not a graduate nor the writer', async () => {
  const res = await api('POST', '/api/v1/questions', {
    token: asker.token,
    json: { question: { category_id: categoryId, title: 'メンションのAPIテスト', body: `@mention_mentor${tag}さん、@言及卒業生${tag} 見てください` } },
  });
  assertStatus(res, 201);
  const [n] = await until(async () => {
    const list = await mentions(mentor.token);
    return list.length ? list : null;
  }, 'the mentor hears of the mention');
  assert.equal(n.title, `言及する人${tag}さんが質問「メンションのAPIテスト」であなたにメンションしました`);
  assert.equal(n.link, `/questions/${res.json.id}`);
  assert.equal(n.actor.display_name, `言及する人${tag}`);
  // The same event was dispatched: the graduate (no question box) and the writer have nothing.
  const grad = await api('GET', '/api/v1/notifications', { token: graduate.token });
  assert.equal(grad.json.data.filter((x) => x.kind === 'mention.created').length, 0);
  assert.equal((await mentions(asker.token)).length, 0);
});

test('mentionables: by the start of the nickname, never the caller, never an e-mail', async () => {
  const res = await api('GET', `/api/v1/mentionables?context=question&q=${encodeURIComponent(`@MENTION_mentor${tag}`)}`, { token: asker.token });
  assertStatus(res, 200);
  assert.deepEqual(res.json.data, [{ id: mentor.account.id, nickname: `mention_mentor${tag}`, display_name: `mention_mentor${tag}`, image_url: null, role: 'basic_mentor' }]);
  const self = await api('GET', `/api/v1/mentionables?context=question&q=${encodeURIComponent(`言及する人${tag}`)}`, { token: asker.token });
  assert.deepEqual(self.json.data, []);
  const grad = await api('GET', `/api/v1/mentionables?context=question&q=${encodeURIComponent(`言及卒業生${tag}`)}`, { token: asker.token });
  assert.deepEqual(grad.json.data, [], 'a graduate cannot read questions');
  const all = await api('GET', '/api/v1/mentionables?context=question', { token: mentor.token });
  assert.ok(all.json.data.length <= 10);
  assert.ok(all.json.data.every((a) => !('email' in a) && !JSON.stringify(a).includes('@example')));
});

test('mentionables: bad input is the documented error', async () => {
  const t = mentor.token;
  for (const q of ['', 'context=', 'context=everything', 'context=QUESTION']) {
    const e = assertError(await api('GET', `/api/v1/mentionables?${q}`, { token: t }), 422, 'invalid');
    assert.ok(e.fields.context, q);
  }
  const long = assertError(await api('GET', `/api/v1/mentionables?context=question&q=${'a'.repeat(81)}`, { token: t }), 422, 'invalid');
  assert.deepEqual(long.fields.q, ['ニックネームは80文字以内でご入力ください']);
  assertStatus(await api('GET', `/api/v1/mentionables?context=question&q=${'あ'.repeat(80)}`, { token: t }), 200);
  for (const q of ['q=%FF', 'q=a%00b', 'q=%E3%81', 'context=%FF'])
    assertError(await api('GET', `/api/v1/mentionables?context=question&${q}`, { token: t }), 400);
  for (const id of ['abc', '-1', '1.5', '99999999999999999999', '0x10']) {
    const e = assertError(await api('GET', `/api/v1/mentionables?context=review&submission_id=${id}`, { token: t }), 422, 'invalid');
    assert.ok(e.fields.submission_id, id);
  }
  assertError(await api('GET', '/api/v1/mentionables?context=review&submission_id=999999999999', { token: t }), 404);
  // Wildcards are characters, not patterns.
  const pct = await api('GET', '/api/v1/mentionables?context=question&q=%25', { token: t });
  assertStatus(pct, 200);
  assert.ok(pct.json.data.every((a) => a.nickname.startsWith('%')));
  assertError(await api('GET', '/api/v1/mentionables?context=question'), 401);
});
