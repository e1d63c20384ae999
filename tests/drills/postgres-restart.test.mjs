// Drill: PostgreSQL restarted under load (docs/reliability.md). While it is down every request
// is answered quickly with the 503 JSON error, none hangs past its timeout; once it is back
// the same daemon process serves again, and /cable clients are connected again and receive
// broadcasts (the LISTEN connection came back too).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { account, cableClient, call, ownDatabase, presenceReaches, startDaemon, waitFor } from './lib.mjs';

let db;
let daemon;
before(async () => {
  db = ownDatabase('pg');
  db.importCategories();
  daemon = await startDaemon(db, { name: 'pg' });
});
after(async () => {
  await daemon?.stop();
  db?.remove();
});

async function askQuestion(token) {
  const cats = await call(daemon.url, 'GET', '/api/v1/categories', { token });
  const category_id = cats.json.data[0].lists[0].id;
  const res = await call(daemon.url, 'POST', '/api/v1/questions',
    { token, json: { question: { category_id, title: 'PostgreSQL 再起動の訓練', body: '本文' } } });
  assert.equal(res.status, 201, res.text);
  return res.json.id;
}

test('PostgreSQL stopped and started under load: fast 503s, no hang, recovery in the same process, /cable back', async () => {
  const asker = await account(db, daemon.url);
  const mentor = await account(db, daemon.url, { role: 'advanced_mentor' });
  const qid = await askQuestion(asker.token);
  const identifier = JSON.stringify({ channel: 'QuestionChannel', id: qid });
  const watcher = cableClient(daemon.url, asker.token, [identifier]);
  const answerer = cableClient(daemon.url, mentor.token, [identifier]);
  try {
    await waitFor('both subscribed', () => watcher.confirmed >= 1 && answerer.confirmed >= 1);
    const pid = daemon.child.pid;

    // Load: six clients in a loop of reads and writes, each request bounded by 10 s.
    const results = [];
    let stop = false;
    let phase = 'up';
    const worker = async (n) => {
      while (!stop) {
        const write = n % 2 === 0;
        const res = write
          ? await call(daemon.url, 'POST', `/api/v1/questions/${qid}/answers`,
            { token: mentor.token, json: { answer: { body: `回答 ${n}` } }, timeoutMs: 10000 })
          : await call(daemon.url, 'GET', `/api/v1/questions/${qid}`, { token: asker.token, timeoutMs: 10000 });
        results.push({ status: res.status, code: res.json?.error?.code, at: Date.now() });
      }
    };
    const workers = [0, 1, 2, 3, 4, 5].map((n) => worker(n).catch((err) => {
      throw new Error(`worker ${n}: a request failed while the database was ${phase}: ${err.message}\n${daemon.log().slice(-2000)}`);
    }));
    await waitFor('some answers under load', () => results.filter((r) => r.status < 300).length >= 12);

    phase = 'stopping';
    await db.stop();
    phase = 'down';
    const downAt = Date.now();
    await waitFor('503s while the database is down', () => results.filter((r) => r.at > downAt && r.status === 503).length >= 12);
    const during = results.filter((r) => r.at > downAt);
    for (const r of during) {
      assert.ok([503, 200, 201].includes(r.status), `status ${r.status} while down`);
      if (r.status === 503) assert.equal(r.code, 'unavailable');
    }
    const ready = await call(daemon.url, 'GET', '/readyz');
    assert.equal(ready.status, 503);

    phase = 'starting';
    await db.start();
    phase = 'back';
    const upAt = Date.now();
    await waitFor('writes succeed again', () => results.filter((r) => r.at > upAt && r.status === 201).length >= 3, 30000);
    stop = true;
    await Promise.all(workers);
    assert.equal(daemon.child.pid, pid);
    assert.ok(daemon.alive(), 'the same daemon process');
    assert.equal((await call(daemon.url, 'GET', '/readyz')).status, 200);
    assert.deepEqual([...new Set(results.map((r) => r.status))].sort(), [200, 201, 503]);

    // /cable: both clients are (again) subscribed, and a presence broadcast goes through
    // PostgreSQL's NOTIFY to the other one.
    await waitFor('both subscribed after the restart', () => watcher.open && answerer.open);
    await presenceReaches(watcher, answerer, identifier);
  } finally {
    watcher.close();
    answerer.close();
  }
});
