// Protocol-level behaviour: errors, limits, request ids, security headers, service endpoints,
// static files and the SPA fallback.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  api, assertError, assertStatus, BASE_URL, DEMO, DEMO_PASSWORD, demoToken, freshAddress,
} from './lib/client.mjs';

/** Sends raw bytes, resolves with {text, closed} once the server answers and closes, or errors. */
function rawRequest(data, { timeoutMs = 10000 } = {}) {
  const url = new URL(BASE_URL);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 80), url.hostname);
    const chunks = [];
    let done = false;
    const finish = (how) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), how });
    };
    socket.setTimeout(timeoutMs, () => finish('timeout'));
    socket.on('connect', () => socket.write(data));
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => finish('closed'));
    socket.on('error', (err) => finish(`error:${err.code}`));
  });
}

describe('request bodies', () => {
  test('malformed JSON → 400 malformed', async () => {
    const res = await api('POST', '/api/v1/account_token', {
      body: '{"auth": {"email": "student@example.com", "password": ', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
    });
    assertError(res, 400, 'malformed');
  });

  test('malformed JSON on PATCH → 400 malformed', async () => {
    const token = await demoToken('student');
    const me = (await api('GET', '/api/v1/accounts/me', { token })).json;
    const res = await api('PATCH', `/api/v1/accounts/${me.id}`, {
      token, body: '{"account": nope}', headers: { 'content-type': 'application/json' },
    });
    assertError(res, 400, 'malformed');
  });

  test('a JSON array where an object is expected → 400 or 422', async () => {
    const res = await api('POST', '/api/v1/account_token', { json: [1, 2, 3], headers: { 'x-forwarded-for': freshAddress() } });
    assert.ok([400, 422].includes(res.status), `got ${res.status} ${res.text}`);
    assertError(res, res.status);
  });

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
    test(`Content-Type ${type} on a JSON endpoint → 415`, async () => {
      const res = await api('POST', '/api/v1/account_token', {
        body: JSON.stringify({ auth: { email: DEMO.student.email, password: DEMO_PASSWORD } }),
        headers: { 'content-type': type, 'x-forwarded-for': freshAddress() },
      });
      assertError(res, 415, 'unsupported_media_type');
    });
  }

  test('no Content-Type on a JSON endpoint → 415', async () => {
    const res = await api('POST', '/api/v1/account_token', {
      body: Buffer.from(JSON.stringify({ auth: { email: DEMO.student.email, password: DEMO_PASSWORD } })),
      headers: { 'x-forwarded-for': freshAddress() },
    });
    assertError(res, 415, 'unsupported_media_type');
  });

  test('application/json; charset=utf-8 is accepted', async () => {
    const res = await api('POST', '/api/v1/account_token', {
      body: JSON.stringify({ auth: { email: DEMO.trial.email, password: DEMO_PASSWORD } }),
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-forwarded-for': freshAddress() },
    });
    assertStatus(res, 201);
  });

  test('a JSON body over the JSON limit (2 MiB) → 413 JSON error', async () => {
    const res = await api('POST', '/api/v1/account_token', {
      json: { auth: { email: `${'a'.repeat(2 * 1024 * 1024)}@example.com`, password: 'x' } },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    assertError(res, 413, 'payload_too_large');
  });

  test('a 100 KB header → 431 or 400 or a closed connection; the daemon answers afterwards', async () => {
    const res = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(100 * 1024)}\r\n\r\n`);
    assert.notEqual(res.how, 'timeout', 'the daemon neither answered nor closed the connection');
    if (res.text.length > 0) assert.match(res.text, /^HTTP\/1\.1 (431|400) /, res.text.slice(0, 200));
    assertStatus(await api('GET', '/healthz'), 200);
  });

  test('a thousand headers → refused or answered, and the daemon answers afterwards', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => `X-H${i}: ${i}\r\n`).join('');
    const res = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${many}\r\n`);
    assert.notEqual(res.how, 'timeout');
    if (res.text.length > 0) assert.match(res.text, /^HTTP\/1\.1 (200|431|400) /, res.text.slice(0, 200));
    assertStatus(await api('GET', '/healthz'), 200);
  });

  test('garbage instead of HTTP → 400 or closed; the daemon answers afterwards', async () => {
    const res = await rawRequest('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n');
    assert.notEqual(res.how, 'timeout');
    if (res.text.length > 0) assert.match(res.text, /^HTTP\/1\.1 400 /, res.text.slice(0, 200));
    assertStatus(await api('GET', '/healthz'), 200);
  });

  test('two pipelined requests are both answered', async () => {
    const req = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    const res = await rawRequest(`${req}GET /server-version.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.equal((res.text.match(/HTTP\/1\.1 200 /g) || []).length, 2, res.text.slice(0, 400));
  });
});

describe('routing', () => {
  test('unknown /api/v1/nope → 404 JSON', async () => {
    const res = await api('GET', '/api/v1/nope', { token: await demoToken('student') });
    assertError(res, 404, 'not_found');
  });

  test('unknown /api path, even deep or with another version → 404 JSON, never the SPA', async () => {
    for (const path of ['/api/v1/accounts/me/nope', '/api/v2/accounts/me', '/api/nope']) {
      const res = await api('GET', path, { token: await demoToken('student') });
      assertError(res, 404, 'not_found');
    }
  });

  test('PUT /api/v1/accounts/me → 405 with Allow', async () => {
    const res = await api('PUT', '/api/v1/accounts/me', { token: await demoToken('student'), json: {} });
    assertError(res, 405, 'method_not_allowed');
    assert.match(res.headers.get('allow') || '', /\bGET\b/);
  });

  test('GET /api/v1/account_token → 405 with Allow: POST, DELETE', async () => {
    const res = await api('GET', '/api/v1/account_token', { token: await demoToken('student') });
    assertError(res, 405, 'method_not_allowed');
    const allow = res.headers.get('allow') || '';
    assert.match(allow, /\bPOST\b/);
    assert.match(allow, /\bDELETE\b/);
  });
});

describe('request ids', () => {
  test('every response carries X-Request-Id, unique per request', async () => {
    const token = await demoToken('student');
    const responses = [
      await api('GET', '/api/v1/accounts/me', { token }),
      await api('GET', '/api/v1/accounts/me'),
      await api('GET', '/api/v1/nope', { token }),
      await api('GET', '/healthz'),
      await api('GET', '/server-version.json'),
      await api('GET', '/metrics'),
      await api('GET', '/'),
      await api('DELETE', '/api/v1/account_token'),
    ];
    const ids = responses.map((r) => r.requestId);
    for (const [i, id] of ids.entries()) assert.ok(id && id.length >= 8, `response ${i} (${responses[i].status}) has X-Request-Id`);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  });

  test("an error body's request_id equals the header", async () => {
    for (const res of [
      await api('GET', '/api/v1/accounts/me'),
      await api('GET', '/api/v1/nope', { token: await demoToken('student') }),
      await api('POST', '/api/v1/account_token', { json: { auth: {} }, headers: { 'x-forwarded-for': freshAddress() } }),
    ]) {
      assert.equal(res.json.error.request_id, res.requestId);
    }
  });
});

describe('security headers', () => {
  for (const path of ['/api/v1/accounts/me', '/server-version.json', '/', '/students/12']) {
    test(`${path} carries CSP with frame-ancestors, nosniff and Referrer-Policy`, async () => {
      const res = await api('GET', path, { token: await demoToken('student') });
      const csp = res.headers.get('content-security-policy') || '';
      assert.ok(csp.length > 0, 'Content-Security-Policy present');
      assert.match(csp, /frame-ancestors\s+('none'|'self')/);
      assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, 'no inline scripts allowed');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.ok((res.headers.get('referrer-policy') || '').length > 0, 'Referrer-Policy present');
    });
  }

  test('error answers carry the security headers too', async () => {
    const res = await api('GET', '/api/v1/accounts/me');
    assert.ok(res.headers.get('content-security-policy'));
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('service endpoints', () => {
  test('/server-version.json → {"version":"7.9"}', async () => {
    const res = await api('GET', '/server-version.json');
    assertStatus(res, 200);
    assert.deepEqual(res.json, { version: '7.9' });
  });

  test('GET /api/v1/site without a token → version and policy URLs', async () => {
    const res = await api('GET', '/api/v1/site');
    assertStatus(res, 200);
    assert.equal(res.json.version, '7.9');
    assert.ok('privacy_policy_url' in res.json && 'terms_url' in res.json, res.text);
  });

  test('/healthz → 200 {"status":"ok"}', async () => {
    const res = await api('GET', '/healthz');
    assertStatus(res, 200);
    assert.deepEqual(res.json, { status: 'ok' });
  });

  test('/readyz → 200 {"status":"ready"}', async () => {
    const res = await api('GET', '/readyz');
    assertStatus(res, 200);
    assert.deepEqual(res.json, { status: 'ready' });
  });

  test('/metrics → Prometheus text with a request counter that counts', async () => {
    const read = async () => {
      const res = await api('GET', '/metrics');
      assertStatus(res, 200);
      assert.match(res.headers.get('content-type') || '', /^text\/plain/);
      return res.text;
    };
    const counters = (text) => [...text.matchAll(/^# TYPE (\S+) counter$/gm)].map((m) => m[1]).filter((n) => /request/.test(n));
    const total = (text, name) => text.split('\n')
      .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `) || l.startsWith(`${name}_total`))
      .reduce((sum, l) => sum + Number(l.trim().split(/\s+/).at(-1)), 0);

    const before = await read();
    assert.match(before, /^# HELP /m);
    const names = counters(before);
    assert.ok(names.length > 0, `a counter named *request*: ${before.slice(0, 600)}`);
    for (let i = 0; i < 5; i++) await api('GET', '/healthz');
    const after = await read();
    const name = names[0];
    assert.ok(total(after, name) >= total(before, name) + 5, `${name} grew by at least 5`);
    // The gauges a drain and a login storm are watched by: the /metrics request is in flight itself.
    assert.ok(Number(/^camp_http_requests_in_flight (\d+)$/m.exec(after)?.[1]) >= 1, 'requests in flight counts this one');
    assert.match(after, /^camp_login_queue \d+$/m);
  });

  test('/metrics is not served to a client that is not on loopback', async () => {
    const res = await api('GET', '/metrics', { headers: { 'x-forwarded-for': freshAddress() } });
    assert.ok([403, 404].includes(res.status), `got ${res.status}`);
    assert.doesNotMatch(res.text, /^# TYPE/m);
  });
});

describe('web app', () => {
  const dist = fileURLToPath(new URL('../../webui/dist/index.html', import.meta.url));

  test('GET /students/12 → the SPA index.html (SPA fallback)', async () => {
    assert.ok(existsSync(dist), `${dist} exists (scripts/test builds webui before the API tests)`);
    const res = await api('GET', '/students/12');
    assertStatus(res, 200);
    assert.match(res.headers.get('content-type') || '', /^text\/html/);
    assert.equal(res.text, readFileSync(dist, 'utf8'));
    assert.match(res.headers.get('cache-control') || '', /no-cache|no-store/);
  });

  test('GET / → index.html', async () => {
    const res = await api('GET', '/');
    assertStatus(res, 200);
    assert.match(res.headers.get('content-type') || '', /^text\/html/);
  });
});
