// The authorization matrix: every route × every role (and anonymous) → expected status.
//
// ONE table, MATRIX below. Each later issue adds its routes as rows. A row:
//   method, path    path may use {self} (the caller's own account id), {other} (a student
//                   account that is nobody's caller), {upload} (a file uploaded in setup)
//   body(ctx, role) optional: {json} or {form} for the request body (a valid one: the matrix
//                   tests who may call, not validation)
//   session         'fresh' when the route ends the caller's session (logout): a new login per cell
//   expect          {role: status} for every role in ROLES
//
// All callers are accounts created for this file (one per role), never the demo accounts.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, createAccount, login, uniqueEmail, uploadForm } from './lib/client.mjs';
import { png } from './lib/images.mjs';

const ROLES = ['admin', 'basic_mentor', 'advanced_mentor', 'spot_advanced_mentor', 'student', 'u29', 'graduate', 'trial', 'anonymous'];

const ACCOUNTS = {
  admin: { role: 'admin' },
  basic_mentor: { role: 'basic_mentor' },
  advanced_mentor: { role: 'advanced_mentor' },
  spot_advanced_mentor: { role: 'spot_advanced_mentor' },
  student: { role: 'student', course: 'rails_4m' },
  u29: { role: 'student', course: 'u29' },
  graduate: { role: 'graduate', course: 'rails_4m' },
  trial: { role: 'trial' },
};

/** {every role: status}, with exceptions. */
function all(status, exceptions = {}) {
  const out = Object.fromEntries(ROLES.map((r) => [r, status]));
  return { ...out, ...exceptions };
}
const LOGGED_IN = (status, exceptions = {}) => all(status, { anonymous: 401, ...exceptions });
const ADMIN_ONLY = (status) => all(403, { admin: status, anonymous: 401 });

const MATRIX = [
  // --- issue 2: sessions, accounts, uploads, service endpoints ---------------------------------
  {
    method: 'POST', path: '/api/v1/account_token',
    body: (ctx) => ({ json: { auth: { email: ctx.other.email, password: ctx.other.password } } }),
    expect: all(201),
  },
  { method: 'DELETE', path: '/api/v1/account_token', session: 'fresh', expect: LOGGED_IN(204) },
  { method: 'GET', path: '/api/v1/accounts/me', expect: LOGGED_IN(200) },
  {
    method: 'PATCH', path: '/api/v1/accounts/{self}',
    body: (ctx, role) => ({ json: { account: { nickname__c: `${role} 本人`, personemail: (ctx.self(role) ?? ctx.other).email, account_image_01__c: null } } }),
    expect: LOGGED_IN(200),
  },
  {
    method: 'PATCH', path: '/api/v1/accounts/{other}',
    body: (ctx, role) => ({ json: { account: { nickname__c: `${role} が変更`, personemail: ctx.other.email, account_image_01__c: null } } }),
    expect: ADMIN_ONLY(200),
  },
  { method: 'POST', path: '/api/v1/file_upload', body: () => ({ form: uploadForm(png()) }), expect: LOGGED_IN(201) },
  { method: 'GET', path: '{upload}', expect: all(200) },
  { method: 'GET', path: '/api/v1/site', expect: all(200) },
  { method: 'GET', path: '/server-version.json', expect: all(200) },
  { method: 'GET', path: '/healthz', expect: all(200) },
  { method: 'GET', path: '/readyz', expect: all(200) },
  { method: 'GET', path: '/metrics', expect: all(200) },
  { method: 'GET', path: '/students/12', expect: all(200) },
];

const ctx = {
  accounts: {}, // role → created account (with password)
  tokens: {}, // role → JWT
  other: null,
  upload: null,
  self(role) { return this.accounts[role]; },
};

before(async () => {
  for (const [role, spec] of Object.entries(ACCOUNTS)) {
    ctx.accounts[role] = createAccount({ ...spec, nickname: `matrix ${role}` });
    ctx.tokens[role] = await login(ctx.accounts[role].email, ctx.accounts[role].password);
  }
  ctx.other = createAccount({ role: 'student', course: 'rails_5m', email: uniqueEmail('matrix-other') });
  const up = await api('POST', '/api/v1/file_upload', { token: ctx.tokens.student, body: uploadForm(png()) });
  assert.equal(up.status, 201, `setup upload: ${up.status} ${up.text}`);
  ctx.upload = up.json.file_url;
});

test('the matrix names every role in every row', () => {
  for (const row of MATRIX) assert.deepEqual(Object.keys(row.expect).sort(), [...ROLES].sort(), `${row.method} ${row.path}`);
});

for (const row of MATRIX) {
  describe(`${row.method} ${row.path}`, () => {
    for (const role of ROLES) {
      const expected = row.expect[role];
      test(`${role} → ${expected}`, async () => {
        let token;
        if (role !== 'anonymous') {
          token = row.session === 'fresh'
            ? await login(ctx.accounts[role].email, ctx.accounts[role].password)
            : ctx.tokens[role];
        }
        const path = row.path
          .replace('{self}', () => String(ctx.accounts[role]?.id ?? ctx.other.id))
          .replace('{other}', () => String(ctx.other.id))
          .replace('{upload}', () => ctx.upload);
        const { json, form } = row.body ? row.body(ctx, role) : {};
        const res = await api(row.method, path, { token, json, body: form });
        assert.equal(res.status, expected, `${row.method} ${path} as ${role}: ${res.status} ${res.text.slice(0, 300)}`);
        if (expected >= 400) {
          assert.equal(res.json?.error?.status, expected, 'JSON error body');
          assert.equal(res.json.error.request_id, res.requestId);
        }
      });
    }
  });
}
