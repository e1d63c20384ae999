// Drill: the upload directory full (docs/reliability.md). The daemon runs in a mount namespace
// of its own (unshare; without root, inside a user namespace too) with a 1 MiB tmpfs
// as its uploads directory: a real ENOSPC, not a simulated one. An upload that does not fit is
// answered 503 with the catalogue's storage_full message, leaves no file and no row behind,
// and the daemon goes on serving, uploads that fit included.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { decodePng } from '../api/lib/images.mjs';
import { account, call, ownDatabase, png, startDaemon, uploadForm } from './lib.mjs';

let db;
let daemon;
before(() => { db = ownDatabase('full'); });
after(async () => {
  await daemon?.stop();
  db?.remove();
});

const upload = (token, bytes) => call(daemon.url, 'POST', '/api/v1/file_upload', { token, body: uploadForm(bytes) });

test('uploads directory full: 503 storage_full, nothing half-written, the daemon keeps serving', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'camp-drill-full-'));
  mkdirSync(join(dir, 'uploads'));
  // As root a mount namespace alone (root keeps reaching the cluster's socket, owned by
  // postgres); otherwise a user namespace too, where the caller is root of its own mounts.
  const namespaces = process.getuid() === 0 ? ['--mount'] : ['--user', '--map-root-user', '--mount'];
  const wrap = ['unshare', ...namespaces, 'sh', '-c',
    'mount -t tmpfs -o size=1m camp-drill "$CAMP_DATA_DIR/uploads" && exec "$@"', 'sh'];
  daemon = await startDaemon(db, { name: 'full', dir, wrap });
  const student = await account(db, daemon.url);

  const first = png(300 * 1024, 7);
  const ok = await upload(student.token, first);
  assert.equal(ok.status, 201, ok.text);

  const tooBig = await upload(student.token, png(900 * 1024, 8));
  assert.equal(tooBig.status, 503, tooBig.text);
  assert.equal(tooBig.json.error.code, 'unavailable');
  assert.equal(tooBig.json.error.message,
    'ファイルの保存領域が不足しているため、アップロードできませんでした。しばらくしてから再度お試しください');
  assert.ok(tooBig.headers.get('retry-after'));

  // Nothing half-written: in the daemon's view of the directory (the tmpfs lives in its mount
  // namespace: /proc/<pid>/root shows it) only the first file, and one row in the database.
  const inside = join(`/proc/${daemon.child.pid}/root`, dir, 'uploads', 'profile');
  assert.deepEqual(readdirSync(inside), [ok.json.file_url.split('/').at(-1)]);
  assert.equal(db.sql('SELECT count(*) FROM uploads'), '1');
  const served = await fetch(daemon.url + ok.json.file_url);
  assert.equal(served.status, 200);
  assert.ok(decodePng(Buffer.from(await served.arrayBuffer())).pixels.equals(first.pixels));
  assert.deepEqual(readdirSync(join(dir, 'uploads')), [], 'outside the namespace the directory is untouched');

  // Still serving: health, the API, and an upload that fits.
  assert.equal((await call(daemon.url, 'GET', '/readyz')).status, 200);
  assert.equal((await call(daemon.url, 'GET', '/api/v1/accounts/me', { token: student.token })).status, 200);
  const fits = await upload(student.token, png(200 * 1024, 9));
  assert.equal(fits.status, 201, fits.text);
  assert.equal(db.sql('SELECT count(*) FROM uploads'), '2');
  assert.ok(daemon.alive());
});
