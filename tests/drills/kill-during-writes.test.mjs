// Drill: kill -9 of a daemon during writes (docs/reliability.md). Every write acknowledged
// before the kill is in the database afterwards; every write retried with its Idempotency-Key
// against the restarted daemon is applied exactly once, whether or not the first attempt got
// through (a replay answers with the first response and Idempotent-Replayed: true).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';

import { account, call, ownDatabase, startDaemon, waitFor } from './lib.mjs';

let db;
let daemon;
before(async () => {
  db = ownDatabase('kill');
  db.importCategories();
});
after(async () => {
  await daemon?.stop();
  db?.remove();
});

test('kill -9 mid-writes: acknowledged writes kept; retries with Idempotency-Key applied once', async () => {
  daemon = await startDaemon(db, { name: 'kill' });
  const asker = await account(db, daemon.url);
  const mentor = await account(db, daemon.url, { role: 'advanced_mentor' });
  const cats = await call(daemon.url, 'GET', '/api/v1/categories', { token: asker.token });
  const q = await call(daemon.url, 'POST', '/api/v1/questions', {
    token: asker.token,
    json: { question: { category_id: cats.json.data[0].lists[0].id, title: 'kill -9 の訓練', body: '本文' } },
  });
  assert.equal(q.status, 201, q.text);
  const path = `/api/v1/questions/${q.json.id}/answers`;
  const post = (base, key) => call(base, 'POST', path, {
    token: mentor.token, json: { answer: { body: `回答 ${key}` } }, headers: { 'idempotency-key': key },
  });

  // Eight writers post answers, each with its own key, until the daemon dies under them.
  const acknowledged = new Map();  // key -> answer id
  const unanswered = [];
  const writer = async () => {
    for (;;) {
      const key = randomUUID();
      try {
        const res = await post(daemon.url, key);
        assert.equal(res.status, 201, res.text);
        acknowledged.set(key, res.json.id);
      } catch (err) {
        if (err.code === 'ERR_ASSERTION') throw err;
        unanswered.push(key);  // connection reset or refused: the client does not know
        return;
      }
    }
  };
  const writers = Array.from({ length: 8 }, writer);
  await waitFor('30 acknowledged writes', () => acknowledged.size >= 30);
  daemon.kill('SIGKILL');
  await Promise.all(writers);
  await daemon.exited;
  assert.equal(unanswered.length, 8);

  // Restarted on the same data directory (its JWT secret: the client's token stays good).
  daemon = await startDaemon(db, { name: 'kill-2', dir: daemon.dir });
  const bodies = db.sql(`SELECT body FROM answers WHERE question_id = ${q.json.id}`).split('\n');
  const count = (key) => bodies.filter((b) => b === `回答 ${key}`).length;
  for (const key of acknowledged.keys()) assert.equal(count(key), 1, `acknowledged write ${key} is in the database once`);

  // The client retries what it does not know about, and (to be sure) a few it does.
  for (const key of unanswered) {
    const res = await post(daemon.url, key);
    assert.ok([200, 201].includes(res.status) || (res.status === 409 && count(key) === 1), `${res.status} ${res.text}`);
  }
  for (const [key, id] of [...acknowledged].slice(0, 5)) {
    const res = await post(daemon.url, key);
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('idempotent-replayed'), 'true');
    assert.equal(res.json.id, id, 'the replay is the first response');
  }
  const after = db.sql(`SELECT body FROM answers WHERE question_id = ${q.json.id}`).split('\n');
  for (const key of [...acknowledged.keys(), ...unanswered])
    assert.equal(after.filter((b) => b === `回答 ${key}`).length, 1, `write ${key} applied exactly once`);

  // The key is bound to its request: another body under it is refused, and keys are per account.
  const other = await call(daemon.url, 'POST', path, {
    token: mentor.token, json: { answer: { body: '別の回答' } }, headers: { 'idempotency-key': unanswered[0] },
  });
  assert.equal(other.status, 422, other.text);
  assert.equal(other.json.error.code, 'invalid');
  // Two copies of one request at once: applied once; the other is the replay or a 409.
  const twin = randomUUID();
  const both = await Promise.all([post(daemon.url, twin), post(daemon.url, twin)]);
  for (const res of both) assert.ok([201, 409].includes(res.status), `${res.status} ${res.text}`);
  assert.ok(both.some((res) => res.status === 201));
  const twins = db.sql(`SELECT count(*) FROM answers WHERE question_id = ${q.json.id} AND body = '回答 ${twin}'`);
  assert.equal(twins, '1');
  const bad = await call(daemon.url, 'POST', path, {
    token: mentor.token, json: { answer: { body: 'x' } }, headers: { 'idempotency-key': 'with space' },
  });
  assert.equal(bad.status, 400);
});
