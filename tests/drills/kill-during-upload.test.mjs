// Drill: kill -9 of a daemon during uploads (docs/reliability.md). An upload's row and its
// blob are one transaction (migration 0039): after the kill every recorded upload is served
// whole, every upload it acknowledged among them, no row lacks its bytes, no blob is left
// without an upload, and nothing was written to the data directory. Uploads are stored encoded
// again (files/image.cpp), so "whole" means: a PNG with every chunk's CRC right, up to IEND,
// holding exactly the pixels of one upload.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { decodePng } from '../api/lib/images.mjs';
import { account, ownDatabase, png, startDaemon, uploadForm, waitFor } from './lib.mjs';

let db;
let daemon;
before(() => { db = ownDatabase('upload'); });
after(async () => {
  await daemon?.stop();
  db?.remove();
});

test('kill -9 during uploads: nothing partial recorded or served; acknowledged uploads served whole', async () => {
  // Big quota and rate: the drill uploads many files quickly.
  const env = { CAMP_UPLOADS_QUOTA_BYTES: String(1 << 30), CAMP_UPLOADS_PER_HOUR: '10000' };
  daemon = await startDaemon(db, { name: 'upload', env });
  const dataDir = daemon.dir;
  const student = await account(db, daemon.url);
  // 2 MiB pictures, each of its own noise so a mix-up or truncation shows.
  const size = 2 << 20;
  const payloads = new Map();
  const payload = (n) => {
    if (!payloads.has(n)) payloads.set(n, png(size, 1 + n));
    return payloads.get(n);
  };
  const acknowledged = [];
  let n = 0;
  const uploader = async () => {
    for (;;) {
      const mine = n++;
      try {
        const res = await fetch(`${daemon.url}/api/v1/file_upload`, {
          method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: uploadForm(payload(mine)),
          signal: AbortSignal.timeout(20000),
        });
        const text = await res.text();
        assert.equal(res.status, 201, text);
        acknowledged.push({ url: JSON.parse(text).file_url, n: mine });
      } catch (err) {
        if (err.code === 'ERR_ASSERTION') failure = err;
        return;
      }
    }
  };
  let failure;
  const uploaders = [uploader(), uploader(), uploader()];
  await waitFor('four acknowledged uploads', () => {
    if (failure) throw failure;
    return acknowledged.length >= 4;
  }, 60000);
  daemon.kill('SIGKILL');
  await Promise.all(uploaders);
  await daemon.exited;
  if (failure) throw failure;

  // Whole: it decodes (a cut file has no IEND or a bad CRC) to the pixels of one upload.
  const isWhole = (bytes) => {
    const { pixels } = decodePng(bytes);
    return Array.from({ length: n }, (_, k) => k).some((k) => payload(k).pixels.equals(pixels));
  };
  assert.equal(db.sql('SELECT count(*) FROM uploads WHERE blob_sha256 IS NULL'), '0', 'no row without its bytes');
  assert.equal(db.sql('SELECT count(*) FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.blob_sha256 = b.sha256)'),
    '0', 'no blob without an upload');
  assert.deepEqual(readdirSync(dataDir).filter((f) => f === 'uploads'), [], 'nothing under data_dir/uploads');

  // Restarted: every acknowledged upload served whole, and every recorded one.
  daemon = await startDaemon(db, { name: 'upload-2', env, dir: dataDir });
  for (const { url, n: mine } of acknowledged) {
    const res = await fetch(daemon.url + url, { signal: AbortSignal.timeout(10000) });
    assert.equal(res.status, 200, url);
    const body = Buffer.from(await res.arrayBuffer());
    assert.ok(decodePng(body).pixels.equals(payload(mine).pixels), `${url} served whole`);
  }
  for (const url of db.sql('SELECT path FROM uploads').split('\n').filter(Boolean)) {
    const res = await fetch(daemon.url + url, { signal: AbortSignal.timeout(10000) });
    assert.equal(res.status, 200, url);
    assert.ok(isWhole(Buffer.from(await res.arrayBuffer())), url);
  }
  // And the daemon takes uploads again.
  const again = await fetch(`${daemon.url}/api/v1/file_upload`, {
    method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: uploadForm(png(1000)),
  });
  assert.equal(again.status, 201);
});
