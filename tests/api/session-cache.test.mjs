// The daemon keeps verified sessions in memory; changes made anywhere (another daemon, the
// CLI) must still take effect on the very next request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { api, assertError, assertStatus, campEnv, createAndLogin } from './lib/client.mjs';

const camp = (...args) => execFileSync(process.env.CAMP_BIN, args, { env: campEnv(), encoding: 'utf8' });

test('a session revoked from the CLI is refused on the next request', async () => {
  const { account, token } = await createAndLogin({ role: 'trial' });
  for (let i = 0; i < 3; i++) assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  camp('sessions', 'revoke', '--account', account.email);
  assertError(await api('GET', '/api/v1/accounts/me', { token }), 401, 'unauthenticated');
});

test('a role changed from the CLI shows on the next request', async () => {
  const { account, token } = await createAndLogin({ role: 'trial' });
  assert.equal((await api('GET', '/api/v1/accounts/me', { token })).json.role, 'trial');
  camp('accounts', 'set-role', account.email, 'basic_mentor');
  assert.equal((await api('GET', '/api/v1/accounts/me', { token })).json.role, 'basic_mentor');
});

test('a profile change shows on the next request', async () => {
  const { account, token } = await createAndLogin({ role: 'trial' });
  assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  const res = await api('PATCH', `/api/v1/accounts/${account.id}`, { token, json: { account: { nickname__c: 'キャッシュ確認', personemail: account.email, account_image_01__c: null } } });
  assertStatus(res, 200);
  assert.equal((await api('GET', '/api/v1/accounts/me', { token })).json.nickname, 'キャッシュ確認');
});
