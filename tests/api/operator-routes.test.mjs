// The routes remote mode added for operators (docs/design.md "Remote mode"): the account list,
// announcements, the mail outbox, recent submissions, review statistics and fixture seeding.
// Who may call them, with which token scope, and what bad input gets (never a 500).
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, createAndLogin, demoToken } from './lib/client.mjs';

/** A personal access token of the session's account with these scopes. */
async function tokenWith(session, scopes) {
  const res = await api('POST', '/api/v1/accounts/me/tokens', { token: session, json: { token: { name: 'operator routes', scopes, expires_in_days: 1 } } });
  assertStatus(res, 201);
  return res.json.secret;
}

const yaml = (token, text, query = '') =>
  api('POST', `/api/v1/seeds${query}`, { token, body: Buffer.isBuffer(text) ? text : Buffer.from(text), headers: { 'content-type': 'application/yaml' } });

describe('GET /api/v1/accounts', () => {
  test('lists by role, finds one by e-mail, and names a bad role', async () => {
    const admin = await demoToken('admin');
    const mentors = await api('GET', '/api/v1/accounts?role=advanced_mentor', { token: admin });
    assertStatus(mentors, 200);
    assert.ok(mentors.json.data.length > 0);
    assert.ok(mentors.json.data.every((a) => a.role === 'advanced_mentor'));
    const one = await api('GET', `/api/v1/accounts?email=${encodeURIComponent('Student@Example.com')}`, { token: admin });
    assert.deepEqual(one.json.data.map((a) => a.email), ['student@example.com']);
    assert.deepEqual((await api('GET', '/api/v1/accounts?email=nobody%40example.com', { token: admin })).json.data, []);
    const bad = assertError(await api('GET', '/api/v1/accounts?role=nosuch', { token: admin }), 422, 'invalid');
    assert.ok(bad.fields?.role?.length);
    assertError(await api('GET', '/api/v1/accounts?role=%FF', { token: admin }), 400, 'malformed');
  });
});

describe('POST /api/v1/announcements', () => {
  let admin;
  before(async () => { admin = await demoToken('admin'); });

  test('a dry run counts the recipients; the real one answers 201 with the same count', async () => {
    const body = { announcement: { title: '運用のお知らせ', body: 'メンテナンスのため停止します。', roles: ['trial'] } };
    const dry = await api('POST', '/api/v1/announcements?dry_run=true', { token: admin, json: body });
    assertStatus(dry, 200);
    assert.equal(dry.json.dry_run, true);
    assert.ok(dry.json.recipients > 0);
    const sent = await api('POST', '/api/v1/announcements', { token: admin, json: body });
    assertStatus(sent, 201);
    assert.equal(sent.json.recipients, dry.json.recipients);
  });

  test('bad bodies are the documented errors', async () => {
    for (const roles of ['trial', [1], [null], { trial: true }]) {
      const e = assertError(await api('POST', '/api/v1/announcements?dry_run=true', { token: admin, json: { announcement: { title: 't', body: 'b', roles } } }), 422, 'invalid');
      assert.ok(e.fields?.roles?.length, JSON.stringify(e));
    }
    assertError(await api('POST', '/api/v1/announcements?dry_run=true', { token: admin, json: { announcement: { title: 'x'.repeat(101), body: 'b', roles: ['trial'] } } }), 422, 'invalid');
    assertError(await api('POST', '/api/v1/announcements?dry_run=true', { token: admin, json: { announcement: { title: 't', body: 'b', roles: ['nosuch'] } } }), 422, 'invalid');
    assertError(await api('POST', '/api/v1/announcements', { token: admin, body: '{"announcement":', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
    assertError(await api('POST', '/api/v1/announcements', { token: admin, json: { announcement: { title: 5, body: [], roles: ['trial'] } } }), 422, 'invalid');
    assertError(await api('POST', '/api/v1/announcements?dry_run=perhaps', { token: admin, json: {} }), 400, 'malformed');
  });

  test('a token needs notifications:write; a mentor may not announce', async () => {
    const owner = await createAndLogin({ role: 'admin' });
    const body = { announcement: { title: '権限', body: '本文', roles: ['trial'] } };
    const reader = await tokenWith(owner.token, ['read']);
    assertError(await api('POST', '/api/v1/announcements?dry_run=true', { token: reader, json: body }), 403, 'forbidden');
    const writer = await tokenWith(owner.token, ['notifications:write']);
    assertStatus(await api('POST', '/api/v1/announcements?dry_run=true', { token: writer, json: body }), 200);
    const mentor = await createAndLogin({ role: 'advanced_mentor' });
    const mentors = await tokenWith(mentor.token, ['notifications:write']);
    assertError(await api('POST', '/api/v1/announcements?dry_run=true', { token: mentors, json: body }), 403, 'forbidden');
  });
});

describe('GET /api/v1/mails, /api/v1/submissions/recent, /api/v1/review_stats', () => {
  test('answer lists and refuse bad queries with the field named', async () => {
    const admin = await demoToken('admin');
    const mails = await api('GET', '/api/v1/mails?status=sent&limit=5', { token: admin });
    assertStatus(mails, 200);
    assert.ok(mails.json.data.length <= 5);
    assert.ok(mails.json.data.every((m) => m.status === 'sent'));
    assert.ok(!mails.text.includes('/password_resets/') && !mails.text.includes('token='), 'no link from a mail body is listed');
    assertError(await api('GET', '/api/v1/mails?status=nosuch', { token: admin }), 400, 'malformed');
    for (const limit of ['0', '10001', '99999999999999999999', 'abc', '1.5']) {
      for (const path of ['/api/v1/mails', '/api/v1/submissions/recent']) {
        const e = assertError(await api('GET', `${path}?limit=${limit}`, { token: admin }), 400, 'malformed');
        assert.ok(e.fields?.limit?.length, `${path} limit=${limit}`);
      }
    }
    const recent = await api('GET', '/api/v1/submissions/recent?waiting=true&limit=3', { token: admin });
    assertStatus(recent, 200);
    assert.ok(recent.json.data.length <= 3);
    assert.ok(recent.json.data.every((s) => !('can_review' in s)));
    assertError(await api('GET', '/api/v1/submissions/recent?waiting=maybe', { token: admin }), 400, 'malformed');
    assertStatus(await api('GET', '/api/v1/review_stats?since=2020-01-01', { token: admin }), 200);
    assertStatus(await api('GET', `/api/v1/review_stats?since=${encodeURIComponent('2026-11-01T09:00:00+09:00')}`, { token: admin }), 200);
    for (const since of ['yesterday', '2026-13-45x', "2026-01-01'; --", '2026-11-01T09:00:00+09:00:00'])
      assertError(await api('GET', `/api/v1/review_stats?since=${encodeURIComponent(since)}`, { token: admin }), 422, 'invalid');
  });

  test('a mentor sees recent submissions but not the outbox or the statistics', async () => {
    const mentor = await demoToken('advanced_mentor');
    assertStatus(await api('GET', '/api/v1/submissions/recent?limit=1', { token: mentor }), 200);
    assertError(await api('GET', '/api/v1/mails', { token: mentor }), 403, 'forbidden');
    assertError(await api('GET', '/api/v1/review_stats', { token: mentor }), 403, 'forbidden');
  });
});

describe('POST /api/v1/seeds', () => {
  let admin;
  before(async () => { admin = await demoToken('admin'); });

  test('a fixture seeded twice changes nothing the second time', async () => {
    const fixture = `version: 1
accounts:
  - email: api.seed.yamada@example.jp
    role: student
    course: rails_4m
    nickname: 山田 花子
    password: seed-pass-2026
`;
    const first = await yaml(admin, fixture, '?source=staging.yaml');
    assertStatus(first, 200);
    assert.deepEqual(first.json.accounts, { created: 1, updated: 0, unchanged: 0 });
    const again = await yaml(admin, fixture);
    assertStatus(again, 200);
    assert.deepEqual(again.json.accounts, { created: 0, updated: 0, unchanged: 1 });
  });

  test('mistakes are named FILE:LINE:COLUMN and nothing is written', async () => {
    const e = assertError(await yaml(admin, 'accounts:\n  - email: not-an-email\n    role: student\n', '?source=staging.yaml'), 422, 'invalid');
    assert.match(e.message, /staging\.yaml:2:\d+/);
    assertError(await yaml(admin, 'accounts: [\n'), 422, 'invalid');
    assertError(await yaml(admin, ''), 422, 'invalid');
    assertError(await yaml(admin, '- just\n- a list\n'), 422, 'invalid');
  });

  test('bytes that are not UTF-8, NUL and lone surrogates are a 422, never a 500', async () => {
    const account = (nickname) => Buffer.concat([
      Buffer.from('accounts:\n  - email: api.seed.bytes@example.jp\n    role: student\n    course: rails_4m\n    password: seed-pass-2026\n    nickname: '),
      Buffer.isBuffer(nickname) ? nickname : Buffer.from(nickname), Buffer.from('\n')]);
    for (const nickname of [Buffer.from([0xC0, 0xAE]), Buffer.from([0xED, 0xA0, 0x80]), Buffer.from([0xFF]), '"a\\0b"', '"\\ud800"']) {
      const e = assertError(await yaml(admin, account(nickname)), 422, 'invalid');
      assert.match(e.message, /fixture\.yaml:6:/, e.message);
    }
    assertError(await yaml(admin, Buffer.from([0x80, 0x3A, 0x20, 0x31])), 422, 'invalid');
  });

  test('a file of a hundred thousand aliases of one entry is answered at once, its problems counted', async () => {
    const aliases = Array(100000).fill('*a').join(', ');
    const text = `x: &a {email: api.seed.alias@example.jp, role: student, course: rails_4m, password: seed-pass-2026}\naccounts: [${aliases}]\n`;
    const e = assertError(await yaml(admin, text), 422, 'invalid');
    assert.match(e.message, /^100000件の誤り/);
    assert.match(e.message, /ほか 99950件$/);
  });

  test('a body over the JSON limit is a 413; other types a 415; a deep nesting a 422', async () => {
    assertError(await yaml(admin, `accounts: []\n#${'x'.repeat(1024 * 1024)}\n`), 413, 'payload_too_large');
    assertError(await api('POST', '/api/v1/seeds', { token: admin, json: { accounts: [] } }), 415, 'unsupported_media_type');
    assertError(await yaml(admin, '['.repeat(100000)), 422, 'invalid');
    assertError(await yaml(admin, '{a: '.repeat(50000)), 422, 'invalid');
  });

  test('a token needs seed:write and an admin owner', async () => {
    const owner = await createAndLogin({ role: 'admin' });
    assertError(await yaml(await tokenWith(owner.token, ['read']), 'accounts: []\n'), 403, 'forbidden');
    assertStatus(await yaml(await tokenWith(owner.token, ['seed:write']), 'accounts: []\n'), 200);
    const mentor = await createAndLogin({ role: 'advanced_mentor' });
    assertError(await yaml(await tokenWith(mentor.token, ['seed:write']), 'accounts: []\n'), 403, 'forbidden');
    assertError(await yaml(mentor.token, 'accounts: []\n'), 403, 'forbidden');
  });
});
