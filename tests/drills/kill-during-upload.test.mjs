// Drill: kill -9 of a daemon during uploads (docs/reliability.md). A file is written to a
// hidden temporary name, fsynced and renamed: after the kill no visible file in the uploads
// directory is partial, a leftover temporary file is never served, the restarted daemon removes
// leftovers, and every upload it acknowledged is served whole.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

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
  // 2 MiB files, each filled with its own byte so a mix-up or truncation shows.
  const size = 2 << 20;
  const payload = (n) => png(size, 1 + (n % 250));
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
  const expectWhole = (name) => {
    const bytes = readFileSync(join(dir, name));
    assert.equal(bytes.length, size, `${name} is whole`);
    assert.ok(bytes.subarray(33).every((b) => b === bytes[40]), `${name} holds one upload's bytes`);
  };
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
    assert.ok(body.equals(payload(mine)), `${url} served whole`);
  }
  // Every row in the database names a whole file or none (killed between the row and the
  // rename): never a partial one.
  for (const url of db.sql('SELECT path FROM uploads').split('\n').filter(Boolean)) {
    const res = await fetch(daemon.url + url, { signal: AbortSignal.timeout(10000) });
    if (res.status === 200) assert.equal((await res.arrayBuffer()).byteLength, size, url);
    else assert.equal(res.status, 404, url);
  }
  // And the daemon takes uploads again.
  const again = await fetch(`${daemon.url}/api/v1/file_upload`, {
    method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: uploadForm(png(1000)),
  });
  assert.equal(again.status, 201);
});
