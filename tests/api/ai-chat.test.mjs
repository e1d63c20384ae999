// The AI chat's HTTP routes (the chat itself is AiChatChannel: tests/realtime/ai-chat-channel.test.mjs).
// The demo seed gives student@example.com two conversations answered offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, demoToken, createAndLogin } from './lib/client.mjs';

const LOGGER = '/api/v1/ai_chat/action_cable_logger';

test('a student lists and reads their own conversations; others see none of them; admins read them for support', async () => {
  const student = await demoToken('student');
  const list = await api('GET', '/api/v1/ai_chat/conversations', { token: student });
  assertStatus(list, 200);
  assert.ok(list.json.meta.total >= 2, JSON.stringify(list.json));
  const [first] = list.json.data;
  const detail = await api('GET', `/api/v1/ai_chat/conversations/${first.id}`, { token: student });
  assertStatus(detail, 200);
  assert.deepEqual(detail.json.messages.map((m) => m.role), ['user', 'assistant']);
  assert.ok(detail.json.messages[1].sources.length > 0, 'the demo answer cites sources');

  const other = await demoToken('student5');
  assertError(await api('GET', `/api/v1/ai_chat/conversations/${first.id}`, { token: other }), 404, 'not_found');
  assertError(await api('GET', `/api/v1/ai_chat/conversations?account_id=${first.account_id}`, { token: other }), 403, 'forbidden');
  const mine = await api('GET', '/api/v1/ai_chat/conversations', { token: other });
  assert.ok(mine.json.data.every((c) => c.account_id !== first.account_id));

  const admin = await demoToken('admin');
  assertStatus(await api('GET', `/api/v1/ai_chat/conversations/${first.id}`, { token: admin }), 200);
  const theirs = await api('GET', `/api/v1/ai_chat/conversations?account_id=${first.account_id}&per=1`, { token: admin });
  assert.equal(theirs.json.data.length, 1);
  assert.equal(theirs.json.data[0].account_id, first.account_id);

  const graduate = await demoToken('graduate');
  assertError(await api('GET', '/api/v1/ai_chat/conversations', { token: graduate }), 403, 'forbidden');
});

test('bad input to the conversation routes is a documented error, never a 500', async () => {
  const admin = await demoToken('admin');
  for (const q of ['account_id=abc', 'account_id=-1', 'account_id=0', 'account_id=99999999999999999999', 'account_id=1.5'])
    assertError(await api('GET', `/api/v1/ai_chat/conversations?${q}`, { token: admin }), 422, 'invalid');
  assertStatus(await api('GET', '/api/v1/ai_chat/conversations?account_id=9223372036854775', { token: admin }), 200);
  for (const q of ['page=0', 'per=101', 'page=abc', 'account_id=%FF'])
    assertError(await api('GET', `/api/v1/ai_chat/conversations?${q}`, { token: admin }), 400, 'malformed');
  for (const id of ['9223372036854775807', '99999999999999999999999', '0'])
    assertError(await api('GET', `/api/v1/ai_chat/conversations/${id}`, { token: admin }), 404, 'not_found');
});

test('the realtime logger logs a report with the account; bad bodies are refused', async () => {
  const { token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
  assertStatus(await api('POST', LOGGER, { token, json: { id: 12, error: 'failed first connection' } }), 204);
  assertStatus(await api('POST', LOGGER, { token, json: { error: 'disconnected' } }), 204);  // no conversation yet
  for (const json of [{ id: 1 }, { id: 1, error: '' }, { id: 1, error: 7 }, { id: 1, error: 'x'.repeat(201) }, { id: 1, error: ['x'] }])
    assertError(await api('POST', LOGGER, { token, json }), 422, 'invalid');
  for (const body of ['{', '[]', 'null', '"x"'])
    assert.ok([400, 422].includes((await api('POST', LOGGER, { token, body, headers: { 'content-type': 'application/json' } })).status));
  const badUtf8 = Buffer.concat([Buffer.from('{"id":1,"error":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
  assertError(await api('POST', LOGGER, { token, body: badUtf8, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await api('POST', LOGGER, { token, body: 'id=1', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  const huge = JSON.stringify({ id: 1, error: 'x', pad: 'y'.repeat(2 * 1024 * 1024) });
  assertError(await api('POST', LOGGER, { token, body: huge, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
  assertError(await api('POST', LOGGER, { json: { id: 1, error: 'x' } }), 401, 'unauthenticated');
  assertError(await api('POST', LOGGER, { token: await demoToken('graduate'), json: { id: 1, error: 'x' } }), 403, 'forbidden');
});
