// Two-factor login (TOTP, RFC 6238; docs/privacy.md "Two-factor login"): enrolment, the login's
// code step, replay, throttling, recovery codes, enforcement per role and `camp accounts
// reset-2fa`. Every code comes from Debian's oathtool, never from our own code.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  BASE_URL, api, assertError, camp, createAccount, freshAddress, login, meUntil,
} from './lib/client.mjs';
import { checkResponse } from './lib/contract.mjs';
import { startOwnDaemon } from './lib/own-daemon.mjs';

const CODE_FORMAT = '確認コードは6桁の数字、またはリカバリーコード（xxxxx-xxxxx）でご入力ください';
const CODE_WRONG = '確認コードが正しくありません';
const CHALLENGE_EXPIRED = 'ログインの有効期限が切れました。メールアドレスとパスワードからもう一度ログインしてください';
const MUST_ENROL = '二段階認証の設定が必要です。設定を完了してからご利用ください';

/** oathtool's code for `secret` (base32), `steps` 30-second steps from now. */
function totp(secret, steps = 0) {
  const at = Math.floor(Date.now() / 1000) + steps * 30;
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${at}`, secret], { encoding: 'utf8' }).trim();
}

/** api() against another daemon, checked against the contract the same way. */
async function call(base, method, path, { token, json, headers = {} } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (json !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers: h, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  let parsed;
  try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  const answer = { status: res.status, headers: res.headers, text, json: parsed, requestId: res.headers.get('x-request-id') };
  checkResponse(method, path, answer);
  return answer;
}

/** Logs in with the password from `address`: the answer of POST /api/v1/account_token. */
function passwordStep(base, account, address) {
  return call(base, 'POST', '/api/v1/account_token', {
    json: { auth: { email: account.email, password: account.password } }, headers: { 'x-forwarded-for': address },
  });
}

function codeStep(base, challenge, code, address) {
  return call(base, 'POST', '/api/v1/sessions/two_factor', { json: { challenge, code }, headers: { 'x-forwarded-for': address } });
}

/** Enrols the account behind `token`: {secret, recoveryCodes}. The code used is this step's. */
async function enrol(base, token) {
  const begun = await call(base, 'POST', '/api/v1/accounts/me/two_factor', { token });
  assert.equal(begun.status, 201, begun.text);
  const { secret } = begun.json;
  const confirmed = await call(base, 'POST', '/api/v1/accounts/me/two_factor/confirmation', { token, json: { code: totp(secret) } });
  assert.equal(confirmed.status, 200, confirmed.text);
  return { secret, recoveryCodes: confirmed.json.recovery_codes };
}

/** The full login with a code: the JWT. */
async function loginWithCode(base, account, code, address = freshAddress()) {
  const first = await passwordStep(base, account, address);
  assert.equal(first.status, 200, first.text);
  const second = await codeStep(base, first.json.challenge, code, address);
  assert.equal(second.status, 201, second.text);
  return second.json.jwt;
}

describe('enrolment and the login code step', () => {
  let account, token, secret, recoveryCodes;
  before(async () => {
    account = createAccount({ role: 'student', course: 'rails_4m' });
    token = await login(account.email, account.password);
  });

  test('enrolment: a secret and QR URI, the first code confirms it, ten recovery codes once', async () => {
    const off = await api('GET', '/api/v1/accounts/me/two_factor', { token });
    assert.deepEqual(off.json, { enabled: false, required: false, recovery_codes_left: 0 });
    const early = await api('POST', '/api/v1/accounts/me/two_factor/confirmation', { token, json: { code: '123456' } });
    assertError(early, 409);
    const begun = await api('POST', '/api/v1/accounts/me/two_factor', { token });
    assert.equal(begun.status, 201);
    secret = begun.json.secret;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.ok(begun.json.otpauth_uri.startsWith('otpauth://totp/camp:'), begun.json.otpauth_uri);
    assert.ok(begun.json.otpauth_uri.includes(`secret=${secret}`));

    for (const [body, status] of [
      [{ code: '1234567' }, 422], [{ code: '12345' }, 422], [{ code: 123456 }, 422], [{ code: '' }, 422], [{}, 422],
      [{ code: 'abcdef' }, 422], [{ code: 'x'.repeat(5000) }, 422], [[], 400],
    ]) {
      const res = await api('POST', '/api/v1/accounts/me/two_factor/confirmation', { token, json: body });
      assertError(res, status);
      if (status === 422) assert.ok(res.json.error.fields.code, JSON.stringify(res.json));
    }
    const broken = await api('POST', '/api/v1/accounts/me/two_factor/confirmation', {
      token, body: '{"code": "12', headers: { 'content-type': 'application/json' },
    });
    assertError(broken, 400);
    const badUtf8 = await api('POST', '/api/v1/accounts/me/two_factor/confirmation', {
      token, body: Buffer.from([0x7b, 0x22, 0x63, 0x6f, 0x64, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    assert.ok([400, 422].includes(badUtf8.status), badUtf8.text);
    const wrong = await api('POST', '/api/v1/accounts/me/two_factor/confirmation', {
      token, json: { code: totp(secret, 5) }, headers: { 'x-forwarded-for': freshAddress() },
    });
    assertError(wrong, 422);
    assert.deepEqual(wrong.json.error.fields.code, [CODE_WRONG]);

    const confirmed = await api('POST', '/api/v1/accounts/me/two_factor/confirmation', { token, json: { code: totp(secret) } });
    assert.equal(confirmed.status, 200, confirmed.text);
    recoveryCodes = confirmed.json.recovery_codes;
    assert.equal(new Set(recoveryCodes).size, 10);
    const on = await api('GET', '/api/v1/accounts/me/two_factor', { token });
    assert.deepEqual(on.json, { enabled: true, required: false, recovery_codes_left: 10 });
    const me = await api('GET', '/api/v1/accounts/me', { token });
    assert.equal(me.json.two_factor_enabled, true);
    assert.equal(me.json.two_factor_required, false);
    assertError(await api('POST', '/api/v1/accounts/me/two_factor', { token }), 409);  // on already
  });

  test('the password alone gives a challenge, not a token; the code gives the token', async () => {
    const address = freshAddress();
    const first = await passwordStep(BASE_URL, account, address);
    assert.equal(first.status, 200);
    assert.equal(first.json.two_factor_required, true);
    assert.equal(first.json.jwt, undefined);
    const second = await codeStep(BASE_URL, first.json.challenge, totp(secret, 1), address);
    assert.equal(second.status, 201, second.text);
    const me = await api('GET', '/api/v1/accounts/me', { token: second.json.jwt });
    assert.equal(me.json.id, account.id);
    // The challenge is used up.
    const again = await codeStep(BASE_URL, first.json.challenge, totp(secret, -1), address);
    assertError(again, 401);
    assert.equal(again.json.error.message, CHALLENGE_EXPIRED);
  });

  test('a code is accepted once: the same code again is refused (replay), as are older ones and those outside the window', async () => {
    // Enrolment took this step's code and the login above the next one's.
    for (const refused of [totp(secret, 1), totp(secret, 0), totp(secret, -3), totp(secret, 3)]) {
      const address = freshAddress();
      const first = await passwordStep(BASE_URL, account, address);
      const res = await codeStep(BASE_URL, first.json.challenge, refused, address);
      assertError(res, 401);
      assert.equal(res.json.error.message, CODE_WRONG);
    }
  });

  test('each recovery code logs in once, typed however', async () => {
    await loginWithCode(BASE_URL, account, recoveryCodes[0]);
    const address = freshAddress();
    const first = await passwordStep(BASE_URL, account, address);
    assertError(await codeStep(BASE_URL, first.json.challenge, recoveryCodes[0], address), 401);
    await loginWithCode(BASE_URL, account, ` ${recoveryCodes[1].toUpperCase().replace('-', '')} `);
    const status = await api('GET', '/api/v1/accounts/me/two_factor', { token });
    assert.equal(status.json.recovery_codes_left, 8);
  });

  test('bad input to the code step: documented errors, never a 500', async () => {
    const address = freshAddress();
    const first = await passwordStep(BASE_URL, account, address);
    const { challenge } = first.json;
    for (const [json, status] of [
      [{ challenge, code: '1234567' }, 422], [{ challenge, code: 123456 }, 422], [{ challenge: 5, code: '123456' }, 422],
      [{ challenge }, 422], [{ challenge: 'nope', code: '123456' }, 401], [{ code: '123456' }, 401], ['x', 400],
      [{ challenge: 'x'.repeat(100000), code: '123456' }, 401],
    ]) {
      const direct = await api('POST', '/api/v1/sessions/two_factor', { json, headers: { 'x-forwarded-for': address } });
      assertError(direct, status);
    }
    const broken = await api('POST', '/api/v1/sessions/two_factor', { body: '{"challenge":', headers: { 'content-type': 'application/json' } });
    assertError(broken, 400);
    const malformed = await api('POST', '/api/v1/sessions/two_factor', { json: { challenge, code: '１２３４５６' } });
    assertError(malformed, 422);
    assert.deepEqual(malformed.json.error.fields.code, [CODE_FORMAT]);
    // Another account's code does not open this challenge.
    const other = createAccount({ role: 'trial' });
    const otherToken = await login(other.email, other.password);
    const { secret: otherSecret } = await enrol(BASE_URL, otherToken);
    assertError(await codeStep(BASE_URL, challenge, totp(otherSecret, 1), address), 401);
    // Enrolling the other account changed nothing here.
    const mine = await api('GET', '/api/v1/accounts/me/two_factor', { token });
    assert.equal(mine.json.recovery_codes_left, 8);
  });

  test('wrong codes are throttled like wrong passwords (429 with Retry-After)', async () => {
    const address = freshAddress();
    const first = await passwordStep(BASE_URL, account, address);
    const wrong = totp(secret, 10);
    let throttled;
    for (let i = 0; i < 10 && !throttled; i++) {
      const res = await codeStep(BASE_URL, first.json.challenge, wrong, address);
      if (res.status === 429) throttled = res;
      else assertError(res, 401);
    }
    assert.ok(throttled, 'no 429 after ten wrong codes');
    assertError(throttled, 429);
    assert.ok(Number(throttled.headers.get('retry-after')) > 0);
    // Even the right code now waits, and so does the password step from this address.
    assertError(await codeStep(BASE_URL, first.json.challenge, totp(secret, 1), address), 429);
    assertError(await passwordStep(BASE_URL, account, address), 429);
  });

  test('turning it off needs a code; afterwards the password alone logs in', async () => {
    const address = freshAddress();
    const wrong = await api('DELETE', '/api/v1/accounts/me/two_factor', { token, json: { code: totp(secret, 10) }, headers: { 'x-forwarded-for': address } });
    assertError(wrong, 422);
    assertError(await api('DELETE', '/api/v1/accounts/me/two_factor', { token, json: { code: '12' } }), 422);
    const off = await api('DELETE', '/api/v1/accounts/me/two_factor', { token, json: { code: recoveryCodes[2] }, headers: { 'x-forwarded-for': address } });
    assert.equal(off.status, 204, off.text);
    assertError(await api('DELETE', '/api/v1/accounts/me/two_factor', { token, json: { code: recoveryCodes[3] } }), 409);
    const res = await passwordStep(BASE_URL, account, freshAddress());
    assert.equal(res.status, 201);
    assert.equal(typeof res.json.jwt, 'string');
  });
});

describe('enforcement for the roles in two_factor.required_roles', () => {
  let daemon;
  before(async () => {
    daemon = await startOwnDaemon({
      name: 'tfa',
      env: { CAMP_TWO_FACTOR_REQUIRED_ROLES: 'admin,basic_mentor,advanced_mentor,spot_advanced_mentor', CAMP_LOG_LEVEL: 'info' },
    });
  });
  after(async () => { await daemon?.stop(); });

  test('an admin without it may only enrol; a student is not asked; after enrolment all is open', async () => {
    const admin = createAccount({ role: 'admin' });
    const student = createAccount({ role: 'student', course: 'rails_4m' });
    const first = await passwordStep(daemon.url, admin, freshAddress());
    assert.equal(first.status, 201, 'no second factor yet: the token, to enrol with');
    const token = first.json.jwt;
    const me = await call(daemon.url, 'GET', '/api/v1/accounts/me', { token });
    assert.equal(me.json.two_factor_required, true);
    assert.equal(me.json.two_factor_enabled, false);
    for (const path of ['/api/v1/questions', '/api/v1/notifications', '/api/v1/students', '/api/v1/dashboard']) {
      const res = await call(daemon.url, 'GET', path, { token });
      assertError(res, 403);
      assert.equal(res.json.error.message, MUST_ENROL);
    }
    const status = await call(daemon.url, 'GET', '/api/v1/accounts/me/two_factor', { token });
    assert.deepEqual(status.json, { enabled: false, required: true, recovery_codes_left: 0 });
    const studentFirst = await passwordStep(daemon.url, student, freshAddress());
    assert.equal(studentFirst.status, 201);
    assert.equal((await call(daemon.url, 'GET', '/api/v1/questions', { token: studentFirst.json.jwt })).status, 200);
    // The page is in the daemon's memory now, and so is the admin's session: still refused.
    assertError(await call(daemon.url, 'GET', '/api/v1/questions', { token }), 403);

    const { secret, recoveryCodes } = await enrol(daemon.url, token);
    assert.equal((await call(daemon.url, 'GET', '/api/v1/questions', { token })).status, 200);
    // A required role cannot turn it off.
    const off = await call(daemon.url, 'DELETE', '/api/v1/accounts/me/two_factor', { token, json: { code: recoveryCodes[0] } });
    assertError(off, 403);
    // The next login asks for the code.
    const jwt = await loginWithCode(daemon.url, admin, totp(secret, 1));
    assert.equal((await call(daemon.url, 'GET', '/api/v1/questions', { token: jwt })).status, 200);
    // Neither codes nor challenges reach the log.
    const log = daemon.log();
    assert.ok(log.includes('/api/v1/sessions/two_factor'), 'the access log shows the route');
    for (const secretText of [secret, recoveryCodes[0], totp(secret, 1)]) assert.ok(!log.includes(secretText), `log holds ${secretText}`);
  });

  test('camp accounts reset-2fa: sessions end, the password logs in, enrolment is asked again', async () => {
    const mentor = createAccount({ role: 'basic_mentor' });
    const token = (await passwordStep(daemon.url, mentor, freshAddress())).json.jwt;
    const { secret } = await enrol(daemon.url, token);
    const jwt = await loginWithCode(daemon.url, mentor, totp(secret, 1));
    const out = JSON.parse(camp('--json', 'accounts', 'reset-2fa', mentor.email));
    assert.deepEqual(out, { account_id: mentor.id, reset: true });
    for (const t of [token, jwt]) {
      const res = await call(daemon.url, 'GET', '/api/v1/accounts/me', { token: t });
      assertError(res, 401);
    }
    const again = await passwordStep(daemon.url, mentor, freshAddress());
    assert.equal(again.status, 201);
    const me = await call(daemon.url, 'GET', '/api/v1/accounts/me', { token: again.json.jwt });
    assert.equal(me.json.two_factor_enabled, false);
    assertError(await call(daemon.url, 'GET', '/api/v1/questions', { token: again.json.jwt }), 403);
    const audit = JSON.parse(camp('--json', 'audit', 'list'));
    assert.ok(audit.data.some((e) => e.action === 'two_factor.reset' && e.subject === `account ${mentor.id}`), JSON.stringify(audit.data[0]));
  });
});

test('the shared daemon requires it of nobody (config/test.yaml)', async () => {
  const admin = createAccount({ role: 'admin' });
  const token = await login(admin.email, admin.password);
  const me = await meUntil(token, (r) => r.status === 200);
  assert.equal(me.json.two_factor_required, false);
  assert.equal((await api('GET', '/api/v1/questions', { token })).status, 200);
});
