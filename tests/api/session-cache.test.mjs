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
