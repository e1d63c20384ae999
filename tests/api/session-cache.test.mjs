// The daemon keeps verified sessions in memory. Changes made through the daemon take effect on
// the very next request; changes made by another process (the CLI, another daemon) as soon as
// their PostgreSQL notification arrives, within milliseconds: those tests allow up to 2 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { api, assertError, assertStatus, campEnv, createAndLogin, meUntil } from './lib/client.mjs';

const camp = (...args) => execFileSync(process.env.CAMP_BIN, args, { env: campEnv(), encoding: 'utf8' });

test('a session revoked from the CLI is refused as soon as the notification arrives', async () => {
  const { account, token } = await createAndLogin({ role: 'trial' });
  for (let i = 0; i < 3; i++) assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  camp('sessions', 'revoke', '--account', account.email);
  assertError(await meUntil(token, (r) => r.status === 401), 401, 'unauthenticated');
});

test('a role changed from the CLI shows as soon as the notification arrives', async () => {
  const { account, token } = await createAndLogin({ role: 'trial' });
  assert.equal((await api('GET', '/api/v1/accounts/me', { token })).json.role, 'trial');
  camp('accounts', 'set-role', account.email, 'basic_mentor');
  assert.equal((await meUntil(token, (r) => r.json?.role === 'basic_mentor')).json.role, 'basic_mentor');
});

test('a profile change made through the daemon shows on the very next request', async () => {
  const { account, token } = await createAndLogin({ role: 'trial' });
  assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  const res = await api('PATCH', `/api/v1/accounts/${account.id}`, { token, json: { account: { nickname__c: 'キャッシュ確認', personemail: account.email, account_image_01__c: null } } });
  assertStatus(res, 200);
  assert.equal((await api('GET', '/api/v1/accounts/me', { token })).json.nickname, 'キャッシュ確認');
});

// /me and a cached question page are answered on the I/O thread (Route::from_memory) once the
// session is in the cache: the same answers as the worker pool's, and nothing that the pool
// would refuse.
test('a known session reads /me and a cached page from memory; a logout is refused at once', async () => {
  const counted = async () => {
    const text = (await api('GET', '/metrics')).text;
    return Number(text.match(/^camp_http_answered_from_memory_total (\d+)$/m)?.[1]);
  };
  const { token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const first = await api('GET', '/api/v1/accounts/me', { token }); // verifies the token, caches the session
  assertStatus(first, 200);
  const page = await api('GET', '/api/v1/questions?per=7', { token }); // fills the page's cache
  assertStatus(page, 200);
  const before = await counted();
  const again = await api('GET', '/api/v1/accounts/me', { token });
  const pageAgain = await api('GET', '/api/v1/questions?per=7', { token });
  assert.equal(await counted() - before, 2, 'both from memory');
  assert.deepEqual(again.json, first.json);
  assert.equal(pageAgain.text, page.text);
  assert.equal(again.headers.get('x-content-type-options'), 'nosniff');

  // What memory cannot settle goes to the pool, which words the error as always.
  const unknown = await counted();
  assertError(await api('GET', '/api/v1/questions?per=0', { token }), 400);
  assertError(await api('GET', '/api/v1/accounts/me', { token: `${token}x` }), 401);
  assertError(await api('GET', '/api/v1/accounts/me'), 401);
  assert.equal(await counted(), unknown);

  assert.equal((await api('DELETE', '/api/v1/account_token', { token })).status, 204);
  assertError(await api('GET', '/api/v1/accounts/me', { token }), 401, 'unauthenticated');
  assertError(await api('GET', '/api/v1/questions?per=7', { token }), 401, 'unauthenticated');
});
