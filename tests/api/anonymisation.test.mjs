// Deletion requests by anonymisation (docs/privacy.md "Deletion requests"):
// POST /api/v1/accounts/{id}/anonymisation. Admins only; the account's sessions end at once, its
// content stays under 退会したユーザー; bad input is a documented JSON error, never a 500.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, api, assertError, assertStatus, camp, createAndLogin, loginRaw } from './lib/client.mjs';

const ANONYMISED = '退会したユーザー';
const REASON_REQUIRED = '退会処理の理由は必須です';
const REASON_TOO_LONG = '退会処理の理由は200文字以内でご入力ください';
const path = (id) => `/api/v1/accounts/${id}/anonymisation`;

let admin, mentor, trial, other, category;

before(async () => {
  [admin, mentor, trial, other] = await Promise.all([
    createAndLogin({ role: 'admin' }),
    createAndLogin({ role: 'basic_mentor' }),
    createAndLogin({ role: 'trial' }),
    createAndLogin({ role: 'student', course: 'rails_4m' }),
  ]);
  const cats = await api('GET', '/api/v1/categories', { token: other.token });
  category = cats.json.data.find((c) => c.lists.length > 0).lists[0];
});

test('an admin anonymises a student: old token refused, content kept as 退会したユーザー, a second time 409', async () => {
  const student = await createAndLogin({ role: 'student', course: 'rails_4m', nickname: `消える人${Date.now()}` });
  const asked = await api('POST', '/api/v1/questions', {
    token: student.token, json: { question: { category_id: category.id, title: '匿名化される質問', body: '本文' } },
  });
  assertStatus(asked, 201);
  assertStatus(await api('GET', '/api/v1/accounts/me', { token: student.token }), 200);

  const res = await api('POST', path(student.account.id), { token: admin.token, json: { reason: '本人からの削除依頼' } });
  assertStatus(res, 200);
  assert.deepEqual(res.json, { account_id: student.account.id, display_name: ANONYMISED });

  assertError(await api('GET', '/api/v1/accounts/me', { token: student.token }), 401, 'unauthenticated');
  assertError(await loginRaw(student.account.email, student.account.password), 401);

  const list = await api('GET', '/api/v1/questions', { token: other.token });
  assertStatus(list, 200);
  const mine = list.json.data.find((q) => q.id === asked.json.id);
  assert.ok(mine, 'the question is still listed');
  assert.equal(mine.account.display_name, ANONYMISED);
  const shown = await api('GET', `/api/v1/questions/${asked.json.id}`, { token: other.token });
  assert.ok(!shown.text.includes(student.account.email) && !shown.text.includes(student.account.nickname), shown.text);

  const again = assertError(await api('POST', path(student.account.id), { token: admin.token, json: { reason: 'もう一度' } }), 409, 'conflict');
  assert.equal(again.message, 'このアカウントは既に退会処理（匿名化）済みです');

  const audit = JSON.parse(camp('audit', 'list', '--per', '1000', '--json'));
  const rows = (audit.data ?? audit).filter((r) => r.action === 'account.anonymise' && r.subject === `account ${student.account.id}`);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].reason, '本人からの削除依頼');
});

test('only admins: mentors, students and trial accounts get 403 and nothing changes; anonymous 401', async () => {
  const target = await createAndLogin({ role: 'student', course: 'rails_4m' });
  for (const who of [mentor, trial, other, target]) {
    assertError(await api('POST', path(target.account.id), { token: who.token, json: { reason: '勝手に' } }), 403, 'forbidden');
  }
  assertError(await api('POST', path(target.account.id), { json: { reason: 'x' } }), 401, 'unauthenticated');
  assertStatus(await api('GET', '/api/v1/accounts/me', { token: target.token }), 200);
});

test('bad input is the documented JSON error, never a 500', async () => {
  const target = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const post = (opts) => api('POST', path(target.account.id), { token: admin.token, ...opts });
  const reasonError = async (json, message) => {
    const e = assertError(await post({ json }), 422, 'invalid');
    assert.deepEqual(e.fields.reason, [message], JSON.stringify(json).slice(0, 80));
  };
  await reasonError({}, REASON_REQUIRED);
  await reasonError({ reason: '' }, REASON_REQUIRED);
  await reasonError({ reason: ' \u3000\u00a0\n' }, REASON_REQUIRED);
  await reasonError({ reason: 'あ'.repeat(201) }, REASON_TOO_LONG);
  assert.ok(assertError(await post({ json: { reason: 12 } }), 422, 'invalid').fields.reason);
  assert.ok(assertError(await post({ json: { reason: ['x'] } }), 422, 'invalid').fields.reason);
  assertError(await post({ json: ['reason'] }), 400, 'malformed');
  assertError(await post({ body: '{"reason": ', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  const invalidUtf8 = Buffer.concat([Buffer.from('{"reason":"'), Buffer.from([0xc0, 0xae]), Buffer.from('"}')]);
  assertError(await post({ body: invalidUtf8, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await post({ body: 'reason=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
  assertError(await post({ json: { reason: 'x'.repeat(2_000_000) } }), 413);
  assertError(await api('POST', path('999999999999999999'), { token: admin.token, json: { reason: '削除依頼' } }), 404, 'not_found');
  assertError(await api('POST', path('9'.repeat(19)), { token: admin.token, json: { reason: '削除依頼' } }), 404);
  assertError(await api('POST', path('abc'), { token: admin.token, json: { reason: '削除依頼' } }), 404);
  const adminTarget = assertError(await api('POST', path(admin.account.id), { token: admin.token, json: { reason: '削除依頼' } }), 422, 'invalid');
  assert.equal(adminTarget.message, '管理者のアカウントは退会処理（匿名化）できません。先に権限を変更してください');
  // None of it touched the account.
  assertStatus(await api('GET', '/api/v1/accounts/me', { token: target.token }), 200);
  assert.ok(BASE_URL);
});
