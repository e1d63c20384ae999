// Drill: kill -9 of a daemon during uploads (docs/reliability.md). A file is written to a
// hidden temporary name, fsynced and renamed: after the kill no visible file in the uploads
// directory is partial, a leftover temporary file is never served, the restarted daemon removes
// leftovers, and every upload it acknowledged is served whole. Uploads are stored encoded again
// (files/image.cpp), so "whole" means: a PNG with every chunk's CRC right, up to IEND, holding
// exactly the pixels of one upload.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { decodePng } from '../api/lib/images.mjs';
import { account, call, ownDatabase, png, startDaemon, uploadForm, waitFor } from './lib.mjs';

let db;
let daemon;
before(() => { db = ownDatabase('upload'); });
after(async () => {
  await daemon?.stop();
  db?.remove();
});

const files = (dir) => (existsSync(dir) ? readdirSync(dir) : []);

test('kill -9 during uploads: no partial file visible or served; acknowledged uploads served whole', async () => {
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

  const dir = join(dataDir, 'uploads', 'profile');
  // Whole: it decodes (a cut file has no IEND or a bad CRC) to the pixels of one upload.
  const isWhole = (bytes) => {
    const { pixels } = decodePng(bytes);
    return Array.from({ length: n }, (_, k) => k).some((k) => payload(k).pixels.equals(pixels));
  };
  const expectWhole = (name) => assert.ok(isWhole(readFileSync(join(dir, name))), `${name} is one whole upload`);
  const visible = files(dir).filter((f) => !f.startsWith('.'));
  for (const name of visible) expectWhole(name);
  const leftovers = files(dir).filter((f) => f.startsWith('.'));

  // Restarted on the same data directory: leftovers removed, every acknowledged file served whole.
  daemon = await startDaemon(db, { name: 'upload-2', env, dir: dataDir });
  for (const name of leftovers) {
    const res = await call(daemon.url, 'GET', `/uploads/profile/${name}`);
    assert.equal(res.status, 404, 'a temporary file is never served');
  }
  assert.deepEqual(files(dir).filter((f) => f.startsWith('.')), [], 'leftovers removed at start');
  for (const { url, n: mine } of acknowledged) {
    const res = await fetch(daemon.url + url, { signal: AbortSignal.timeout(10000) });
    assert.equal(res.status, 200, url);
    const body = Buffer.from(await res.arrayBuffer());
    assert.ok(decodePng(body).pixels.equals(payload(mine).pixels), `${url} served whole`);
  }
  // Every row in the database names a whole file or none (killed between the row and the
  // rename): never a partial one.
  for (const url of db.sql('SELECT path FROM uploads').split('\n').filter(Boolean)) {
    const res = await fetch(daemon.url + url, { signal: AbortSignal.timeout(10000) });
    if (res.status === 200) assert.ok(isWhole(Buffer.from(await res.arrayBuffer())), url);
    else assert.equal(res.status, 404, url);
  }
  // And the daemon takes uploads again.
  const again = await fetch(`${daemon.url}/api/v1/file_upload`, {
    method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: uploadForm(png(1000)),
  });
  assert.equal(again.status, 201);
});
