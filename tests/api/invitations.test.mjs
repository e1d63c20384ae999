// Invitations (docs/api.md "Invitations"): admins invite, the mailed link creates the account
// once and logs it in; an existing account is a 409, inviting again kills the old link; bad
// input is never a 500.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, createAccount, demoToken, login, uniqueEmail, camp } from './lib/client.mjs';
import { invitationId } from './lib/mailbox.mjs';

const INVALID_LINK = 'この招待リンクは無効です。すでに登録済みか、新しい招待に置き換えられた可能性があります。';
let admin;

before(async () => { admin = await demoToken('admin'); });

const invite = (invitation, token = admin) => api('POST', '/api/v1/invitations', { token, json: { invitation } });
const accept = (id, invitation) => api('POST', `/api/v1/invitations/${id}/acceptance`, { json: { invitation } });
const GOOD = { nickname: '招待 次郎', password: 'jiro-pass-123', password_confirmation: 'jiro-pass-123' };

describe('inviting', () => {
  test('an admin invites a student with a course; the answer and the mail', async () => {
    const email = uniqueEmail('invited');
    const res = await invite({ email, role: 'student', course: 'rails_5m', nickname: '招待 花子' });
    assertStatus(res, 201);
    assert.equal(res.json.email, email);
    assert.equal(res.json.role, 'student');
    assert.equal(res.json.course.code, 'rails_5m');
    assert.equal(res.json.nickname, '招待 花子');
    const days = (Date.parse(res.json.expires_at) - Date.now()) / 86400000;
    assert.ok(days > 6.99 && days <= 7.01, `expires in ${days} days`);
    assert.equal((await invitationId(email)).length, 43);
  });

  test('an e-mail with an account is a 409 with the catalogue message', async () => {
    const e = assertError(await invite({ email: 'Student@Example.com', role: 'student', course: 'rails_4m' }), 409, 'conflict');
    assert.deepEqual(e.fields.email, ['このメールアドレスは既に使われています']);
  });

  test('fields: e-mail, role, course rules', async () => {
    const e = assertError(await invite({ email: 'bad', role: 'wizard', nickname: 'x'.repeat(81) }), 422, 'invalid');
    assert.deepEqual(e.fields.email, ['不正なメールアドレスです']);
    assert.deepEqual(e.fields.role, ['不正なロールです']);
    assert.deepEqual(e.fields.nickname, ['ニックネームは80文字以内でご入力ください']);
    assert.deepEqual(assertError(await invite({ email: uniqueEmail(), role: 'student' }), 422).fields.course, ['受講生・卒業生にはコースの指定が必要です']);
    assert.deepEqual(assertError(await invite({ email: uniqueEmail(), role: 'trial', course: 'rails_4m' }), 422).fields.course, ['コースを指定できるのは受講生・卒業生のみです']);
    assert.deepEqual(assertError(await invite({ email: uniqueEmail(), role: 'student', course: 'nosuch' }), 422).fields.course, ['存在しないコースです']);
    assert.deepEqual(assertError(await invite({ role: 'trial' }), 422).fields.email, ['メールアドレスは必須です']);
    for (const email of [1, true, [], {}]) assert.ok(assertError(await invite({ email, role: 'trial' }), 422).fields.email);
    assertError(await api('POST', '/api/v1/invitations', { token: admin, json: { email: 'a@example.com' } }), 400, 'malformed');
    const utf8 = Buffer.concat([Buffer.from('{"invitation":{"email":"'), Buffer.from([0xFF, 0xFE]), Buffer.from('","role":"trial"}}')]);
    assertError(await api('POST', '/api/v1/invitations', { token: admin, body: utf8, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
    const huge = JSON.stringify({ invitation: { email: 'x', role: 'trial', nickname: 'あ'.repeat(600000) } });
    assertError(await api('POST', '/api/v1/invitations', { token: admin, body: huge, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
  });

  test('only admins: a mentor gets 403 even with a bad body', async () => {
    const mentor = await demoToken('basic_mentor');
    assertError(await invite({ email: uniqueEmail(), role: 'trial' }, mentor), 403, 'forbidden');
    assertError(await api('POST', '/api/v1/invitations', { token: mentor, json: { nope: 1 } }), 403, 'forbidden');
  });

  test('inviting a pending address again replaces the invitation: the old link is dead', async () => {
    const email = uniqueEmail('again');
    assertStatus(await invite({ email, role: 'trial' }), 201);
    const first = await invitationId(email);
    assertStatus(await invite({ email, role: 'basic_mentor' }), 201);
    const second = await invitationId(email);
    assert.notEqual(first, second);
    assert.equal(assertError(await api('GET', `/api/v1/invitations/${first}`), 404, 'not_found').message, INVALID_LINK);
    assert.equal((await api('GET', `/api/v1/invitations/${second}`)).json.role, 'basic_mentor');
  });
});

describe('accepting', () => {
  test('creates the account once and answers a JWT like the login', async () => {
    const email = uniqueEmail('accept');
    await invite({ email, role: 'student', course: 'u29', nickname: '招待 三郎' });
    const id = await invitationId(email);
    const view = await api('GET', `/api/v1/invitations/${id}`);
    assertStatus(view, 200);
    assert.equal(view.json.email, email);
    assert.equal(view.json.expired, false);
    assert.equal(view.json.contact.email, 'admin@example.com');

    const res = await accept(id, GOOD);
    assertStatus(res, 201);
    const me = await api('GET', '/api/v1/accounts/me', { token: res.json.jwt });
    assertStatus(me, 200);
    assert.equal(me.json.email, email);
    assert.equal(me.json.nickname, '招待 次郎');
    assert.equal(me.json.course.code, 'u29');
    await login(email, GOOD.password);

    assertError(await accept(id, GOOD), 404, 'not_found');
    assertError(await api('GET', `/api/v1/invitations/${id}`), 404, 'not_found');
    assertError(await invite({ email, role: 'trial' }), 409, 'conflict');
  });

  test('password rules, confirmation and nickname, word for word; a refused try keeps the link', async () => {
    const email = uniqueEmail('rules');
    await invite({ email, role: 'trial' });
    const id = await invitationId(email);
    const cases = [
      [{ password: '', password_confirmation: '' }, 'password', 'パスワードは必須です'],
      [{ password: 'short', password_confirmation: 'short' }, 'password', 'パスワードは8文字以上でご入力ください'],
      [{ password: 'seventeen-chars-x', password_confirmation: 'seventeen-chars-x' }, 'password', 'パスワードは16文字以下でご入力ください'],
      [{ password: 'good-pass-123', password_confirmation: 'good-pass-124' }, 'password_confirmation', 'パスワードが一致しません'],
      [{ ...GOOD, nickname: 'x'.repeat(81) }, 'nickname', 'ニックネームは80文字以内でご入力ください'],
      [{ ...GOOD, nickname: 42 }, 'nickname', '不正な値です'],
      [{ ...GOOD, password: 12345678 }, 'password', '不正な値です'],
    ];
    for (const [body, field, message] of cases) {
      const e = assertError(await accept(id, body), 422, 'invalid');
      assert.ok(e.fields[field]?.includes(message), `${JSON.stringify(body)}: ${JSON.stringify(e.fields)}`);
    }
    assertError(await api('POST', `/api/v1/invitations/${id}/acceptance`, { json: GOOD }), 400, 'malformed');
    assertStatus(await api('GET', `/api/v1/invitations/${id}`), 200);
  });

  test('unknown, huge and garbage ids get the same 404', async () => {
    for (const p of ['A'.repeat(43), 'A'.repeat(42), 'A'.repeat(5000), '%27%3B--', '*'.repeat(43)]) {
      assertError(await api('GET', `/api/v1/invitations/${p}`), 404, 'not_found');
      assertError(await accept(p, GOOD), 404, 'not_found');
    }
    assertError(await api('GET', '/api/v1/invitations/%C0%AE'), 400, 'malformed');
  });

  test('camp accounts invite sends the same mail (no contact: the school is asked)', async () => {
    const email = uniqueEmail('cli');
    const out = JSON.parse(camp('--json', 'accounts', 'invite', '--email', email, '--role', 'trial', '--nickname', 'CLI 招待'));
    assert.equal(out.email, email);
    const view = await api('GET', `/api/v1/invitations/${await invitationId(email)}`);
    assert.equal(view.json.contact, null);
    assert.equal(view.json.nickname, 'CLI 招待');
  });
});

test('an account created meanwhile makes accepting a 409', async () => {
  const email = uniqueEmail('race');
  await invite({ email, role: 'trial' });
  const id = await invitationId(email);
  createAccount({ role: 'trial', email });
  const e = assertError(await accept(id, GOOD), 409, 'conflict');
  assert.deepEqual(e.fields.email, ['このメールアドレスは既に使われています']);
});
