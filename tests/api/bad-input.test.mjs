// Bad input never becomes a 500: invalid UTF-8 and control characters in the query or the
// path are a 400; page/per out of range are a 400 naming the field; ids are 64-bit and a number
// that cannot be an id is a 404 (path) or a 422 naming the field (body), never another row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, demoToken } from './lib/client.mjs';

test('invalid UTF-8 or control characters in the query string are a 400', async () => {
  const token = await demoToken('student');
  for (const q of ['keywords=%FF', 'keywords=%C0%AE%C0%AE', 'keywords=%ED%A0%80', 'keywords=a%00b', 'keywords=a%0Ab',
    'keywords=%1B%5B31m', 'status=%7F', '%FF=1', 'keywords=%E3%81']) {
    assertError(await api('GET', `/api/v1/questions?${q}`, { token }), 400, 'malformed');
  }
  // Japanese keywords, percent-encoded properly, are fine.
  assert.equal((await api('GET', `/api/v1/questions?keywords=${encodeURIComponent('質問 ルーティング')}`, { token })).status, 200);
});

test('invalid UTF-8 or control characters in the path are a 400', async () => {
  const token = await demoToken('student');
  for (const path of ['/api/v1/questions/%FF', '/api/v1/questions/1%0A', '/api/v1/questions/%C0%AE', '/api/v1/%00'])
    assertError(await api('GET', path, { token }), 400, 'malformed');
});

test('page and per out of range are a 400 naming the field', async () => {
  const token = await demoToken('student');
  for (const [q, field] of [['page=0', 'page'], ['page=-1', 'page'], ['page=99999999999999999999', 'page'],
    ['page=abc', 'page'], ['page=1.5', 'page'], ['page=10001', 'page'], ['per=0', 'per'], ['per=101', 'per'],
    ['per=1e2', 'per'], ['per=%2B5', 'per']]) {
    const e = assertError(await api('GET', `/api/v1/questions?${q}`, { token }), 400, 'malformed');
    assert.ok(e.fields?.[field]?.length, `${q}: fields.${field} ${JSON.stringify(e)}`);
  }
  assert.equal((await api('GET', '/api/v1/questions?page=2&per=100', { token })).status, 200);
});

test('ids too large to exist are a 404, never a 500', async () => {
  const token = await demoToken('admin');
  for (const id of ['9223372036854775807', '9223372036854775808', '99999999999999999999999', '000000000000000000001'])
    for (const [method, path] of [['GET', `/api/v1/questions/${id}`], ['DELETE', `/api/v1/questions/${id}`],
      ['PATCH', `/api/v1/accounts/${id}`]])
      assertError(await api(method, path, { token }), 404, 'not_found');
});

test('a category id beyond 32 bits names no category: 422 on the field, not a wrapped id', async () => {
  const token = await demoToken('student');
  for (const category_id of [4294967297, 2 ** 31, -1, 0, 1e300, '1', true, [1], { id: 1 }]) {
    const res = await api('POST', '/api/v1/questions', { token, json: { question: { category_id, title: 't', body: 'b' } } });
    const e = assertError(res, 422, 'invalid');
    assert.ok(e.fields?.category_id?.length, `category_id ${JSON.stringify(category_id)}: ${JSON.stringify(e)}`);
  }
});

test('invalid UTF-8 inside a JSON body is a 400', async () => {
  const token = await demoToken('student');
  const body = Buffer.concat([Buffer.from('{"question":{"title":"'), Buffer.from([0xC0, 0xAE]), Buffer.from('"}}')]);
  assertError(await api('POST', '/api/v1/questions', { token, body, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
});
