// Uploads live in PostgreSQL (issue 28): any daemon on the database serves any upload, with a
// strong ETag (the SHA-256 of the bytes) and a year of immutable caching; If-None-Match gives a
// 304. A second campd with an empty data directory of its own proves that nothing of an upload
// is on the first one's disk, and with the key files it is given (jwt_secret_file,
// questionnaires.key_file) it accepts the first one's tokens without writing anything there.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, assertError, assertStatus, BASE_URL, createAndLogin, upload } from './lib/client.mjs';
import { jpeg, noisePng, png } from './lib/images.mjs';
import { startOwnDaemon } from './lib/own-daemon.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function get(base, path, headers = {}) {
  const res = await fetch(base + path, { headers, signal: AbortSignal.timeout(15000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json = null;
  try { json = JSON.parse(bytes.toString('utf8')); } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, bytes, json };
}

let token;
let url;
before(async () => {
  ({ token } = await createAndLogin({ role: 'student', course: 'rails_4m' }));
  const res = await upload(token, png(6, 6));
  assertStatus(res, 201);
  url = res.json.file_url;
});

describe('served from the database', () => {
  test('a strong ETag that is the SHA-256 of the bytes served, and a year of immutable caching', async () => {
    const res = await get(BASE_URL, url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('etag'), `"${sha256(res.bytes)}"`);
    assert.equal(res.headers.get('cache-control'), IMMUTABLE);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });

  test('If-None-Match with the ETag (strong, weak, in a list) → 304 without a body; another hash → 200', async () => {
    const etag = (await get(BASE_URL, url)).headers.get('etag');
    for (const value of [etag, `W/${etag}`, `"${'0'.repeat(64)}", ${etag}`]) {
      const res = await get(BASE_URL, url, { 'if-none-match': value });
      assert.equal(res.status, 304, value);
      assert.equal(res.bytes.length, 0);
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), IMMUTABLE);
    }
    for (const value of [`"${'0'.repeat(64)}"`, '*', 'garbage', `"${'Z'.repeat(64)}"`, 'x'.repeat(4000)]) {
      const res = await get(BASE_URL, url, { 'if-none-match': value });
      assert.equal(res.status, 200, value);
      assert.equal(res.headers.get('etag'), etag);
    }
  });

  test('once read, an upload is answered from memory on the I/O thread: the same answer, counted', async () => {
    const counters = async () => {
      const text = (await get(BASE_URL, '/metrics')).bytes.toString('utf8');
      const read = (name) => Number(text.match(new RegExp(`^${name} (\\d+)$`, 'm'))?.[1]);
      return { memory: read('camp_http_answered_from_memory_total'), hits: read('camp_upload_cache_hits_total'),
        misses: read('camp_upload_cache_misses_total') };
    };
    const fresh = await upload(token, png(7, 5));
    assertStatus(fresh, 201);
    const path = fresh.json.file_url;
    const before = await counters();
    const first = await get(BASE_URL, path); // not in memory yet: the worker pool reads the database
    const middle = await counters();
    const second = await get(BASE_URL, path);
    const revalidated = await get(BASE_URL, path, { 'if-none-match': first.headers.get('etag') });
    const after = await counters();
    assert.equal(middle.misses - before.misses, 1, 'one database read');
    assert.equal(middle.memory - before.memory, 0);
    assert.equal(after.memory - middle.memory, 2, 'the second GET and the revalidation from memory');
    assert.equal(after.hits - middle.hits, 2);
    assert.equal(after.misses, middle.misses, 'a look in memory that answers is no miss');
    assert.equal(second.status, 200);
    assert.ok(second.bytes.equals(first.bytes));
    for (const name of ['etag', 'cache-control', 'content-type', 'content-length', 'x-content-type-options',
      'referrer-policy', 'x-frame-options', 'content-security-policy'])
      assert.equal(second.headers.get(name), first.headers.get(name), name);
    assert.match(second.headers.get('x-request-id') ?? '', /^[0-9a-f]{16}$/);
    assert.notEqual(second.headers.get('x-request-id'), first.headers.get('x-request-id'));
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.bytes.length, 0);
  });

  test('the same bytes twice: two names, one ETag', async () => {
    const bytes = jpeg(12, 12);
    const [a, b] = [await upload(token, bytes, { filename: 'a.jpg', type: 'image/jpeg' }),
      await upload(token, bytes, { filename: 'b.jpg', type: 'image/jpeg' })];
    assertStatus(a, 201);
    assertStatus(b, 201);
    assert.notEqual(a.json.file_url, b.json.file_url);
    const [ga, gb] = [await get(BASE_URL, a.json.file_url), await get(BASE_URL, b.json.file_url)];
    assert.equal(ga.headers.get('etag'), gb.headers.get('etag'));
    assert.ok(ga.bytes.equals(gb.bytes));
  });

  test('names that are no upload → 404 JSON, never a 500 or the web app', async () => {
    const names = [
      `/uploads/profile/${'0'.repeat(32)}.png`, // well formed, names nothing
      `/uploads/profile/${'g'.repeat(32)}.png`, // not hex
      `/uploads/profile/${'a'.repeat(64)}.png`, // a hash where a name goes
      `/uploads/profile/${'9'.repeat(4000)}.png`, // huge
      `/uploads/profile/${url.split('/').pop().toUpperCase()}`,
      `/uploads/nope/${'a'.repeat(32)}.png`, `/uploads/profile/${'a'.repeat(32)}.gif`, `/uploads/profile/${'a'.repeat(32)}`,
      '/uploads/profile/%00.png', '/uploads/profile/%e3%81%82.png', '/uploads/profile', '/uploads/', '/uploads',
      `${url}/x`, `${url}%20`,
    ];
    for (const path of names) {
      const res = await get(BASE_URL, path);
      assert.equal(res.status, 404, path);
      assert.equal(res.json?.error?.code, 'not_found', `${path}: ${res.bytes.toString().slice(0, 200)}`);
    }
  });

  test('a 6 MiB upload, and a text file sent as an image: the documented JSON errors', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
    png().copy(big);
    assertError(await upload(token, big), 413, 'payload_too_large');
    assertError(await upload(token, Buffer.from('not a picture'), { type: 'image/png' }), 422, 'invalid');
  });
});

describe('a second daemon with an empty data directory of its own, on the same database', () => {
  let second;
  before(async () => {
    // The keys the operator gives every daemon: here, the files the suite's daemon generated.
    const suite = process.env.CAMP_DATA_DIR;
    second = await startOwnDaemon({
      name: 'blobs',
      env: {
        CAMP_JWT_SECRET_FILE: join(suite, 'jwt_secret'),
        CAMP_QUESTIONNAIRES_KEY_FILE: join(suite, 'questionnaire_keys'),
      },
    });
  });
  after(async () => { await second?.stop(); });

  test('serves an upload made through the first, byte for byte, with the same ETag and 304', async () => {
    const noise = noisePng(200 * 1024).bytes; // bigger than a page: more than one TOAST chunk
    const made = await upload(token, noise);
    assertStatus(made, 201);
    for (const path of [url, made.json.file_url]) {
      const first = await get(BASE_URL, path);
      const there = await get(second.url, path);
      assert.equal(there.status, 200, path);
      assert.ok(there.bytes.equals(first.bytes), 'the same bytes');
      assert.equal(there.headers.get('etag'), first.headers.get('etag'));
      assert.equal(there.headers.get('cache-control'), IMMUTABLE);
      const again = await get(second.url, path); // from its cache now
      assert.ok(again.bytes.equals(first.bytes));
      assert.equal((await get(second.url, path, { 'if-none-match': first.headers.get('etag') })).status, 304);
    }
  });

  test("accepts the first daemon's token and takes uploads; its data directory stays empty", async () => {
    assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
    const me = await fetch(`${second.url}/api/v1/accounts/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);
    const form = new FormData();
    form.append('file', new Blob([png(3, 5)], { type: 'image/png' }), 'x.png');
    form.append('file_type', 'question');
    const res = await fetch(`${second.url}/api/v1/file_upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    assert.equal(res.status, 201);
    const { file_url: made } = await res.json();
    assert.equal((await get(BASE_URL, made)).status, 200, 'and the first daemon serves it');
    // (Only a mail it happened to deliver, as every daemon without SMTP settings, could be there.)
    assert.deepEqual(readdirSync(second.dir).filter((f) => f !== 'mail'), [], 'no uploads, no keys');
    assert.ok(!existsSync(join(second.dir, 'uploads')));
  });

  test('its /metrics counts cache hits and misses', async () => {
    const text = (await get(second.url, '/metrics')).bytes.toString();
    assert.ok(Number(/^camp_upload_cache_hits_total (\d+)$/m.exec(text)?.[1]) >= 2, text.slice(-600));
    assert.ok(Number(/^camp_upload_cache_misses_total (\d+)$/m.exec(text)?.[1]) >= 2);
    assert.ok(Number(/^camp_upload_cache_bytes (\d+)$/m.exec(text)?.[1]) > 200 * 1024);
  });
});
