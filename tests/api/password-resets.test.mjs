// Password reset (docs/api.md "Password reset"): POST /api/v1/password_resets always answers
// the same 202, the mailed link works once, sets the password, ends every session; requests
// are limited per e-mail and per client address; bad input is never a 500.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, createAccount, freshAddress, login, loginRaw, uniqueEmail } from './lib/client.mjs';
import { resetToken } from './lib/mailbox.mjs';

const SENT = 'ご入力のメールアドレスが登録されている場合、パスワード再設定用のメールを送信しました。メールに記載のリンクから1時間以内に新しいパスワードを設定してください。';
const LINK_INVALID = 'このパスワード再設定用のリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。';

const ask = (email, address = freshAddress()) =>
  api('POST', '/api/v1/password_resets', { json: { password_reset: { email } }, headers: { 'x-forwarded-for': address } });
const setPassword = (token, password, password_confirmation = password) =>
  api('PATCH', `/api/v1/password_resets/${token}`, { json: { password_reset: { password, password_confirmation } } });

describe('asking for a reset', () => {
  test('a registered and an unknown e-mail get the same 202 body', async () => {
    const account = createAccount({ role: 'student', course: 'rails_4m' });
    const known = await ask(account.email);
    const unknown = await ask(uniqueEmail('nobody'));
    assertStatus(known, 202);
    assertStatus(unknown, 202);
    assert.deepEqual(known.json, { message: SENT });
    assert.deepEqual(unknown.json, known.json);
    assert.equal((await resetToken(account.email)).length, 43);
  });

  test('a missing or malformed e-mail is a 422 with the catalogue messages', async () => {
    for (const [email, message] of [['', 'メールアドレスは必須です'], ['not-an-address', '不正なメールアドレスです']]) {
      const e = assertError(await ask(email), 422, 'invalid');
      assert.deepEqual(e.fields.email, [message]);
    }
  });

  test('wrong types, a wrong shape, invalid UTF-8 and oversized bodies are 4xx, never 500', async () => {
    for (const email of [42, true, ['a@example.com'], { a: 1 }, 'a\u0000@example.com']) {
      const e = assertError(await ask(email), 422, 'invalid');
      assert.ok(e.fields.email?.length, JSON.stringify(email));
    }
    for (const json of [{}, { password_reset: 'a@example.com' }, [], 'x']) {
      assertError(await api('POST', '/api/v1/password_resets', { json }), 400, 'malformed');
    }
    const utf8 = Buffer.concat([Buffer.from('{"password_reset":{"email":"'), Buffer.from([0xC0, 0xAE]), Buffer.from('"}}')]);
    assertError(await api('POST', '/api/v1/password_resets', { body: utf8, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
    const huge = JSON.stringify({ password_reset: { email: 'a'.repeat(2 * 1024 * 1024) } });
    assertError(await api('POST', '/api/v1/password_resets', { body: huge, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
    assertError(await api('POST', '/api/v1/password_resets', { body: '{"password_reset":{"email":"a@example.com"}}', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    const e = assertError(await ask(`${'a'.repeat(300)}@example.com`), 422, 'invalid');
    assert.ok(e.fields.email?.length);
  });

  test('past the per-e-mail limit: 429 with Retry-After, whether registered or not', async () => {
    for (const email of [createAccount({ role: 'trial' }).email, uniqueEmail('limit')]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await ask(email)).status);
      assert.deepEqual(statuses.slice(0, 3), [202, 202, 202]);
      const res = await ask(email);
      assertError(res, 429, 'too_many_requests');
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      assert.equal(statuses[3], 429);
    }
  });

  test('past the per-address limit: 429 for any e-mail from there, others unaffected', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) assertStatus(await ask(uniqueEmail('addr'), address), 202);
    const res = await ask(uniqueEmail('addr'), address);
    assertError(res, 429, 'too_many_requests');
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assertStatus(await ask(uniqueEmail('addr')), 202);
  });
});

describe('the link', () => {
  test('works once: sets the password, ends every session, then says it is invalid', async () => {
    const account = createAccount({ role: 'student', course: 'rails_4m' });
    const before1 = await login(account.email, account.password);
    const before2 = await login(account.email, account.password);
    assertStatus(await ask(account.email), 202);
    const token = await resetToken(account.email);
    const check = await api('GET', `/api/v1/password_resets/${token}`);
    assertStatus(check, 200);
    const left = Date.parse(check.json.expires_at) - Date.now();
    assert.ok(left > 59 * 60 * 1000 && left <= 60 * 60 * 1000 + 5000, `expires in ${left} ms`);

    assertStatus(await setPassword(token, 'new-pass-4567'), 204);
    for (const jwt of [before1, before2]) assertError(await api('GET', '/api/v1/accounts/me', { token: jwt }), 401, 'unauthenticated');
    await login(account.email, 'new-pass-4567');
    assertError(await loginRaw(account.email, account.password, { address: freshAddress() }), 401, 'unauthenticated');

    const again = assertError(await api('GET', `/api/v1/password_resets/${token}`), 404, 'not_found');
    assert.equal(again.message, LINK_INVALID);
    assertError(await setPassword(token, 'other-pass-890'), 404, 'not_found');
  });

  test('the password rules and the confirmation, word for word; a refused try keeps the link', async () => {
    const account = createAccount({ role: 'trial' });
    await ask(account.email);
    const token = await resetToken(account.email);
    const cases = [
      ['', '', 'password', 'パスワードは必須です'],
      ['short', 'short', 'password', 'パスワードは8文字以上でご入力ください'],
      ['seventeen-chars-x', 'seventeen-chars-x', 'password', 'パスワードは16文字以下でご入力ください'],
      ['new-pass-4567', 'new-pass-4568', 'password_confirmation', 'パスワードが一致しません'],
      ['new-pass-4567', '', 'password_confirmation', '確認用のパスワードは必須です'],
    ];
    for (const [password, confirmation, field, message] of cases) {
      const e = assertError(await setPassword(token, password, confirmation), 422, 'invalid');
      assert.deepEqual(e.fields[field], [message], `${password}/${confirmation}`);
    }
    for (const password of [12345678, null, ['x'], { p: 1 }]) {
      const e = assertError(await api('PATCH', `/api/v1/password_resets/${token}`, { json: { password_reset: { password, password_confirmation: password } } }), 422, 'invalid');
      assert.ok(e.fields.password?.length, JSON.stringify(password));
    }
    assertError(await api('PATCH', `/api/v1/password_resets/${token}`, { json: { password: 'x' } }), 400, 'malformed');
    assertStatus(await api('GET', `/api/v1/password_resets/${token}`), 200);
  });

  test('unknown, huge, garbage and invalid UTF-8 tokens get the same 404 (or 400 for bad UTF-8)', async () => {
    const paths = ['A'.repeat(43), 'A'.repeat(42), 'A'.repeat(44), 'A'.repeat(4000), '%27%20OR%201%3D1--aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '..%2F..%2Fetc', '*'.repeat(43)];
    for (const p of paths) {
      const e = assertError(await api('GET', `/api/v1/password_resets/${p}`), 404, 'not_found');
      assert.ok(e.message.length > 0);
      assertError(await setPassword(p, 'new-pass-4567'), 404, 'not_found');
    }
    const known = assertError(await api('GET', `/api/v1/password_resets/${'B'.repeat(43)}`), 404, 'not_found');
    assert.equal(known.message, LINK_INVALID);
    assertError(await api('GET', '/api/v1/password_resets/%C0%AE'), 400, 'malformed');
    assertError(await api('GET', '/api/v1/password_resets/abc%00def'), 400, 'malformed');
  });
});
