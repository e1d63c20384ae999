// Sessions: POST/DELETE /api/v1/account_token, JWT shape, forged tokens, rate limits.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import {
  api, assertError, assertStatus, camp, createAccount, createAndLogin, decodeJwt, DEMO, DEMO_PASSWORD,
  demoToken, freshAddress, jwtSecret, login, loginRaw, patchBody, uniqueEmail,
} from './lib/client.mjs';

const LOGIN_PATH = '/api/v1/account_token';

describe('login', () => {
  test('a correct login answers 201 with an HS256 JWT carrying sub, role, jti, iat, exp', async () => {
    const res = await loginRaw(DEMO.student.email, DEMO_PASSWORD, { address: freshAddress() });
    assertStatus(res, 201);
    assert.match(res.headers.get('content-type') || '', /^application\/json/);
    assert.deepEqual(Object.keys(res.json), ['jwt']);
    const parts = res.json.jwt.split('.');
    assert.equal(parts.length, 3, 'header.payload.signature');
    for (const p of parts) assert.match(p, /^[A-Za-z0-9_-]+$/, 'base64url without padding');

    const { header, payload } = decodeJwt(res.json.jwt);
    assert.equal(header.alg, 'HS256');
    const me = await api('GET', '/api/v1/accounts/me', { token: res.json.jwt });
    assertStatus(me, 200);
    assert.equal(String(payload.sub), String(me.json.id), 'sub is the account id');
    assert.equal(payload.role, 'student');
    assert.equal(typeof payload.jti, 'string', 'jti is a string (RFC 7519)');
    assert.ok(payload.jti.length > 0);
    assert.ok(Number.isInteger(payload.iat) && Number.isInteger(payload.exp), 'iat/exp are NumericDates');
    assert.ok(payload.exp > payload.iat, 'exp after iat');
    const now = Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(payload.iat - now) < 600, `iat ${payload.iat} is now (${now})`);
  });

  test('two logins get two different sessions (jti)', async () => {
    const a = decodeJwt(await login(DEMO.trial.email)).payload;
    const b = decodeJwt(await login(DEMO.trial.email)).payload;
    assert.notEqual(a.jti, b.jti);
  });

  test('wrong password and unknown e-mail get the same 401 answer', async () => {
    const account = createAccount({ role: 'student', course: 'rails_4m' });
    const wrong = await loginRaw(account.email, 'not-the-password-1', { address: freshAddress() });
    const unknown = await loginRaw(uniqueEmail('nobody'), 'not-the-password-1', { address: freshAddress() });
    assertError(wrong, 401, 'unauthenticated');
    assertError(unknown, 401, 'unauthenticated');
    const strip = (body) => ({ error: { ...body.error, request_id: undefined } });
    assert.deepEqual(strip(wrong.json), strip(unknown.json));
    assert.notEqual(wrong.json.error.request_id, unknown.json.error.request_id);
    assert.equal(wrong.headers.get('www-authenticate'), unknown.headers.get('www-authenticate'));
  });

  test('an e-mail differing only in case logs in the same account or fails like a wrong one', async () => {
    const account = createAccount({ role: 'trial' });
    const res = await loginRaw(account.email.toUpperCase(), account.password, { address: freshAddress() });
    assert.ok([201, 401].includes(res.status), `got ${res.status} ${res.text}`);
    if (res.status === 401) assertError(res, 401, 'unauthenticated');
  });

  for (const [name, auth] of [
    ['missing password', { email: 'student@example.com' }],
    ['missing e-mail', { password: DEMO_PASSWORD }],
    ['empty auth object', {}],
    ['empty strings', { email: '', password: '' }],
  ]) {
    test(`${name} → 422`, async () => {
      const res = await api('POST', LOGIN_PATH, { json: { auth }, headers: { 'x-forwarded-for': freshAddress() } });
      assertError(res, 422, 'invalid');
    });
  }

  test('a body without the auth wrapper is refused (400 or 422), never a session', async () => {
    const res = await api('POST', LOGIN_PATH, {
      json: { email: DEMO.student.email, password: DEMO_PASSWORD }, headers: { 'x-forwarded-for': freshAddress() },
    });
    assert.ok([400, 422].includes(res.status), `got ${res.status} ${res.text}`);
    assertError(res, res.status);
  });

  test('non-string credentials are refused (400 or 422)', async () => {
    const res = await api('POST', LOGIN_PATH, {
      json: { auth: { email: ['student@example.com'], password: 1234 } }, headers: { 'x-forwarded-for': freshAddress() },
    });
    assert.ok([400, 422].includes(res.status), `got ${res.status} ${res.text}`);
    assertError(res, res.status);
  });
});

describe('login rate limits', () => {
  test('per (e-mail, address): 5 failures, then 429 with Retry-After for that pair, even with the right password', async () => {
    const account = createAccount({ role: 'student', course: 'rails_5m' });
    const address = freshAddress();
    for (let i = 1; i <= 5; i++) {
      const res = await loginRaw(account.email, `wrong-${i}-password`, { address });
      assertError(res, 401, 'unauthenticated');
    }
    const locked = await loginRaw(account.email, 'wrong-6-password', { address });
    const e = assertError(locked, 429, 'too_many_requests');
    const retry = Number(locked.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 900, `Retry-After ${locked.headers.get('retry-after')}`);
    assert.equal(typeof e.message, 'string');

    const right = await loginRaw(account.email, account.password, { address });
    assertError(right, 429, 'too_many_requests');
    assert.ok(Number(right.headers.get('retry-after')) > 0);

    // The same address may still log in to other accounts (5 failures are below its own limit).
    const other = createAccount({ role: 'student', course: 'rails_4m' });
    assertStatus(await loginRaw(other.email, other.password, { address }), 201);
  });

  test('an attacker failing 100 times for an e-mail never locks the owner out', async () => {
    const account = createAccount({ role: 'student', course: 'rails_4m' });
    const attacker = freshAddress();
    const statuses = [];
    for (let i = 1; i <= 100; i++) statuses.push((await loginRaw(account.email, `guess-${i}-password`, { address: attacker })).status);
    // Five real failures, then the pair is refused without checking anything.
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.ok(statuses.slice(5).every((s) => s === 429), `after 5 failures only 429: ${statuses.join(',')}`);
    assertError(await loginRaw(account.email, account.password, { address: attacker }), 429, 'too_many_requests');

    // More failures for the e-mail from other addresses (each below its own limits): past
    // login_failures_per_email they only slow the e-mail down.
    for (let i = 0; i < 8; i++) assertError(await loginRaw(account.email, `spread-${i}-password`, { address: freshAddress() }),
      401, 'unauthenticated');

    // The owner, from another address, logs in with the right password.
    const owner = await loginRaw(account.email, account.password, { address: freshAddress() });
    assertStatus(owner, 201);
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: owner.json.jwt }), 200);
  });

  test('IPv6 clients are counted per /64: 20 failures from one /64, then 429 for all its addresses', async () => {
    // A random /64 inside 2001:db8::/32 (documentation), so reruns in the window do not collide.
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 1; i <= 20; i++) {
      assertError(await loginRaw(uniqueEmail(`v6-${i}`), 'wrong-password-1', { address: `${prefix}::${i.toString(16)}` }),
        401, 'unauthenticated');
    }
    assertError(await loginRaw(uniqueEmail('v6-21'), 'wrong-password-1', { address: `${prefix}:ffff::1` }), 429,
      'too_many_requests');
    const account = createAccount({ role: 'trial' });
    assertStatus(await loginRaw(account.email, account.password, { address: `${prefix.replace(/:[0-9a-f]+$/, ':ffff')}::1` }), 201);
  });

  test('per client address: 20 failures, then 429 for any e-mail from that address', async () => {
    const address = freshAddress();
    for (let i = 1; i <= 20; i++) {
      const res = await loginRaw(uniqueEmail(`flood${i}`), 'wrong-password-1', { address });
      assertError(res, 401, 'unauthenticated');
    }
    const locked = await loginRaw(uniqueEmail('flood21'), 'wrong-password-1', { address });
    assertError(locked, 429, 'too_many_requests');
    const retry = Number(locked.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 900, `Retry-After ${locked.headers.get('retry-after')}`);

    const account = createAccount({ role: 'trial' });
    assertError(await loginRaw(account.email, account.password, { address }), 429, 'too_many_requests');
    // The same account from another address is fine: the lock is on the address.
    assertStatus(await loginRaw(account.email, account.password, { address: freshAddress() }), 201);
  });

  test('successful logins do not count as failures', async () => {
    const account = createAccount({ role: 'trial' });
    const address = freshAddress();
    for (let i = 0; i < 7; i++) assertStatus(await loginRaw(account.email, account.password, { address }), 201);
  });
});

describe('tokens', () => {
  let token;
  let claims;
  before(async () => {
    token = await demoToken('student');
    claims = decodeJwt(token).payload;
  });

  const b64 = (obj) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  const sign = (input, secret) => createHmac('sha256', secret).update(input).digest('base64url');

  async function refused(bearer, headerValue) {
    const res = await api('GET', '/api/v1/accounts/me', {
      headers: { authorization: headerValue ?? `Bearer ${bearer}` },
    });
    assertError(res, 401, 'unauthenticated');
  }

  test('the valid token works (control)', async () => {
    assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  });

  test('no Authorization header → 401', async () => {
    assertError(await api('GET', '/api/v1/accounts/me'), 401, 'unauthenticated');
  });

  test('alg "none" with the real claims → 401', async () => {
    await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'admin' })}.`);
    await refused(`${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims)}.`);
  });

  test('HS256 signed with another secret → 401', async () => {
    const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, role: 'admin' })}`;
    await refused(`${input}.${sign(input, 'another-secret-of-sufficient-length-0123456789')}`);
    const same = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    await refused(`${same}.${sign(same, '')}`);
  });

  test('a real signature over a changed payload → 401', async () => {
    const [h, , s] = token.split('.');
    await refused(`${h}.${b64({ ...claims, role: 'admin' })}.${s}`);
    await refused(`${h}.${b64({ ...claims, exp: claims.exp + 86400 * 365 })}.${s}`);
  });

  test('another algorithm in the header with the real signature → 401', async () => {
    const [, p, s] = token.split('.');
    await refused(`${b64({ alg: 'HS512', typ: 'JWT' })}.${p}.${s}`);
    await refused(`${b64({ alg: 'RS256', typ: 'JWT' })}.${p}.${s}`);
  });

  test('garbage and expired-looking tokens → 401', async () => {
    await refused('garbage');
    await refused('a.b.c');
    await refused('....');
    await refused(`${token}x`);
    await refused(`${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, exp: 1, iat: 0 })}.AAAA`);
    await refused(null, 'Bearer');
    await refused(null, 'Bearer ');
    await refused(null, `Basic ${Buffer.from(`${DEMO.student.email}:${DEMO_PASSWORD}`).toString('base64')}`);
    await refused(null, `Token ${token}`);
  });
});

describe("tokens signed with the daemon's own key", () => {
  // Only the claims or the algorithm make these invalid, never the signature.
  let token;
  let claims;
  let header;
  let secret;
  before(async () => {
    ({ token } = await createAndLogin({ role: 'trial' }));
    ({ header, payload: claims } = decodeJwt(token));
    secret = jwtSecret();
  });

  const b64 = (obj) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  const forge = (h, c, hash = 'sha256') => {
    const input = `${b64(h)}.${b64(c)}`;
    return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
  };
  const me = (t) => api('GET', '/api/v1/accounts/me', { token: t });

  test('control: the same claims re-signed with the key are accepted', async () => {
    assertStatus(await me(forge(header, claims)), 200);
  });

  test('expired (exp in the past) → 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    assertError(await me(forge(header, { ...claims, iat: now - 7200, exp: now - 3600 })), 401, 'unauthenticated');
  });

  test('no exp → 401', async () => {
    const { exp, ...rest } = claims;
    assertError(await me(forge(header, rest)), 401, 'unauthenticated');
  });

  test('a jti that names no session → 401', async () => {
    assertError(await me(forge(header, { ...claims, jti: `${claims.jti}0` })), 401, 'unauthenticated');
  });

  test("another account's sub with this session's jti → 401", async () => {
    const admin = decodeJwt(await demoToken('admin')).payload;
    assertError(await me(forge(header, { ...claims, sub: admin.sub, role: 'admin' })), 401, 'unauthenticated');
  });

  test('HS512 / HS384 with the same key → 401 (algorithm allow-list)', async () => {
    assertError(await me(forge({ ...header, alg: 'HS512' }, claims, 'sha512')), 401, 'unauthenticated');
    assertError(await me(forge({ ...header, alg: 'HS384' }, claims, 'sha384')), 401, 'unauthenticated');
  });

  test('the role claim grants nothing: the account keeps its own role', async () => {
    const res = await me(forge(header, { ...claims, role: 'admin' }));
    if (res.status === 200) assert.equal(res.json.role, 'trial');
    else assertError(res, 401, 'unauthenticated');
  });
});

describe('sessions ended from the CLI', () => {
  test('camp sessions revoke --account → every token of that account gets 401', async () => {
    const { account, token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const second = await login(account.email, account.password);
    const bystander = await createAndLogin({ role: 'student', course: 'rails_4m' });
    camp('sessions', 'revoke', '--account', account.email);
    assertError(await api('GET', '/api/v1/accounts/me', { token }), 401, 'unauthenticated');
    assertError(await api('GET', '/api/v1/accounts/me', { token: second }), 401, 'unauthenticated');
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: bystander.token }), 200);
    // The account itself still works: a new login gets a new session.
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: await login(account.email, account.password) }), 200);
  });

  test('an admin demoted with camp accounts set-role loses admin rights at once', async () => {
    const { account, token } = await createAndLogin({ role: 'admin' });
    const target = createAccount({ role: 'student', course: 'rails_4m' });
    const body = patchBody({ ...target, nickname: 'before' }, { nickname__c: '管理者が変更' });
    assertStatus(await api('PATCH', `/api/v1/accounts/${target.id}`, { token, json: body }), 200);

    camp('accounts', 'set-role', account.email, 'trial');
    const res = await api('PATCH', `/api/v1/accounts/${target.id}`, { token, json: body });
    assert.ok([401, 403].includes(res.status), `a demoted admin's old token: ${res.status} ${res.text}`);
    assertError(res, res.status);
    const me = await api('GET', '/api/v1/accounts/me', { token });
    if (me.status === 200) assert.equal(me.json.role, 'trial');
    else assertError(me, 401, 'unauthenticated');
  });
});

describe('logout', () => {
  test('DELETE account_token → 204, then that token gets 401; other sessions live on', async () => {
    const { account, token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const other = await login(account.email, account.password);
    assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);

    const out = await api('DELETE', LOGIN_PATH, { token });
    assertStatus(out, 204);
    assert.equal(out.text, '', '204 has no body');
    assert.ok(out.requestId, 'X-Request-Id on 204');

    assertError(await api('GET', '/api/v1/accounts/me', { token }), 401, 'unauthenticated');
    assertError(await api('DELETE', LOGIN_PATH, { token }), 401, 'unauthenticated');
    assertStatus(await api('GET', '/api/v1/accounts/me', { token: other }), 200);
  });

  test('DELETE account_token without a token → 401', async () => {
    assertError(await api('DELETE', LOGIN_PATH), 401, 'unauthenticated');
  });
});
