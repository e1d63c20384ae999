// Static files can never leave their root, and uploads come from the database only. A daemon of
// our own serves a small web root in which we plant symlinks (to a file and to a directory
// outside), FIFOs and hidden files, and the same traps in data_dir/uploads (where uploads were
// files before migration 0039: nothing there is served any more); a secret with a marker lives
// outside both, next to the daemon's own jwt_secret. Every path of the corpus, under /,
// /uploads/ and /assets/, must answer 404 and never the secret, the JWT key or /etc/passwd.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, readFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOwnDaemon } from './lib/own-daemon.mjs';
import { png } from './lib/images.mjs';
import { createAndLogin, upload } from './lib/client.mjs';

const MARKER = `camp-secret-${process.pid}-${Date.now()}`;
let outside; // a directory outside both roots, holding the secret
let web; // the daemon's web root
let daemon;
let uploadName;

/** One raw HTTP/1.1 GET, the path sent byte for byte (fetch would normalise it). */
function rawGet(port, path) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks = [];
    socket.setTimeout(5000, () => { socket.destroy(); reject(new Error(`no answer for ${JSON.stringify(path)}`)); });
    socket.on('connect', () => {
      socket.write(Buffer.concat([Buffer.from('GET '), Buffer.from(path, 'latin1'),
        Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n')]));
    });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number((text.match(/^HTTP\/1\.1 (\d{3})/) ?? [])[1] ?? 0);
      resolve({ status, text });
    });
  });
}

before(async () => {
  outside = mkdtempSync(join(tmpdir(), 'camp-api-outside-'));
  chmodSync(outside, 0o755);
  writeFileSync(join(outside, 'secret.txt'), `${MARKER}\n`);
  mkdirSync(join(outside, 'dir'));
  writeFileSync(join(outside, 'dir', 'secret.txt'), `${MARKER}\n`);

  web = join(outside, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>camp test app</title>');
  writeFileSync(join(web, 'assets', 'app.0123456789abcdef.js'), 'console.log("app")');
  writeFileSync(join(web, '.hidden'), MARKER);
  daemon = await startOwnDaemon({ name: 'static', env: { CAMP_WEBUI_DIR: web } });

  // The old uploads directory: the same traps there and in assets, and a well-named file that
  // no upload row names.
  const uploads = join(daemon.dir, 'uploads');
  mkdirSync(join(uploads, 'profile'), { recursive: true });
  writeFileSync(join(uploads, 'profile', `${'a'.repeat(32)}.png`), png());
  // A real upload, made through the suite's daemon: the same database serves it here.
  const { token } = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const res = await upload(token, png());
  assert.equal(res.status, 201, res.text);
  uploadName = res.json.file_url;
  writeFileSync(join(uploads, '.0123.part'), MARKER);
  for (const root of [web, join(web, 'assets'), uploads]) {
    symlinkSync(join(outside, 'secret.txt'), join(root, 'evil.png'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'evil.js'));
    symlinkSync(join(outside, 'dir'), join(root, 'linkdir'));
    symlinkSync('/etc/passwd', join(root, 'passwd.png'));
    execFileSync('mkfifo', [join(root, 'fifo.png')]);
  }
});

after(async () => {
  await daemon?.stop();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

const SECRETS = () => [MARKER, 'root:x:0:0', readFileSync(join(daemon.dir, 'jwt_secret'), 'utf8').trim()];

function corpus() {
  const jwt = `${daemon.dir}/jwt_secret`;
  const secret = `${outside}/secret.txt`;
  return [
    '//etc/passwd', `/${jwt}`, `/${secret}`, '/%2Fetc/passwd', '/%2fetc%2fpasswd', `/%2F${jwt.slice(1).replaceAll('/', '%2F')}`,
    '/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    '/..%2F..%2F..%2Fetc/passwd', '/.%2e/.%2e/.%2e/etc/passwd', '/%252e%252e/%252e%252e/etc/passwd',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd', '/%c0%af..%c0%af..%c0%afetc%c0%afpasswd',
    '/%e0%80%ae%e0%80%ae/%e0%80%ae%e0%80%ae/etc/passwd', '/%c1%9c..%c1%9cetc%c1%9cpasswd',
    '/..\\..\\..\\etc\\passwd', '/..%5c..%5c..%5cetc%5cpasswd', '/%5c%5cetc%5cpasswd', '/%2e%2e%5c%2e%2e%5cetc%5cpasswd',
    '/index.html%00.png', '/%00', '/evil.png%00', '/%0d%0aSet-Cookie:%20x=1', '/%7f', '/%u002e%u002e/etc/passwd',
    '/..;/..;/etc/passwd', '/./../../etc/passwd', '/a/../../../etc/passwd', '//%2e%2e//%2e%2e//etc/passwd',
    '/evil.png', '/evil.js', '/passwd.png', '/linkdir/secret.txt', '/fifo.png', '/.hidden', '/.0123.part',
    '/%2e0123.part', '/%2ehidden', '/linkdir%2fsecret.txt', '/%', '/%zz', '/%2',
  ];
}

for (const prefix of ['', '/uploads', '/assets']) {
  test(`traversal corpus under ${prefix || '/'}: 404 every time, never a secret`, async () => {
    const secrets = SECRETS();
    const paths = corpus();
    assert.ok(paths.length >= 30, 'at least 30 variants');
    for (const path of paths) {
      const res = await rawGet(daemon.port, prefix + path);
      assert.equal(res.status, 404, `${prefix}${path} → ${res.status}\n${res.text.slice(0, 300)}`);
      for (const s of secrets) assert.ok(!res.text.includes(s), `${prefix}${path} leaked a secret`);
      assert.match(res.text, /"code":"not_found"/, `${prefix}${path}: the JSON error`);
    }
  });
}

test('the refusals are logged with the request id, control characters escaped', async () => {
  const res = await rawGet(daemon.port, '/%2e%2e/x%0d%0aforged');
  assert.equal(res.status, 404);
  const id = res.text.match(/x-request-id: (\S+)/i)[1];
  await new Promise((r) => setTimeout(r, 200));
  const line = daemon.log().split('\n').find((l) => l.includes(id) && l.includes('refused static path'));
  assert.ok(line, `a log line names request ${id}:\n${daemon.log().slice(-2000)}`);
  assert.ok(!daemon.log().split('\n').some((l) => l.startsWith('forged')), 'no forged log line');
});

test('real files are still served: the app, an asset, an upload (from the database), and the SPA fallback', async () => {
  const index = await rawGet(daemon.port, '/');
  assert.equal(index.status, 200);
  assert.match(index.text, /camp test app/);
  const asset = await rawGet(daemon.port, '/assets/app.0123456789abcdef.js');
  assert.equal(asset.status, 200);
  assert.match(asset.text, /immutable/);
  const served = await rawGet(daemon.port, uploadName);
  assert.equal(served.status, 200);
  assert.match(served.text, /content-type: image\/png/i);
  const onDiskOnly = await rawGet(daemon.port, `/uploads/profile/${'a'.repeat(32)}.png`);
  assert.equal(onDiskOnly.status, 404, 'a file under data_dir/uploads is not an upload');
  const route = await rawGet(daemon.port, '/questions/12');
  assert.equal(route.status, 200);
  assert.match(route.text, /camp test app/);
  const encoded = await rawGet(daemon.port, '/%E8%B3%AA%E5%95%8F');  // 質問: a route, percent-encoded UTF-8
  assert.equal(encoded.status, 200);
  const missingAsset = await rawGet(daemon.port, '/assets/missing.0123456789abcdef.js');
  assert.equal(missingAsset.status, 404);
});
