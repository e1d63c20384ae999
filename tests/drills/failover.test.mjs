// Drill: the primary PostgreSQL dies and its streaming replica is promoted (docs/deploy.md,
// "Failover"). The daemon connects with libpq's multi-host string (both servers,
// target_session_attrs=read-write) and is never told of the change: in-flight requests get the
// 503 JSON error, new ones succeed within seconds of the promotion, LISTEN/NOTIFY comes back on
// the new primary (a /cable broadcast goes through), and with synchronous replication no
// acknowledged write is lost.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { account, cableClient, call, ownDatabase, presenceReaches, sleep, startDaemon, waitFor } from './lib.mjs';
import { makeSynchronous, startReplica, stopImmediately } from './lib/replica.mjs';

let db;
let replica;
let daemon;
before(async () => {
  db = ownDatabase('primary');
  db.importCategories();
  const primarySocket = db.url.match(/host='([^']+)'/)[1];
  replica = startReplica(primarySocket);
  // Synchronous replication: a commit is acknowledged once the replica has it, which is what
  // "no acknowledged write lost" needs when the primary dies (docs/deploy.md).
  await makeSynchronous(async (q) => db.sql(q), waitFor);
  const both = `host=${primarySocket},${replica.socket} port=5432,5432 user=camp dbname=camp target_session_attrs=read-write connect_timeout=2`;
  daemon = await startDaemon({ url: both }, { name: 'failover' });
});
after(async () => {
  await daemon?.stop();
  replica?.remove();
  db?.remove();
});

test('the primary dies and the replica is promoted: fast 503s, writes again within seconds, nothing acknowledged lost, /cable back', async () => {
  const asker = await account(db, daemon.url);
  const mentor = await account(db, daemon.url, { role: 'advanced_mentor' });
  const cats = await call(daemon.url, 'GET', '/api/v1/categories', { token: asker.token });
  const asked = await call(daemon.url, 'POST', '/api/v1/questions', {
    token: asker.token,
    json: { question: { category_id: cats.json.data[0].lists[0].id, title: 'フェイルオーバーの訓練', body: '本文' } },
  });
  assert.equal(asked.status, 201, asked.text);
  const qid = asked.json.id;
  const identifier = JSON.stringify({ channel: 'QuestionChannel', id: qid });
  const watcher = cableClient(daemon.url, asker.token, [identifier]);
  const answerer = cableClient(daemon.url, mentor.token, [identifier]);
  try {
    await waitFor('both subscribed', () => watcher.confirmed >= 1 && answerer.confirmed >= 1);

    // Four writers: every answer acknowledged with 201 is recorded with its body.
    const acknowledged = [];
    const results = [];
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        const body = `フェイルオーバー中の回答 ${n++}`;
        const res = await call(daemon.url, 'POST', `/api/v1/questions/${qid}/answers`,
          { token: mentor.token, json: { answer: { body } }, timeoutMs: 15000 });
        results.push({ status: res.status, code: res.json?.error?.code, at: Date.now() });
        if (res.status === 201) acknowledged.push(body);
        else await sleep(50);
      }
    };
    const writers = [0, 1, 2, 3].map(() => writer());
    await waitFor('answers before the failover', () => acknowledged.length >= 20);

    stopImmediately(join(db.dir, 'postgres'));  // the primary dies (no clean hand-over)
    const downAt = Date.now();
    await waitFor('503s while there is no primary', () => results.filter((r) => r.at > downAt && r.status === 503).length >= 4);
    const promotedAt = Date.now();
    replica.promote();
    await waitFor('writes succeed on the new primary', () => results.some((r) => r.at > promotedAt && r.status === 201), 30000);
    const back = results.find((r) => r.at > promotedAt && r.status === 201).at - promotedAt;
    console.log(`failover: first acknowledged write ${back} ms after the promotion (${acknowledged.length} writes acknowledged by then)`);
    assert.ok(back <= 5000, `new requests succeed within 5 s of the promotion (took ${back} ms)`);
    await waitFor('more writes after the failover', () => results.filter((r) => r.at > promotedAt && r.status === 201).length >= 20);
    stop = true;
    await Promise.all(writers);

    // On a surprise, the daemon's own account of it (its error lines) goes into the report.
    const why = () => daemon.log().split('\n').filter((l) => /error|internal/i.test(l)).slice(-10).join('\n');
    for (const r of results) {
      assert.ok([201, 503].includes(r.status), `status ${r.status} (${r.code})\n${why()}`);
      if (r.status === 503) assert.equal(r.code, 'unavailable');
    }
    // Every acknowledged answer is on the new primary.
    const stored = new Set(execFileSync('psql', [replica.url, '-XAtq', '-c', `SELECT body FROM answers WHERE question_id = ${qid}`],
      { encoding: 'utf8' }).trim().split('\n'));
    const lost = acknowledged.filter((b) => !stored.has(b));
    assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged answers lost`);
    assert.ok(daemon.alive(), 'the same daemon process');
    assert.equal((await call(daemon.url, 'GET', '/readyz')).status, 200);

    // LISTEN on the new primary: a presence broadcast reaches the other client.
    await waitFor('both subscribed after the failover', () => watcher.open && answerer.open);
    await presenceReaches(watcher, answerer, identifier);
  } finally {
    watcher.close();
    answerer.close();
  }
});
