// The review queue, claims, reviews and the reviewers' notes (docs/curriculum.md).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { api, assertError, assertStatus, createAndLogin } from './lib/client.mjs';
import { ROOT, TASKS, importTestCurriculum } from './lib/curriculum.mjs';

let alice, bob, trial, graduate, basic, advanced, spot, admin;

// One login at a time: the login lane hashes one password after another, and a loaded
// machine must not push the last of a burst past the client's timeout.
async function sequential(steps) {
  const out = [];
  for (const step of steps) out.push(await step());
  return out;
}

before(async () => {
  importTestCurriculum();
  [alice, bob, trial, graduate, basic, advanced, spot, admin] = await sequential([
    () => createAndLogin({ role: 'student', course: 'rails_4m', nickname: 'レビュー 花子' }),
    () => createAndLogin({ role: 'student', course: 'u29', nickname: 'レビュー 次郎' }),
    () => createAndLogin({ role: 'trial' }),
    () => createAndLogin({ role: 'graduate', course: 'rails_4m' }),
    () => createAndLogin({ role: 'basic_mentor', nickname: 'レビュー 基本' }),
    () => createAndLogin({ role: 'advanced_mentor', nickname: 'レビュー 上級' }),
    () => createAndLogin({ role: 'spot_advanced_mentor' }),
    () => createAndLogin({ role: 'admin' }),
  ]);
});

async function submit(who, task, url = `https://github.com/${who.account.id}/task-${task}`) {
  const res = await api('POST', `/api/v1/tasks/${task}/submissions`, { token: who.token, json: { submission: { repository_url: url } } });
  assertStatus(res, 201);
  return res.json;
}
const review = (who, id, review) => api('POST', `/api/v1/submissions/${id}/reviews`, { token: who.token, json: { review } });
const queue = (who, query = '') => api('GET', `/api/v1/submissions${query}`, { token: who.token });

test('the queue: waiting oldest first, with filters; only admin and mentors', async () => {
  const a = await submit(alice, TASKS.firstPage);
  const b = await submit(bob, TASKS.app);
  const all = [];
  for (let page = 1; ; page++) {
    const res = await queue(admin, `?per=100&page=${page}`);
    assertStatus(res, 200);
    all.push(...res.json.data);
    if (res.json.data.length < 100) {
      assert.equal(res.json.meta.total, all.length);
      break;
    }
  }
  assert.ok(all.every((s) => s.status === 'waiting'));
  const ids = all.map((s) => s.id);
  assert.ok(ids.indexOf(a.id) < ids.indexOf(b.id), 'oldest first');
  for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].created_at <= all[i].created_at);

  const byTask = await queue(basic, `?task_id=${TASKS.app}&per=100`);
  assert.ok(byTask.json.data.every((s) => s.task.id === TASKS.app));
  assert.ok(byTask.json.data.some((s) => s.id === b.id));
  assert.equal(byTask.json.data.find((s) => s.id === b.id).can_review, false, 'basic mentors cannot review advanced tasks');
  const byCurriculum = await queue(advanced, '?curriculum=test-advanced&per=100');
  assert.ok(byCurriculum.json.data.every((s) => s.task.curriculum.name === 'test-advanced'));
  assert.equal(byCurriculum.json.data.find((s) => s.id === b.id).can_review, true);
  const old = await queue(admin, '?older_than_days=3650');
  assert.equal(old.json.meta.total, 0);
  const none = await queue(admin, `?claimed_by=none&task_id=${TASKS.firstPage}&per=100`);
  assert.ok(none.json.data.some((s) => s.id === a.id));
  const everything = await queue(admin, `?status=all&task_id=${TASKS.firstPage}&per=100`);
  assert.ok(everything.json.meta.total >= none.json.meta.total);
  assert.equal((await queue(admin, '?curriculum=no-such')).json.meta.total, 0);
  assert.equal((await queue(admin, '?task_id=99999999999')).json.meta.total, 0);

  for (const who of [basic, advanced, spot]) assertStatus(await queue(who), 200);
  for (const who of [alice, trial, graduate]) assertError(await queue(who), 403, 'forbidden');
  assertError(await api('GET', '/api/v1/submissions'), 401, 'unauthenticated');
});

test('queue parameters are checked', async () => {
  assertError(await queue(admin, '?status=open'), 422, 'invalid');
  assertError(await queue(admin, '?task_id=abc'), 422, 'invalid');
  assertError(await queue(admin, '?task_id=-1'), 422, 'invalid');
  assertError(await queue(admin, '?older_than_days=1.5'), 422, 'invalid');
  assertError(await queue(admin, '?older_than_days=99999999999999999999'), 422, 'invalid');
  assertError(await queue(admin, '?claimed_by=someone'), 422, 'invalid');
  assertError(await queue(admin, '?per=101'), 400, 'malformed');
  assertError(await queue(admin, '?page=0'), 400, 'malformed');
  assertError(await queue(admin, '?curriculum=%FF'), 400, 'malformed');
});

test('students see only their own submissions; others get 404', async () => {
  const mine = await submit(alice, TASKS.styles);
  assertStatus(await api('GET', `/api/v1/submissions/${mine.id}`, { token: alice.token }), 200);
  assertError(await api('GET', `/api/v1/submissions/${mine.id}`, { token: bob.token }), 404, 'not_found');
  assertError(await api('GET', `/api/v1/submissions/${mine.id}`, { token: trial.token }), 404, 'not_found');
  assertError(await api('GET', `/api/v1/submissions/${mine.id}`, { token: graduate.token }), 403, 'forbidden');
  for (const who of [basic, advanced, spot, admin]) assertStatus(await api('GET', `/api/v1/submissions/${mine.id}`, { token: who.token }), 200);
  assertError(await api('GET', '/api/v1/submissions/999999999', { token: admin.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/submissions/9999999999999999999', { token: admin.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/submissions/abc', { token: admin.token }), 404, 'not_found');
});

test('claims: idempotent for the claimer, 409 naming them for others, released by the claimer or an admin', async () => {
  const s = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const sub = await submit(s, TASKS.firstPage);
  const claim = (who) => api('POST', `/api/v1/submissions/${sub.id}/claim`, { token: who.token });
  const release = (who) => api('DELETE', `/api/v1/submissions/${sub.id}/claim`, { token: who.token });
  const mine = await claim(basic);
  assertStatus(mine, 200);
  assert.deepEqual(mine.json.claimed_by, { id: basic.account.id, display_name: 'レビュー 基本' });
  assertStatus(await claim(basic), 200);
  assert.equal(assertError(await claim(advanced), 409, 'conflict').message, 'レビュー 基本さんがレビュー中です');
  const claimed = await queue(advanced, `?claimed_by=${basic.account.id}&per=100`);
  assert.ok(claimed.json.data.some((x) => x.id === sub.id));
  const me = await queue(basic, '?claimed_by=me&per=100');
  assert.ok(me.json.data.some((x) => x.id === sub.id));
  // A mentor may not review what another mentor claimed; an admin may.
  assert.equal(assertError(await review(advanced, sub.id, { status: 'approved', comment: 'OK' }), 409, 'conflict').message, 'レビュー 基本さんがレビュー中です');
  assertError(await release(advanced), 403, 'forbidden');
  assertError(await release(s), 403, 'forbidden');
  const released = await release(basic);
  assertStatus(released, 200);
  assert.equal(released.json.claimed_by, null);
  assertStatus(await release(basic), 200);
  assertStatus(await claim(advanced), 200);
  assertStatus(await release(admin), 200);
  assertStatus(await claim(advanced), 200);
  const byAdmin = await review(admin, sub.id, { status: 'changes_requested', comment: '管理者からのコメント' });
  assertStatus(byAdmin, 201);
  assert.equal(assertError(await claim(basic), 409, 'conflict').message, 'この提出はすでにレビューされています');
  assertError(await api('POST', '/api/v1/submissions/999999999/claim', { token: admin.token }), 404, 'not_found');
  assertError(await api('DELETE', '/api/v1/submissions/999999999/claim', { token: admin.token }), 404, 'not_found');
});

test('basic mentors cannot claim or review advanced tasks', async () => {
  const s = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const sub = await submit(s, TASKS.app);
  const c = await api('POST', `/api/v1/submissions/${sub.id}/claim`, { token: basic.token });
  assert.equal(assertError(c, 403, 'forbidden').message, 'このレベルの課題はレビューできません');
  const r = await review(basic, sub.id, { status: 'approved', comment: 'OK' });
  assert.equal(assertError(r, 403, 'forbidden').message, 'このレベルの課題はレビューできません');
  assertStatus(await review(spot, sub.id, { status: 'approved', comment: '上級課題、合格です' }), 201);
});

test('reviewing: the specification messages, bad bodies, and the thread', async () => {
  const s = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const sub = await submit(s, TASKS.firstPage);
  const fields = async (body) => assertError(await api('POST', `/api/v1/submissions/${sub.id}/reviews`, { token: basic.token, json: body }), 422, 'invalid').fields;
  assert.deepEqual(await fields({ review: {} }), { comment: ['コメントは必須です'], status: ['ステータスは必須です'] });
  assert.deepEqual(await fields({ review: { comment: ' \n ', status: 'approved' } }), { comment: ['コメントは必須です'] });
  // Unicode spaces are whitespace too: the ideographic space a Japanese keyboard types, NBSP, em space.
  for (const comment of ['\u3000\u3000', '\u00a0', ' \u2003\n\u3000'])
    assert.deepEqual(await fields({ review: { comment, status: 'approved' } }), { comment: ['コメントは必須です'] }, JSON.stringify(comment));
  assert.deepEqual(await fields({ review: { comment: 'OK', status: 'waiting' } }), { status: ['ステータスは必須です'] });
  assert.deepEqual(await fields({ review: { comment: 12, status: true } }), { comment: ['コメントは必須です'], status: ['ステータスは必須です'] });
  assert.deepEqual(await fields({ review: { comment: 'x'.repeat(20001), status: 'approved' } }), { comment: ['コメントは20000文字以内でご入力ください'] });
  const path = `/api/v1/submissions/${sub.id}/reviews`;
  assertError(await api('POST', path, { token: basic.token, json: { comment: 'x', status: 'approved' } }), 400, 'malformed');
  assertError(await api('POST', path, { token: basic.token, body: '{', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  const badUtf8 = Buffer.concat([Buffer.from('{"review":{"status":"approved","comment":"'), Buffer.from([0xff]), Buffer.from('"}}')]);
  assertError(await api('POST', path, { token: basic.token, body: badUtf8, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await api('POST', path, { token: s.token, json: { review: { status: 'approved', comment: '自分で合格' } } }), 403, 'forbidden');
  assertError(await api('POST', '/api/v1/submissions/999999999/reviews', { token: basic.token, json: { review: { status: 'approved', comment: 'x' } } }), 404, 'not_found');

  const res = await review(basic, sub.id, { status: 'changes_requested', comment: '## 修正点\n\n- alt 属性' });
  assertStatus(res, 201);
  assert.equal(res.json.status, 'changes_requested');
  assert.equal(res.json.reviews.length, 1);
  assert.equal(res.json.reviews[0].reviewer.display_name, 'レビュー 基本');
  assert.equal(assertError(await review(advanced, sub.id, { status: 'approved', comment: '二重' }), 409, 'conflict').message, 'この提出はすでにレビューされています');
  const seen = await api('GET', `/api/v1/submissions/${sub.id}`, { token: s.token });
  assert.deepEqual(seen.json.reviews.map((r) => r.comment), ['## 修正点\n\n- alt 属性']);
});

test('two mentors reviewing the same submission at once: one review lands, the other gets 409', async () => {
  for (let round = 0; round < 5; round++) {
    const s = await createAndLogin({ role: 'student', course: 'rails_4m' });
    const sub = await submit(s, TASKS.firstPage);
    const [x, y] = await Promise.all([
      review(advanced, sub.id, { status: 'approved', comment: '上級から' }),
      review(admin, sub.id, { status: 'changes_requested', comment: '管理者から' }),
    ]);
    assert.deepEqual([x.status, y.status].sort(), [201, 409]);
    const detail = await api('GET', `/api/v1/submissions/${sub.id}`, { token: admin.token });
    assert.equal(detail.json.reviews.length, 1);
    const winner = x.status === 201 ? x : y;
    assert.equal(detail.json.status, winner.json.status);
  }
});

const NOTES = ['rules-for-basic-mentors', 'rules-for-advanced-mentors'];
test('review notes: admin and mentors; unknown names 404', async () => {
  for (const name of NOTES) {
    const present = existsSync(join(ROOT, 'config', 'review-notes', `${name}.md`));
    for (const who of [basic, advanced, spot, admin]) {
      const res = await api('GET', `/api/v1/review_notes/${name}`, { token: who.token });
      if (present) {
        assertStatus(res, 200);
        assert.equal(res.json.name, name);
        assert.ok(res.json.title.length > 0 && !res.json.title.startsWith('#'));
      } else {
        assertError(res, 404, 'not_found');
      }
    }
    for (const who of [alice, trial, graduate]) assertError(await api('GET', `/api/v1/review_notes/${name}`, { token: who.token }), 403, 'forbidden');
  }
  assertError(await api('GET', '/api/v1/review_notes/rules', { token: admin.token }), 404, 'not_found');
});
