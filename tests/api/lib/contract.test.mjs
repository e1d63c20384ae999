// The contract check itself (lib/contract.mjs): it must refuse what the daemon must never send.
// Needs no daemon: the answers are made here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkResponse } from './contract.mjs';

const json = (status, body) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  json: body,
  text: JSON.stringify(body),
});
const account = { id: 1, role: 'student', email: 's@example.com', nickname: 'S', display_name: 'S', image_url: null, course: null, two_factor_enabled: false, two_factor_required: false };
const error = (status, code) => ({ error: { status, code, message: 'x', request_id: 'abc' } });

test('a body that matches its schema passes', () => {
  checkResponse('GET', '/api/v1/accounts/me', json(200, account));
  checkResponse('GET', '/api/v1/accounts/me', json(401, error(401, 'unauthenticated')));
});

test('a deliberately broken body fails', () => {
  assert.throws(() => checkResponse('GET', '/api/v1/accounts/me', json(200, { ...account, id: 'one' })), /breaks its schema/);
  assert.throws(() => checkResponse('GET', '/api/v1/accounts/me', json(200, { ...account, role: 'king' })), /breaks its schema/);
  const { email: _email, ...withoutEmail } = account;
  assert.throws(() => checkResponse('GET', '/api/v1/accounts/me', json(200, withoutEmail)), /breaks its schema/);
  assert.throws(() => checkResponse('GET', '/api/v1/accounts/me', json(401, { error: { status: 401, message: 'x' } })), /breaks its schema/);
});

test('an undeclared status fails', () => {
  assert.throws(() => checkResponse('GET', '/api/v1/accounts/me', json(418, error(418, 'internal'))), /does not declare 418/);
  assert.throws(() => checkResponse('GET', '/api/v1/site', json(500, error(500, 'internal'))), /does not declare 500/);
});

test('unknown API paths must be 404 and unknown methods 405, with the error body', () => {
  checkResponse('GET', '/api/v1/nothing', json(404, error(404, 'not_found')));
  assert.throws(() => checkResponse('GET', '/api/v1/nothing', json(200, {})), /must answer 404/);
  checkResponse('PUT', '/api/v1/accounts/me', json(405, error(405, 'method_not_allowed')));
  assert.throws(() => checkResponse('PUT', '/api/v1/accounts/me', json(200, account)), /so 405/);
});

test('a route declared without a body must send none', () => {
  checkResponse('DELETE', '/api/v1/account_token', { status: 204, headers: new Headers(), text: '' });
  assert.throws(
    () => checkResponse('DELETE', '/api/v1/account_token', { status: 204, headers: new Headers(), text: '{}' }),
    /without a body/,
  );
});

test('the web app and uploads are outside the contract', () => {
  checkResponse('GET', '/students/12', { status: 200, headers: new Headers({ 'content-type': 'text/html' }), text: '<!doctype html>' });
});
