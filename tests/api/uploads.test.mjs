// POST /api/v1/file_upload and GET /uploads/...: images are decoded and encoded again, so what
// is served is the picture without the file's metadata (EXIF with GPS, comments, trailing bytes).
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, assertError, assertStatus, BASE_URL, createAndLogin, errorMessages, upload, UPLOAD_ERROR, uploadForm,
} from './lib/client.mjs';
import {
  decodePng, exifWithGps, gif, GPS_BYTES, HTML, jpeg, jpegSegments, noisePng, PHP, png, pngChunks, pngClaiming, pngOf,
  SVG, webp, webpChunks,
} from './lib/images.mjs';

const PIXELS_MESSAGE = '画像の画素数が多すぎます（5000万画素まで）';
const COM = 0xfe;
const APP1 = 0xe1;

let token;
before(async () => {
  ({ token } = await createAndLogin({ role: 'student', course: 'rails_4m' }));
});

function assertRefusedFormat(res) {
  assertError(res, 422, 'invalid');
  assert.ok(errorMessages(res).includes(UPLOAD_ERROR),
    `the 422 carries '${UPLOAD_ERROR}': ${JSON.stringify(res.json)}`);
}

// The served file is the same picture in the same format: PNG pixel for pixel, a JPEG of the
// same size, a WebP with its image chunk.
const samePicture = {
  'image/png': (sent, got) => assert.ok(decodePng(got).pixels.equals(decodePng(sent).pixels), 'the same pixels'),
  'image/jpeg': (sent, got) => {
    const [a, b] = [jpegSegments(sent), jpegSegments(got)];
    assert.deepEqual([b.width, b.height], [a.width, a.height], 'the same size');
  },
  'image/webp': (_sent, got) => assert.ok(webpChunks(got).some((t) => t === 'VP8 ' || t === 'VP8L'), webpChunks(got).join()),
};

async function storedFile(url) {
  const file = await api('GET', url);
  assertStatus(file, 200);
  return file.bytes;
}

describe('accepted images', () => {
  const cases = [
    ['png', png(), 'client-chosen-name.png', 'image/png', /\.png$/, 'image/png'],
    ['jpeg', jpeg(), 'client-chosen-name.jpeg', 'image/jpeg', /\.jpe?g$/, 'image/jpeg'],
    ['jpg named .jpg', jpeg(), 'client-chosen-name.jpg', 'image/jpeg', /\.jpe?g$/, 'image/jpeg'],
    ['webp', webp(), 'client-chosen-name.webp', 'image/webp', /\.webp$/, 'image/webp'],
    // Decided by the bytes: a real PNG with a misleading name and type is still a PNG.
    ['png named evil.php sent as text/html', png(4, 4), 'client-chosen-name.php', 'text/html', /\.png$/, 'image/png'],
    ['noise png of 300 KiB', noisePng(300 * 1024).bytes, 'noise.png', 'image/png', /\.png$/, 'image/png'],
  ];
  for (const [name, bytes, filename, type, ext, served] of cases) {
    test(`${name}: 201 {file_url}, then served with ${served} and nosniff`, async () => {
      const res = await upload(token, bytes, { filename, type });
      assertStatus(res, 201);
      assert.deepEqual(Object.keys(res.json), ['file_url']);
      const url = res.json.file_url;
      assert.match(url, /^\/uploads\/profile\/[A-Za-z0-9_-]{16,}\.[a-z]+$/, `server-chosen random name: ${url}`);
      assert.match(url, ext);
      assert.ok(!url.includes('client-chosen-name'), 'the client file name is not reused');

      const file = await api('GET', url);
      assertStatus(file, 200);
      assert.equal((file.headers.get('content-type') || '').split(';')[0].trim(), served);
      assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
      samePicture[served](bytes, file.bytes);
    });
  }

  test('two uploads of the same bytes get two different names', async () => {
    const a = await upload(token, png());
    const b = await upload(token, png());
    assertStatus(a, 201);
    assertStatus(b, 201);
    assert.notEqual(a.json.file_url, b.json.file_url);
  });
});

describe('metadata never survives', () => {
  const { app1 } = exifWithGps(6); // orientation 6: turn 90° clockwise
  const { tiff } = exifWithGps(1); // upright: the pixels come back as they are
  const comment = Buffer.from('撮影: 自宅 東京都渋谷区神宮前3-2-1', 'utf8');

  test('a JPEG with EXIF (GPS position) and a comment comes back without both, turned upright', async () => {
    const sent = jpeg(16, 8, [[APP1, app1], [COM, comment]]);
    assert.ok(sent.includes(GPS_BYTES) && sent.includes(comment), 'the planted metadata is in what is sent');
    const res = await upload(token, sent, { filename: 'photo.jpg', type: 'image/jpeg' });
    assertStatus(res, 201);
    const got = await storedFile(res.json.file_url);
    const { segments, width, height } = jpegSegments(got);
    const markers = segments.map((s) => s.marker);
    assert.ok(!markers.includes(APP1) && !markers.includes(COM), `no APP1 or COM segment: ${markers.map((m) => m.toString(16))}`);
    assert.ok(!got.includes(GPS_BYTES) && !got.includes('Exif') && !got.includes(comment), 'no trace of them');
    assert.deepEqual([width, height], [8, 16], 'the orientation is applied to the pixels');
  });

  test('a PNG with eXIf (GPS) and tEXt chunks comes back with the same pixels and neither chunk', async () => {
    const pixels = Buffer.from(Array.from({ length: 3 * 3 * 3 }, (_, i) => (i * 37) & 0xff));
    const sent = pngOf(3, 3, pixels, [['eXIf', tiff], ['tEXt', Buffer.concat([Buffer.from('Comment\0'), comment])]]);
    const res = await upload(token, sent);
    assertStatus(res, 201);
    const got = await storedFile(res.json.file_url);
    const types = pngChunks(got).map((c) => c.type);
    for (const type of ['eXIf', 'tEXt', 'zTXt', 'iTXt', 'iCCP']) assert.ok(!types.includes(type), `no ${type}: ${types}`);
    assert.ok(!got.includes(GPS_BYTES) && !got.includes(comment));
    assert.ok(decodePng(got).pixels.equals(pixels), 'the same pixels');
  });

  test('a WebP with an EXIF chunk (GPS) comes back without it', async () => {
    const sent = webp(tiff);
    assert.deepEqual(webpChunks(sent), ['VP8X', 'VP8L', 'EXIF']);
    const res = await upload(token, sent, { filename: 'a.webp', type: 'image/webp' });
    assertStatus(res, 201);
    const got = await storedFile(res.json.file_url);
    assert.ok(!webpChunks(got).includes('EXIF') && !webpChunks(got).includes('XMP '), webpChunks(got).join());
    assert.ok(!got.includes(GPS_BYTES));
  });

  test('HTML after a whole JPEG, or in its comment, is not served', async () => {
    for (const sent of [Buffer.concat([jpeg(), HTML]), jpeg(8, 8, [[COM, HTML]])]) {
      const res = await upload(token, sent, { filename: 'a.jpg', type: 'image/jpeg' });
      assertStatus(res, 201);
      const got = await storedFile(res.json.file_url);
      assert.ok(!got.includes('<script'), 'the HTML is gone');
      jpegSegments(got);
    }
  });
});

describe('refused uploads', () => {
  test('a JPEG header followed by HTML (a polyglot) → 422 with the exact message', async () => {
    const polyglot = Buffer.concat([jpeg().subarray(0, 20), HTML]);
    assertRefusedFormat(await upload(token, polyglot, { filename: 'x.jpg', type: 'image/jpeg' }));
  });

  test('a cut or damaged PNG, a cut JPEG → 422', async () => {
    const whole = png(40, 40);
    const damaged = Buffer.from(whole);
    damaged[damaged.length - 20] ^= 0xff;
    const cutJpeg = jpeg(64, 64).subarray(0, -10);
    assertRefusedFormat(await upload(token, whole.subarray(0, whole.length - 20)));
    assertRefusedFormat(await upload(token, damaged));
    assertRefusedFormat(await upload(token, cutJpeg, { filename: 'x.jpg', type: 'image/jpeg' }));
  });

  test('a small PNG that claims 10000×10000 pixels → 422 before it is decoded', async () => {
    const res = await upload(token, pngClaiming(10000, 10000));
    const e = assertError(res, 422, 'invalid');
    assert.equal(e.message, PIXELS_MESSAGE);
    assert.deepEqual(e.fields.file, [PIXELS_MESSAGE]);
  });

  test('a GIF → 422 with the exact message', async () => {
    assertRefusedFormat(await upload(token, gif(), { filename: 'a.gif', type: 'image/gif' }));
  });

  test('a GIF named .png and sent as image/png → 422', async () => {
    assertRefusedFormat(await upload(token, gif(), { filename: 'a.png', type: 'image/png' }));
  });

  test('a PHP file named x.png → 422', async () => {
    assertRefusedFormat(await upload(token, PHP, { filename: 'x.png', type: 'image/png' }));
  });

  test('an HTML file sent as image/png → 422', async () => {
    assertRefusedFormat(await upload(token, HTML, { filename: 'x.png', type: 'image/png' }));
  });

  test('an SVG (script-capable) named .png → 422', async () => {
    assertRefusedFormat(await upload(token, SVG, { filename: 'x.png', type: 'image/png' }));
  });

  test('only the PNG signature followed by HTML → 422', async () => {
    const fake = Buffer.concat([png().subarray(0, 8), HTML]);
    assertRefusedFormat(await upload(token, fake, { filename: 'x.png', type: 'image/png' }));
  });

  test('an empty file → 422', async () => {
    const res = await upload(token, Buffer.alloc(0), { filename: 'empty.png', type: 'image/png' });
    assertError(res, 422, 'invalid');
  });

  test('a 6 MiB file → 413 JSON error; the daemon answers afterwards', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
    png().copy(big); // a PNG start, so the size and not the format is what is refused
    const res = await upload(token, big, { filename: 'big.png', type: 'image/png' });
    assertError(res, 413, 'payload_too_large');
    assertStatus(await api('GET', '/healthz'), 200);
  });

  test('a 64 MiB upload → 413 or a closed connection, never a hang; the daemon answers afterwards', async () => {
    const huge = Buffer.alloc(64 * 1024 * 1024, 0x42);
    png().copy(huge);
    let res;
    try {
      res = await upload(token, huge, { filename: 'huge.png', type: 'image/png' });
    } catch (err) {
      assert.doesNotMatch(String(err.name), /TimeoutError|AbortError/, 'the daemon neither answered nor closed');
    }
    if (res) assertError(res, 413, 'payload_too_large');
    assertStatus(await api('GET', '/healthz'), 200);
    assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  });

  test('no file field → 422', async () => {
    const res = await api('POST', '/api/v1/file_upload', { token, body: uploadForm(png(), { withFile: false }) });
    assertError(res, 422, 'invalid');
  });

  test('a file_type that is not a known kind → 422, nothing written outside uploads', async () => {
    for (const fileType of ['../../etc', 'nope']) {
      const res = await upload(token, png(), { fileType });
      assertError(res, 422, 'invalid');
    }
  });

  test('a JSON body instead of multipart → 415 or 422', async () => {
    const res = await api('POST', '/api/v1/file_upload', { token, json: { file: 'aGVsbG8=', file_type: 'profile' } });
    assert.ok([415, 422].includes(res.status), `got ${res.status} ${res.text}`);
    assertError(res, res.status);
  });

  test('without a token → 401', async () => {
    const res = await api('POST', '/api/v1/file_upload', { body: uploadForm(png()) });
    assertError(res, 401, 'unauthenticated');
  });
});

describe('who may upload, and how much', () => {
  // config/test.yaml: uploads.quota_bytes 10 MiB, uploads.per_hour 20 (see README.md).
  const PER_HOUR = 20;
  const QUOTA_MESSAGE = 'アップロードできる容量の上限に達しました';
  const RATE_MESSAGE = 'アップロードの回数が多すぎます。しばらくしてから再度お試しください';
  const TRIAL_MESSAGE = '体験アカウントではファイルをアップロードできません';

  // Noise does not compress: the stored PNG is about as big as the one sent.
  const pngOfSize = (size) => noisePng(size).bytes;

  test('a trial account → 403 with its message, whatever it sends', async () => {
    const { token } = await createAndLogin({ role: 'trial' });
    for (const body of [uploadForm(png()), uploadForm(png(), { withFile: false })]) {
      const e = assertError(await api('POST', '/api/v1/file_upload', { token, body }), 403, 'forbidden');
      assert.equal(e.message, TRIAL_MESSAGE);
    }
  });

  test(`${PER_HOUR} uploads an hour, then 429 with Retry-After and the message`, async () => {
    const { token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    for (let i = 1; i <= PER_HOUR; i++) assertStatus(await upload(token, png()), 201);
    const res = await upload(token, png());
    const e = assertError(res, 429, 'too_many_requests');
    assert.equal(e.message, RATE_MESSAGE);
    const retry = Number(res.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 3600, `Retry-After ${res.headers.get('retry-after')}`);
    // Other accounts have their own count.
    const other = await createAndLogin({ role: 'student', course: 'rails_4m' });
    assertStatus(await upload(other.token, png()), 201);
  });

  test('parallel uploads never share the last slot: exactly the hourly limit gets through', async () => {
    const { token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const results = await Promise.all(Array.from({ length: PER_HOUR + 6 }, () => upload(token, png())));
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 201).length, PER_HOUR, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 6, statuses.join(','));
  });

  test('the total bytes per account: past the quota 429 without Retry-After; smaller files still fit', async () => {
    const { token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const big = pngOfSize(4.5 * 1024 * 1024);
    assertStatus(await upload(token, big), 201);
    assertStatus(await upload(token, big), 201);
    const res = await upload(token, big);
    const e = assertError(res, 429, 'too_many_requests');
    assert.equal(e.message, QUOTA_MESSAGE);
    assert.equal(res.headers.get('retry-after'), null, 'the quota does not free itself');
    assertStatus(await upload(token, png()), 201); // 9 MiB used: a small file still fits
    assertStatus(await api('GET', '/api/v1/accounts/me', { token }), 200);
  });
});

describe('serving /uploads', () => {
  test('a missing file → 404', async () => {
    const res = await api('GET', '/uploads/profile/doesnotexist0000000000.png');
    assertStatus(res, 404);
    assert.ok(!/<html/i.test(res.text), 'no SPA fallback under /uploads');
  });

  test('path traversal never leaves the upload directory', async () => {
    for (const path of ['/uploads/../../../../etc/passwd', '/uploads/profile/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/uploads/profile/%2e%2e%2f%2e%2e%2fconfig']) {
      // fetch() normalises dot segments, so send these raw.
      const res = await rawGet(path);
      assert.ok(!res.includes('root:x:0:0') && !/database_url|jwt_secret/.test(res), `${path} leaked a file`);
      // Refused, or normalised to a non-upload path that the SPA fallback answers with HTML.
      const refused = /^HTTP\/1\.1 (400|403|404) /.test(res);
      const spa = /^HTTP\/1\.1 200 /.test(res) && /\r\ncontent-type: text\/html/i.test(res);
      assert.ok(refused || spa, `${path}: ${res.slice(0, 200)}`);
    }
  });
});

async function rawGet(path) {
  const { connect } = await import('node:net');
  const url = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 80), url.hostname);
    const chunks = [];
    socket.setTimeout(10000, () => { socket.destroy(); reject(new Error(`timeout on ${path}`)); });
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}
