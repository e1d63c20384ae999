// GET /api/v1/accounts/me and PATCH /api/v1/accounts/{id}.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, assertError, assertStatus, COURSES, createAndLogin, DEMO, DEMO_PASSWORD, demoToken, freshAddress, login, loginRaw,
  patchBody, upload, uniqueEmail,
} from './lib/client.mjs';
import { png } from './lib/images.mjs';

const NICKNAME_TOO_LONG = 'ニックネームは80文字以内でご入力ください';
const EMAIL_INVALID = '不正なメールアドレスです';
const EMAIL_REQUIRED = 'メールアドレスは必須です';
const PASSWORD_REQUIRED = 'パスワードは必須です';
const CURRENT_PASSWORD_WRONG = '現在のパスワードが正しくありません';
const OWN_UPLOAD = 'アップロードした画像のURLを指定してください';

function assertAccountShape(account) {
  assert.ok(Number.isInteger(account.id) && account.id > 0, `id ${account.id}`);
  for (const key of ['id', 'role', 'email', 'nickname', 'display_name', 'image_url', 'course']) {
    assert.ok(key in account, `account has ${key}: ${JSON.stringify(account)}`);
  }
  assert.ok(account.nickname === null || typeof account.nickname === 'string');
  assert.ok(account.image_url === null || typeof account.image_url === 'string');
  assert.ok(!('password' in account) && !('password_digest' in account) && !('password_hash' in account),
    'no password material in the account JSON');
}

describe('GET /api/v1/accounts/me', () => {
  for (const [key, demo] of Object.entries(DEMO)) {
    test(`${demo.email} sees its role, e-mail and course`, async () => {
      const res = await api('GET', '/api/v1/accounts/me', { token: await demoToken(key) });
      assertStatus(res, 200);
      assert.match(res.headers.get('content-type') || '', /^application\/json/);
      const me = res.json;
      assertAccountShape(me);
      assert.equal(me.role, demo.role);
      assert.equal(me.email, demo.email);
      if (demo.course === null) {
        assert.equal(me.course, null);
      } else {
        assert.equal(me.course.code, demo.course);
        assert.equal(me.course.name, COURSES[demo.course].name);
        if (COURSES[demo.course].months) assert.equal(me.course.months, COURSES[demo.course].months);
        else assert.ok(Number.isInteger(me.course.months) && me.course.months > 0);
      }
    });
  }

  test('the U29 student sees the U29 course name', async () => {
    const me = (await api('GET', '/api/v1/accounts/me', { token: await demoToken('u29') })).json;
    assert.equal(me.course.name, 'Railsキャリアコース（U29）');
  });

  test('each demo account has its own id', async () => {
    const ids = new Set();
    for (const key of Object.keys(DEMO)) {
      ids.add((await api('GET', '/api/v1/accounts/me', { token: await demoToken(key) })).json.id);
    }
    assert.equal(ids.size, Object.keys(DEMO).length);
  });
});

describe('PATCH /api/v1/accounts/{id}', () => {
  let self; // {account, token}: a throwaway student
  let me;
  before(async () => {
    self = await createAndLogin({ role: 'student', course: 'rails_4m', nickname: '元の名前' });
    me = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
  });

  const patch = (id, body, token) => api('PATCH', `/api/v1/accounts/${id}`, { token, json: body });

  test('nickname and e-mail change; GET me and login follow', async () => {
    const email = uniqueEmail('renamed');
    const res = await patch(me.id, patchBody(me, {
      nickname__c: '新しい 名前', personemail: email, current_password: self.account.password,
    }), self.token);
    assertStatus(res, 200);
    assertAccountShape(res.json);
    assert.equal(res.json.id, me.id);
    assert.equal(res.json.nickname, '新しい 名前');
    assert.equal(res.json.email, email);
    assert.equal(res.json.role, 'student');
    assert.equal(res.json.course.code, 'rails_4m');

    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.equal(after.nickname, '新しい 名前');
    assert.equal(after.email, email);
    await login(email, self.account.password);
    me = after;
  });

  test('an 80-character Japanese nickname is accepted as is', async () => {
    const nickname = 'あいうえおかきくけこ'.repeat(8);
    assert.equal([...nickname].length, 80);
    const res = await patch(me.id, patchBody(me, { nickname__c: nickname }), self.token);
    assertStatus(res, 200);
    assert.equal(res.json.nickname, nickname);
    me = res.json;
  });

  test('an 81-character nickname → 422 with the exact message, nothing saved', async () => {
    const res = await patch(me.id, patchBody(me, { nickname__c: 'あ'.repeat(81) }), self.token);
    const e = assertError(res, 422, 'invalid');
    assert.deepEqual(e.fields.nickname__c, [NICKNAME_TOO_LONG]);
    assert.ok(!('personemail' in e.fields), 'no e-mail error for a valid e-mail');
    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.equal(after.nickname, me.nickname);
  });

  test('characters are counted, not UTF-16 units or bytes: 80 emoji ok, 81 refused', async () => {
    const ok = await patch(me.id, patchBody(me, { nickname__c: '😀'.repeat(80) }), self.token);
    assertStatus(ok, 200);
    assert.equal(ok.json.nickname, '😀'.repeat(80));
    me = ok.json;
    const e = assertError(await patch(me.id, patchBody(me, { nickname__c: '😀'.repeat(81) }), self.token), 422, 'invalid');
    assert.deepEqual(e.fields.nickname__c, [NICKNAME_TOO_LONG]);
  });

  test('a nickname with a NUL character is refused or stored whole, never truncated', async () => {
    const nickname = 'ヌル\u0000の後ろ';
    const res = await patch(me.id, patchBody(me, { nickname__c: nickname }), self.token);
    if (res.status === 200) {
      assert.equal(res.json.nickname, nickname, 'the nickname came back cut at the NUL');
      me = res.json;
    } else {
      const e = assertError(res, 422, 'invalid');
      assert.ok(Array.isArray(e.fields.nickname__c), JSON.stringify(e));
    }
    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.ok(after.nickname === me.nickname, `stored nickname ${JSON.stringify(after.nickname)}`);
  });

  test('an 81-character ASCII nickname → 422 too', async () => {
    const e = assertError(await patch(me.id, patchBody(me, { nickname__c: 'a'.repeat(81) }), self.token), 422, 'invalid');
    assert.deepEqual(e.fields.nickname__c, [NICKNAME_TOO_LONG]);
  });

  for (const bad of ['not-an-email', 'a@', '@example.com', 'two@@example.com', 'spa ce@example.com']) {
    test(`e-mail ${JSON.stringify(bad)} → 422 '${EMAIL_INVALID}'`, async () => {
      const e = assertError(await patch(me.id, patchBody(me, { personemail: bad }), self.token), 422, 'invalid');
      assert.deepEqual(e.fields.personemail, [EMAIL_INVALID]);
    });
  }

  test(`empty e-mail → 422 '${EMAIL_REQUIRED}'`, async () => {
    const e = assertError(await patch(me.id, patchBody(me, { personemail: '' }), self.token), 422, 'invalid');
    assert.deepEqual(e.fields.personemail, [EMAIL_REQUIRED]);
  });

  test('both fields wrong → both messages in one answer', async () => {
    const body = patchBody(me, { nickname__c: 'x'.repeat(81), personemail: 'nope' });
    const e = assertError(await patch(me.id, body, self.token), 422, 'invalid');
    assert.deepEqual(e.fields.nickname__c, [NICKNAME_TOO_LONG]);
    assert.deepEqual(e.fields.personemail, [EMAIL_INVALID]);
  });

  test('an image URL from an upload is saved and returned as image_url', async () => {
    const up = await upload(self.token, png(3, 3));
    assertStatus(up, 201);
    const res = await patch(me.id, patchBody(me, { account_image_01__c: up.json.file_url }), self.token);
    assertStatus(res, 200);
    assert.equal(res.json.image_url, up.json.file_url);
    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.equal(after.image_url, up.json.file_url);
    me = after;
  });

  test('a javascript: image URL → 422 on account_image_01__c', async () => {
    const e = assertError(
      await patch(me.id, patchBody(me, { account_image_01__c: 'javascript:alert(1)' }), self.token), 422, 'invalid');
    assert.deepEqual(e.fields.account_image_01__c, [OWN_UPLOAD]);
  });

  test("another account's upload, a made-up upload name or an upload of another kind → 422, nothing saved", async () => {
    const other = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const theirs = await upload(other.token, png(2, 2));
    assertStatus(theirs, 201);
    const mineButEvent = await upload(self.token, png(2, 2), { fileType: 'event' });
    assertStatus(mineButEvent, 201);
    const madeUp = theirs.json.file_url.replace(/[0-9a-f]{32}/, 'ab'.repeat(16));
    for (const url of [theirs.json.file_url, madeUp, mineButEvent.json.file_url]) {
      const e = assertError(await patch(me.id, patchBody(me, { account_image_01__c: url }), self.token), 422, 'invalid');
      assert.deepEqual(e.fields.account_image_01__c, [OWN_UPLOAD], url);
    }
    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.equal(after.image_url, me.image_url, 'the avatar is unchanged');
  });

  test('the current avatar may be sent again unchanged; an admin may set an upload of their own', async () => {
    assertStatus(await patch(me.id, patchBody(me, { nickname__c: 'そのまま' }), self.token), 200);
    const admin = await createAndLogin({ role: 'admin' });
    const up = await upload(admin.token, png(2, 2));
    assertStatus(up, 201);
    const res = await patch(me.id, patchBody(me, { nickname__c: 'そのまま', account_image_01__c: up.json.file_url }), admin.token);
    assertStatus(res, 200);
    assert.equal(res.json.image_url, up.json.file_url);
    me = res.json;
  });

  test('an e-mail taken by another account → 409 conflict', async () => {
    const res = await patch(me.id, patchBody(me, {
      personemail: DEMO.student.email, current_password: self.account.password,
    }), self.token);
    assertError(res, 409, 'conflict');
    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.equal(after.email, me.email);
  });

  test('an e-mail taken by another account in other letter case → 409 conflict', async () => {
    const res = await patch(me.id, patchBody(me, {
      personemail: DEMO.student.email.toUpperCase(), current_password: self.account.password,
    }), self.token);
    assertError(res, 409, 'conflict');
  });

  test("a student patching someone else's account → 403, nothing changes", async () => {
    const victim = await createAndLogin({ role: 'student', course: 'rails_5m', nickname: '被害者' });
    const res = await patch(victim.account.id, patchBody({ ...victim.account, nickname: '被害者' },
      { nickname__c: '乗っ取り', personemail: uniqueEmail('hijack') }), self.token);
    assertError(res, 403, 'forbidden');
    const after = (await api('GET', '/api/v1/accounts/me', { token: victim.token })).json;
    assert.equal(after.nickname, '被害者');
    assert.equal(after.email, victim.account.email);
  });

  test("a mentor patching a student's account → 403", async () => {
    const mentor = await createAndLogin({ role: 'advanced_mentor' });
    const res = await patch(me.id, patchBody(me, { nickname__c: 'メンターが変更' }), mentor.token);
    assertError(res, 403, 'forbidden');
  });

  test("an admin may patch another account; a new e-mail takes the ADMIN's own password", async () => {
    const target = await createAndLogin({ role: 'graduate', course: 'rails_4m', nickname: '卒業生' });
    const email = uniqueEmail('by-admin');
    const body = (changes) => patchBody({ ...target.account, nickname: '卒業生' },
      { nickname__c: '管理者が変更', personemail: email, ...changes });
    const admin = await demoToken('admin');
    // The student's password is not the proof: the admin's is.
    const e = assertError(await patch(target.account.id, body({ current_password: target.account.password }), admin),
      422, 'invalid');
    assert.deepEqual(e.fields.current_password, [CURRENT_PASSWORD_WRONG]);

    const res = await patch(target.account.id, body({ current_password: DEMO_PASSWORD }), admin);
    assertStatus(res, 200);
    assert.equal(res.json.id, target.account.id);
    assert.equal(res.json.nickname, '管理者が変更');
    assert.equal(res.json.email, email);
    assert.equal(res.json.role, 'graduate');
    // The student's sessions end (the admin's does not); the new e-mail logs in.
    assertError(await api('GET', '/api/v1/accounts/me', { token: target.token }), 401, 'unauthenticated');
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: admin }), 200);
    const after = (await api('GET', '/api/v1/accounts/me', { token: await login(email, target.account.password) })).json;
    assert.equal(after.email, email);
  });

  test('an admin patching an account that does not exist → 404', async () => {
    const res = await patch(2_000_000_000, patchBody(me, { personemail: uniqueEmail('ghost'), current_password: DEMO_PASSWORD }),
      await demoToken('admin'));
    assertError(res, 404, 'not_found');
  });

  test('a non-numeric id → 404 (or 400), never 500', async () => {
    const res = await api('PATCH', '/api/v1/accounts/abc', { token: self.token, json: patchBody(me) });
    assert.ok([400, 404].includes(res.status), `got ${res.status} ${res.text}`);
    assertError(res, res.status);
  });

  test('without a token → 401', async () => {
    assertError(await patch(me.id, patchBody(me, { nickname__c: '匿名' })), 401, 'unauthenticated');
  });

  test('the role cannot be raised through PATCH', async () => {
    const body = patchBody(me);
    body.account.role = 'admin';
    const res = await patch(me.id, body, self.token);
    assert.ok([200, 400, 422].includes(res.status), `got ${res.status} ${res.text}`);
    const after = (await api('GET', '/api/v1/accounts/me', { token: self.token })).json;
    assert.equal(after.role, 'student');
  });
});

describe('changing the e-mail needs the current password', () => {
  const patch = (id, body, token, address) =>
    api('PATCH', `/api/v1/accounts/${id}`, { token, json: body, headers: address ? { 'x-forwarded-for': address } : {} });

  test('missing → 422 パスワードは必須です; wrong → 422 with its own message; nothing changes, no session ends', async () => {
    const { account, token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const other = await login(account.email, account.password);
    const email = uniqueEmail('proof');
    for (const missing of [{}, { current_password: '' }, { current_password: null }]) {
      const e = assertError(await patch(account.id, patchBody(account, { personemail: email, ...missing }), token), 422, 'invalid');
      assert.deepEqual(e.fields.current_password, [PASSWORD_REQUIRED]);
    }
    const e = assertError(await patch(account.id, patchBody(account, { personemail: email, current_password: 'wrong-pass-99' }),
      token, freshAddress()), 422, 'invalid');
    assert.deepEqual(e.fields.current_password, [CURRENT_PASSWORD_WRONG]);
    assert.equal((await api('GET', '/api/v1/accounts/me', { token })).json.email, account.email);
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: other }), 200);
  });

  test('right password → 200; every other session gets 401, the requesting one keeps working', async () => {
    const { account, token } = await createAndLogin({ role: 'student', course: 'rails_5m' });
    const second = await login(account.email, account.password);
    const third = await login(account.email, account.password);
    const bystander = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const email = uniqueEmail('proven');
    const res = await patch(account.id, patchBody(account, { personemail: email, current_password: account.password }), token);
    assertStatus(res, 200);
    assert.equal(res.json.email, email);
    assertError(await api('GET', '/api/v1/accounts/me', { token: second }), 401, 'unauthenticated');
    assertError(await api('GET', '/api/v1/accounts/me', { token: third }), 401, 'unauthenticated');
    const me = await api('GET', '/api/v1/accounts/me', { token });
    assertStatus(me, 200);
    assert.equal(me.json.email, email);
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: bystander.token }), 200);
    assertError(await loginRaw(account.email, account.password, { address: freshAddress() }), 401, 'unauthenticated');
    assertStatus(await loginRaw(email, account.password, { address: freshAddress() }), 201);
  });

  test('the same e-mail, a nickname or an image needs no password and ends no session', async () => {
    const { account, token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const other = await login(account.email, account.password);
    assertStatus(await patch(account.id, patchBody(account, { nickname__c: 'パスワード不要' }), token), 200);
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: other }), 200);
  });

  test('wrong guesses are throttled like logins: 5 per (e-mail, address), then 429 with Retry-After', async () => {
    const { account, token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const address = freshAddress();
    const body = (pw) => patchBody(account, { personemail: uniqueEmail('guess'), current_password: pw });
    for (let i = 1; i <= 5; i++) assertError(await patch(account.id, body(`wrong-guess-${i}`), token, address), 422, 'invalid');
    const locked = await patch(account.id, body(account.password), token, address);
    assertError(locked, 429, 'too_many_requests');
    assert.ok(Number(locked.headers.get('retry-after')) > 0, 'Retry-After');
    // The same counters as logins: that address cannot log in to the account either, another can.
    assertError(await loginRaw(account.email, account.password, { address }), 429, 'too_many_requests');
    assertStatus(await loginRaw(account.email, account.password, { address: freshAddress() }), 201);
  });
});
