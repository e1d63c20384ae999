// Personal access tokens (docs/tokens.md): made with a session, shown once, listed without the
// secret, used as a bearer within their scopes and their owner's role, never to manage tokens,
// revoked and expired with their own error codes, each personal-data use audited.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { api, assertError, createAndLogin } from './lib/client.mjs';
import { sharedDatabaseUrl } from './lib/own-daemon.mjs';

const psql = (sql) =>
  execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql, sharedDatabaseUrl()], { encoding: 'utf8' }).trim();

const SECRET = /^camp_pat_[A-Za-z0-9_-]{43}$/;
const SESSION_ONLY = 'この操作はアクセストークンでは行えません。ログインしてから操作してください';

/** A new token of the session's account: {token, secret}. */
async function createToken(session, { name = 'CI', scopes = ['read'], days = 30 } = {}) {
  const res = await api('POST', '/api/v1/accounts/me/tokens', { token: session, json: { token: { name, scopes, expires_in_days: days } } });
  assert.equal(res.status, 201, res.text);
  return res.json;
}

describe('a token made in the settings', () => {
  let admin, created;
  before(async () => {
    admin = await createAndLogin({ role: 'admin' });
    created = await createToken(admin.token, { name: ' 夜間の集計 ', scopes: ['read', 'read'], days: 7 });
  });

  test('is shown once: the secret in the creating answer, never in the list', async () => {
    assert.match(created.secret, SECRET);
    assert.equal(created.token.name, '夜間の集計');
    assert.deepEqual(created.token.scopes, ['read']);
    assert.equal(created.token.last_used_at, null);
    assert.match(created.token.expires_at, /\+09:00$/);
    const days = (Date.parse(created.token.expires_at) - Date.parse(created.token.created_at)) / 86400000;
    assert.ok(Math.abs(days - 7) < 0.01, `expires in 7 days: ${days}`);
    const list = await api('GET', '/api/v1/accounts/me/tokens', { token: admin.token });
    assert.equal(list.status, 200);
    assert.ok(list.json.scopes.includes('questionnaires:export'));
    const mine = list.json.data.find((t) => t.id === created.token.id);
    assert.ok(mine);
    assert.ok(!list.text.includes(created.secret) && !list.text.includes(created.secret.slice(9)));
    assert.equal(psql(`SELECT count(*) FROM personal_access_tokens WHERE token_hash = sha256('${created.secret}'::bytea)`), '1');
  });

  test('reads as its owner and records its last use', async () => {
    const me = await api('GET', '/api/v1/accounts/me', { token: created.secret });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.json.id, admin.account.id);
    const students = await api('GET', '/api/v1/students', { token: created.secret });
    assert.equal(students.status, 200, students.text);
    const list = await api('GET', '/api/v1/accounts/me/tokens', { token: admin.token });
    assert.notEqual(list.json.data.find((t) => t.id === created.token.id).last_used_at, null);
  });

  test('a read token cannot write: 403 naming the scope it lacks', async () => {
    const res = await api('POST', '/api/v1/events', { token: created.secret, json: { event: { title: 'x' } } });
    const e = assertError(res, 403, 'forbidden');
    assert.match(e.message, /events:write/);
    assertError(await api('POST', '/api/v1/student_imports?dry_run=true', { token: created.secret, body: new FormData() }), 403);
  });

  test('cannot manage tokens, log out or touch two-factor login and the data export: a session only', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/accounts/me/tokens'],
      ['POST', '/api/v1/accounts/me/tokens'],
      ['DELETE', `/api/v1/accounts/me/tokens/${created.token.id}`],
      ['DELETE', '/api/v1/account_token'],
      ['GET', '/api/v1/accounts/me/two_factor'],
      ['GET', '/api/v1/accounts/me/data_exports'],
      ['GET', '/api/v1/calendar_feed'],
    ]) {
      const json = method === 'POST' ? { token: { name: 'next', scopes: ['read'], expires_in_days: 7 } } : undefined;
      const e = assertError(await api(method, path, { token: created.secret, json }), 403, 'forbidden');
      assert.equal(e.message, SESSION_ONLY, `${method} ${path}`);
    }
    assert.equal((await api('GET', '/api/v1/accounts/me', { token: created.secret })).status, 200);
  });

  test('a write scope reaches the route, where the role and validation still decide', async () => {
    const writer = await createToken(admin.token, { scopes: ['events:write'] });
    assertError(await api('POST', '/api/v1/events', { token: writer.secret, json: { event: {} } }), 422, 'invalid');
    // Write scopes do not include reading.
    assertError(await api('GET', '/api/v1/events', { token: writer.secret }), 403);
  });

  test('revoked: 401 token_revoked at once, and gone from the list', async () => {
    const doomed = await createToken(admin.token);
    assert.equal((await api('GET', '/api/v1/accounts/me', { token: doomed.secret })).status, 200);
    const res = await api('DELETE', `/api/v1/accounts/me/tokens/${doomed.token.id}`, { token: admin.token });
    assert.equal(res.status, 204);
    const e = assertError(await api('GET', '/api/v1/accounts/me', { token: doomed.secret }), 401, 'token_revoked');
    assert.ok(!e.message.includes(doomed.secret));
    const list = await api('GET', '/api/v1/accounts/me/tokens', { token: admin.token });
    assert.ok(!list.json.data.some((t) => t.id === doomed.token.id));
    assertError(await api('DELETE', `/api/v1/accounts/me/tokens/${doomed.token.id}`, { token: admin.token }), 404);
  });

  test('expired: 401 token_expired, still listed as expired', async () => {
    const old = await createToken(admin.token);
    psql(`UPDATE personal_access_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = ${old.token.id}`);
    assertError(await api('GET', '/api/v1/accounts/me', { token: old.secret }), 401, 'token_expired');
    const list = await api('GET', '/api/v1/accounts/me/tokens', { token: admin.token });
    assert.equal(list.json.data.find((t) => t.id === old.token.id).expired, true);
  });

  test('unknown or malformed: 401 token_invalid', async () => {
    assertError(await api('GET', '/api/v1/accounts/me', { token: `camp_pat_${'A'.repeat(43)}` }), 401, 'token_invalid');
    assertError(await api('GET', '/api/v1/accounts/me', { token: 'camp_pat_x' }), 401, 'token_invalid');
  });
});

describe('scopes never exceed the owner', () => {
  test("a mentor's questionnaires:export token cannot export (the mentor cannot)", async () => {
    const mentor = await createAndLogin({ role: 'basic_mentor' });
    const { secret } = await createToken(mentor.token, { scopes: ['questionnaires:export', 'read'] });
    const res = await api('GET', '/api/v1/questionnaires/post-curriculum/export?format=csv&reason=token', { token: secret });
    assert.equal(res.status, (await api('GET', '/api/v1/questionnaires/post-curriculum/export?format=csv&reason=token', { token: mentor.token })).status);
    assert.ok([403, 404].includes(res.status), res.text);
  });

  test("a read token cannot read personal data; a questionnaires:export one can, each use audited by the token's id", async () => {
    const admin = await createAndLogin({ role: 'admin' });
    const reader = await createToken(admin.token, { scopes: ['read'] });
    assert.match(assertError(await api('GET', '/api/v1/audit_logs', { token: reader.secret }), 403).message, /questionnaires:export/);
    const exporter = await createToken(admin.token, { scopes: ['questionnaires:export'] });
    const res = await api('GET', '/api/v1/audit_logs', { token: exporter.secret });
    assert.equal(res.status, 200, res.text);
    const row = res.json.data.find((e) => e.action === 'access_token.use' && e.detail.token_id === exporter.token.id);
    assert.ok(row, 'the use is in the log it read');
    assert.equal(row.actor_id, admin.account.id);
    assert.equal(row.detail.request, 'GET /api/v1/audit_logs');
    assert.ok(!JSON.stringify(res.json).includes(exporter.secret));
    const before = Number(psql(`SELECT count(*) FROM audit_log WHERE action = 'access_token.use' AND detail->>'token_id' = '${exporter.token.id}'`));
    await api('GET', '/api/v1/audit_logs', { token: exporter.secret });
    assert.equal(Number(psql(`SELECT count(*) FROM audit_log WHERE action = 'access_token.use' AND detail->>'token_id' = '${exporter.token.id}'`)), before + 1);
  });
});

describe('another account and bad input', () => {
  let a, b, bToken;
  before(async () => {
    a = await createAndLogin({ role: 'student', course: 'rails_4m' });
    b = await createAndLogin({ role: 'student', course: 'rails_4m' });
    bToken = await createToken(b.token);
  });

  test("another account's token id is a 404 and stays usable", async () => {
    assertError(await api('DELETE', `/api/v1/accounts/me/tokens/${bToken.token.id}`, { token: a.token }), 404, 'not_found');
    assert.equal((await api('GET', '/api/v1/accounts/me', { token: bToken.secret })).status, 200);
    const list = await api('GET', '/api/v1/accounts/me/tokens', { token: a.token });
    assert.ok(!list.json.data.some((t) => t.id === bToken.token.id));
  });

  test('huge or non-numeric ids are 404s', async () => {
    for (const id of ['99999999999999999999999', '-1', 'abc', '9223372036854775807'])
      assertError(await api('DELETE', `/api/v1/accounts/me/tokens/${id}`, { token: a.token }), 404);
  });

  test('malformed, oversized and wrongly typed bodies get their documented errors', async () => {
    const post = (body, headers = { 'content-type': 'application/json' }) =>
      api('POST', '/api/v1/accounts/me/tokens', { token: a.token, body, headers });
    assertError(await post('{"token":'), 400, 'malformed');
    assertError(await post('[]'), 400, 'malformed');
    assertError(await post('{"token":"x"}'), 400, 'malformed');
    assertError(await post(Buffer.from('{"token":{"name":"\xff\xfe","scopes":["read"],"expires_in_days":7}}', 'latin1')), 400, 'malformed');
    assertError(await post('{}', { 'content-type': 'text/plain' }), 415);
    assertError(await post(`{"token":{"name":"${'x'.repeat(2 * 1024 * 1024)}"}}`), 413);
    const typed = assertError(await post(JSON.stringify({ token: { name: 5, scopes: 'read', expires_in_days: '7' } })), 422, 'invalid');
    assert.deepEqual(Object.keys(typed.fields).sort(), ['expires_in_days', 'name', 'scopes']);
    const unknown = assertError(await post(JSON.stringify({ token: { name: 'x', scopes: ['read', 'admin:all'], expires_in_days: 7 } })), 422);
    assert.deepEqual(unknown.fields.scopes, ['選べない権限が含まれています']);
    const empty = assertError(await post(JSON.stringify({ token: { name: ' ', scopes: [] } })), 422);
    assert.deepEqual(empty.fields, {
      name: ['トークン名は必須です'],
      scopes: ['権限を1つ以上選んでください'],
      expires_in_days: ['有効期限は1日から365日までの日数で指定してください'],
    });
    for (const days of [0, 366, 1e30, 3.5, 2 ** 64])
      assert.deepEqual(assertError(await post(JSON.stringify({ token: { name: 'x', scopes: ['read'], expires_in_days: days } })), 422).fields, {
        expires_in_days: ['有効期限は1日から365日までの日数で指定してください'],
      }, String(days));
    assert.deepEqual(assertError(await post(JSON.stringify({ token: { name: 'x'.repeat(101), scopes: ['read'], expires_in_days: 7 } })), 422).fields, {
      name: ['トークン名は100文字以内でご入力ください'],
    });
    assert.deepEqual(assertError(await post(JSON.stringify({ token: { name: 'a\u0007b', scopes: ['read'], expires_in_days: 7 } })), 422).fields, {
      name: ['使用できない文字が含まれています'],
    });
  });
});
