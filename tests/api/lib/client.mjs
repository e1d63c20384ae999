// Shared helpers for the black-box API tests.
//
// Environment (set by scripts/test):
//   CAMP_TEST_URL      base URL of the running daemon (required)
//   CAMP_BIN           the `camp` CLI, used to create throwaway accounts
//   CAMPD_BIN          the `campd` daemon (db-restart test starts a second one)
//   CAMP_DATA_DIR, CAMP_DATABASE_URL, CAMP_CONFIG   same database/config as that daemon
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkResponse } from './contract.mjs';

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the API tests need a running daemon (see tests/api/README.md)`);
  return value;
}

export const BASE_URL = required('CAMP_TEST_URL').replace(/\/+$/, '');
export const DEMO_PASSWORD = 'demo-pass-1234';
export const UPLOAD_ERROR = 'jpg/png/webp いずれかの形式のファイルをアップロードしてください。';

export const DEMO = {
  admin: { email: 'admin@example.com', role: 'admin', course: null },
  basic_mentor: { email: 'basic-mentor@example.com', role: 'basic_mentor', course: null },
  advanced_mentor: { email: 'advanced-mentor@example.com', role: 'advanced_mentor', course: null },
  spot_advanced_mentor: { email: 'spot-mentor@example.com', role: 'spot_advanced_mentor', course: null },
  student: { email: 'student@example.com', role: 'student', course: 'rails_4m' },
  student5: { email: 'student5@example.com', role: 'student', course: 'rails_5m' },
  u29: { email: 'u29@example.com', role: 'student', course: 'u29' },
  graduate: { email: 'graduate@example.com', role: 'graduate', course: 'rails_4m' },
  trial: { email: 'trial@example.com', role: 'trial', course: null },
};

export const COURSES = {
  rails_4m: { name: 'Railsキャリアコース', months: 4 },
  rails_5m: { name: 'Railsキャリアコース', months: 5 },
  u29: { name: 'Railsキャリアコース（U29）' },
};

// ---------------------------------------------------------------------------------------------
// Client addresses. The test daemon trusts X-Forwarded-For from 127.0.0.1, so every test that
// makes failed logins poses as its own client and never locks out another test. Addresses come
// from 198.18.0.0/15 (RFC 2544, never routed): a random start per process plus a counter, so
// they are distinct within a run and practically never reused by a rerun inside the 900 s window.
let addressCounter = randomInt(0, (1 << 17) - 4096);
export function freshAddress() {
  const n = addressCounter++;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export function uniqueEmail(prefix = 'api') {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}@example.com`;
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * One request. Returns {status, headers, bytes, text, json, requestId}.
 * json: a value to send as application/json; body: a raw body (string, Buffer, FormData);
 * headers: extra headers; token: a JWT for the Authorization header.
 * Every answer is checked against daemon/openapi.yaml (lib/contract.mjs): an undeclared status
 * or a body that breaks its schema fails the calling test.
 */
export async function api(method, path, { token, json, body, headers = {}, timeoutMs = 15000, redirect = 'manual' } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  let payload = body;
  if (json !== undefined) {
    payload = JSON.stringify(json);
    if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
  }
  const res = await fetch(BASE_URL + path, {
    method,
    headers: h,
    body: payload,
    redirect,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed;
  if ((res.headers.get('content-type') || '').includes('json')) {
    try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  }
  const answer = { status: res.status, headers: res.headers, bytes, text, json: parsed, requestId: res.headers.get('x-request-id') };
  checkResponse(method, path, answer);
  return answer;
}

function describe(res) {
  return `${res.status} ${res.text.slice(0, 400)}`;
}

/**
 * The first answer of GET /me that satisfies `done`, polling for at most 2 s: a change made by
 * another process (the CLI, another daemon) reaches the daemon's session cache with its
 * PostgreSQL notification, within milliseconds (docs/design.md).
 */
export async function meUntil(token, done) {
  let res;
  for (let i = 0; i < 40; i++) {
    res = await api('GET', '/api/v1/accounts/me', { token });
    if (done(res)) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  return res;
}

/** Asserts the contract's error shape: status, code, message, request_id equal to X-Request-Id. */
export function assertError(res, status, code) {
  assert.equal(res.status, status, `expected ${status}, got ${describe(res)}`);
  assert.match(res.headers.get('content-type') || '', /^application\/json/, 'error bodies are JSON');
  assert.ok(res.json && typeof res.json.error === 'object', `error envelope missing: ${res.text}`);
  const e = res.json.error;
  assert.equal(e.status, status, 'error.status');
  if (code) assert.equal(e.code, code, 'error.code');
  assert.equal(typeof e.message, 'string');
  assert.ok(e.message.length > 0, 'error.message is not empty');
  assert.ok(res.requestId, 'X-Request-Id header present');
  assert.equal(e.request_id, res.requestId, 'error.request_id equals X-Request-Id');
  return e;
}

export function assertStatus(res, status) {
  assert.equal(res.status, status, `expected ${status}, got ${describe(res)}`);
}

/** Every message the error carries (its message and each field's messages). */
export function errorMessages(res) {
  const e = res.json?.error ?? {};
  return [e.message, ...Object.values(e.fields ?? {}).flat()];
}

// ---------------------------------------------------------------------------------------------
// Sessions

export async function loginRaw(email, password, { address } = {}) {
  const headers = address ? { 'x-forwarded-for': address } : {};
  return api('POST', '/api/v1/account_token', { json: { auth: { email, password } }, headers });
}

/** Logs in and returns the JWT; fails the test on anything but 201. */
export async function login(email, password = DEMO_PASSWORD) {
  const res = await loginRaw(email, password);
  assert.equal(res.status, 201, `login ${email}: ${describe(res)}`);
  assert.equal(typeof res.json?.jwt, 'string');
  return res.json.jwt;
}

const demoTokens = new Map();
/** A token for a demo account (cached per test file). Never modify demo accounts with it. */
export async function demoToken(key) {
  if (!demoTokens.has(key)) demoTokens.set(key, await login(DEMO[key].email));
  return demoTokens.get(key);
}

export function decodeJwt(token) {
  const [h, p, s] = token.split('.');
  const part = (x) => JSON.parse(Buffer.from(x, 'base64url').toString('utf8'));
  return { header: part(h), payload: part(p), signature: s };
}

// ---------------------------------------------------------------------------------------------
// Accounts through the CLI

export function campEnv(extra = {}) {
  return { ...process.env, ...extra };
}

/**
 * Creates an account with `camp accounts create ... --json` (password on stdin) and returns the
 * parsed account plus {email, password}.
 */
export function createAccount({ role = 'student', course, nickname, email, env } = {}) {
  const bin = required('CAMP_BIN');
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const address = email ?? uniqueEmail(role.replace(/_/g, '-'));
  const args = ['accounts', 'create', '--email', address, '--role', role];
  if (course) args.push('--course', course);
  if (nickname) args.push('--nickname', nickname);
  args.push('--json');
  let out;
  try {
    out = execFileSync(bin, args, { input: `${password}\n`, env: env ?? campEnv(), encoding: 'utf8', timeout: 30000 });
  } catch (err) {
    throw new Error(`camp ${args.join(' ')} failed (exit ${err.status}): ${err.stderr || err.message}`);
  }
  let parsed;
  try { parsed = JSON.parse(out); } catch { throw new Error(`camp accounts create --json printed no JSON: ${out}`); }
  const account = parsed.account ?? parsed;
  assert.ok(Number.isInteger(Number(account.id)), `created account has an id: ${out}`);
  return { ...account, id: Number(account.id), email: address, password };
}

/** Creates an account and logs it in: {account, token}. */
export async function createAndLogin(opts) {
  const account = createAccount(opts);
  const token = await login(account.email, account.password);
  return { account, token };
}

/** The PATCH body of the contract, filled from an account JSON plus changes. */
export function patchBody(current, changes = {}) {
  return {
    account: {
      nickname__c: current.nickname ?? null,
      personemail: current.email,
      account_image_01__c: current.image_url ?? null,
      ...changes,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Uploads

export function uploadForm(bytes, { filename = 'file.png', type = 'image/png', fileType = 'profile', withFile = true } = {}) {
  const form = new FormData();
  if (withFile) form.append('file', new Blob([bytes], { type }), filename);
  if (fileType !== null) form.append('file_type', fileType);
  return form;
}

export function upload(token, bytes, opts) {
  return api('POST', '/api/v1/file_upload', { token, body: uploadForm(bytes, opts) });
}

// ---------------------------------------------------------------------------------------------
// The daemon's own signing key, to forge tokens that only the claims make invalid (expired,
// unknown session, other algorithm). From CAMP_JWT_SECRET, the config's jwt_secret, or the key
// generated into the data directory (config/camp.example.yaml: data_dir/jwt_secret).
export function jwtSecret() {
  if (process.env.CAMP_JWT_SECRET) return process.env.CAMP_JWT_SECRET;
  if (process.env.CAMP_CONFIG && existsSync(process.env.CAMP_CONFIG)) {
    const m = readFileSync(process.env.CAMP_CONFIG, 'utf8').match(/^jwt_secret:\s*["']?([^"'\s#]+)["']?\s*(#.*)?$/m);
    if (m) return m[1];
  }
  const file = join(required('CAMP_DATA_DIR'), 'jwt_secret');
  assert.ok(existsSync(file), `no jwt_secret configured and ${file} does not exist`);
  return readFileSync(file, 'utf8').trim();
}

/** Runs the camp CLI against the test database; returns stdout, throws with stderr on failure. */
export function camp(...args) {
  try {
    return execFileSync(required('CAMP_BIN'), args, { env: campEnv(), encoding: 'utf8', timeout: 30000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`camp ${args.join(' ')} failed (exit ${err.status}): ${err.stderr || err.message}`);
  }
}
