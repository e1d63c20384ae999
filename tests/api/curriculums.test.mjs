// Curriculums, tasks and submitting work (docs/curriculum.md), with the fixture curriculum.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, camp, createAndLogin } from './lib/client.mjs';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_DIR, ROOT, TASKS, combinedCurriculumDir, importTestCurriculum } from './lib/curriculum.mjs';

let student, u29, trial, graduate, mentor, admin;

// One login at a time: the login lane hashes one password after another, and a loaded
// machine must not push the last of a burst past the client's timeout.
async function sequential(steps) {
  const out = [];
  for (const step of steps) out.push(await step());
  return out;
}

before(async () => {
  importTestCurriculum();
  [student, u29, trial, graduate, mentor, admin] = await sequential([
    () => createAndLogin({ role: 'student', course: 'rails_4m', nickname: 'カリキュラム 受講生' }),
    () => createAndLogin({ role: 'student', course: 'u29' }),
    () => createAndLogin({ role: 'trial' }),
    () => createAndLogin({ role: 'graduate', course: 'rails_4m' }),
    () => createAndLogin({ role: 'basic_mentor', nickname: 'カリキュラム メンター' }),
    () => createAndLogin({ role: 'admin' }),
  ]);
});

const submit = (who, task, url) =>
  api('POST', `/api/v1/tasks/${task}/submissions`, { token: who.token, json: { submission: { repository_url: url } } });
const review = (who, id, status, comment = 'レビューしました') =>
  api('POST', `/api/v1/submissions/${id}/reviews`, { token: who.token, json: { review: { status, comment } } });

test('the list shows every curriculum by position with its tasks', async () => {
  const res = await api('GET', '/api/v1/curriculums', { token: student.token });
  assertStatus(res, 200);
  const names = res.json.data.map((c) => c.name);
  const basics = res.json.data.find((c) => c.name === 'test-basics');
  const advanced = res.json.data.find((c) => c.name === 'test-advanced');
  assert.ok(names.indexOf('test-basics') < names.indexOf('test-advanced'));
  assert.equal(basics.title, 'テスト基礎');
  assert.deepEqual(basics.progress, { total: 2, approved: 0 });
  assert.deepEqual(basics.tasks.map((t) => [t.id, t.position, t.review_level, t.status]), [
    [901, 1, 'basic', 'not_started'],
    [902, 2, 'basic', 'not_started'],
  ]);
  assert.deepEqual(advanced.tasks.map((t) => t.review_level), ['advanced', 'advanced']);
  assert.equal(basics.tasks[0].body, undefined, 'no bodies in the list');
  for (const who of [u29, trial, mentor, admin]) assertStatus(await api('GET', '/api/v1/curriculums', { token: who.token }), 200);
  assertError(await api('GET', '/api/v1/curriculums', { token: graduate.token }), 403, 'forbidden');
  assertError(await api('GET', '/api/v1/curriculums'), 401, 'unauthenticated');
});

test('one curriculum has task bodies, the clone source and can_submit for the caller', async () => {
  const res = await api('GET', '/api/v1/curriculums/test-basics', { token: u29.token });
  assertStatus(res, 200);
  const [first, second] = res.json.tasks;
  assert.match(first.body, /# 課題の目的/);
  assert.equal(first.source_repository, 'https://github.com/camp-test/first-page-template');
  assert.equal(second.source_repository, null);
  assert.equal(first.can_submit, true);
  assert.deepEqual(first.submissions, []);
  const asTrial = await api('GET', '/api/v1/curriculums/test-basics', { token: trial.token });
  assert.equal(asTrial.json.tasks[0].can_submit, false);
  const asMentor = await api('GET', '/api/v1/curriculums/test-basics', { token: mentor.token });
  assert.equal(asMentor.json.tasks[0].can_submit, false);
  assertError(await api('GET', '/api/v1/curriculums/no-such-curriculum', { token: student.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/curriculums/%E3%81%82', { token: student.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/curriculums/test-basics', { token: graduate.token }), 403, 'forbidden');
});

test('submitting: the URL rules with the specification messages', async () => {
  const fields = async (body) => {
    const res = await api('POST', `/api/v1/tasks/${TASKS.firstPage}/submissions`, { token: student.token, json: body });
    return assertError(res, 422, 'invalid').fields.repository_url;
  };
  assert.deepEqual(await fields({ submission: {} }), ['URLは必須です']);
  assert.deepEqual(await fields({ submission: { repository_url: '   ' } }), ['URLは必須です']);
  assert.deepEqual(await fields({ submission: { repository_url: null } }), ['URLは必須です']);
  assert.deepEqual(await fields({ submission: { repository_url: 'github.com/me/x' } }), ['不正なURLです']);
  assert.deepEqual(await fields({ submission: { repository_url: 'ftp://github.com/me/x' } }), ['不正なURLです']);
  assert.deepEqual(await fields({ submission: { repository_url: 'https://' } }), ['不正なURLです']);
  assert.deepEqual(await fields({ submission: { repository_url: 42 } }), ['不正なURLです']);
  assert.deepEqual(await fields({ submission: { repository_url: ['https://github.com/me/x'] } }), ['不正なURLです']);
  assert.deepEqual(await fields({ submission: { repository_url: `https://github.com/${'a'.repeat(490)}` } }), ['不正なURLです']);
  assert.deepEqual(await fields({ submission: { repository_url: 'https://github.com/me/x\u0000' } }), ['不正なURLです']);
  for (const clone of [
    'https://github.com/camp-test/first-page-template',
    'http://github.com/camp-test/first-page-template',
    'https://GitHub.COM/camp-test/first-page-template/',
    'https://github.com/camp-test/first-page-template.git',
    'HTTPS://github.com/camp-test/first-page-template.git/',
    // Every spelling of the same repository: case, www., default port, trailing dot, //,
    // a page inside it, percent-encoding, dot segments.
    'https://github.com/Camp-Test/First-Page-Template',
    'https://www.github.com/camp-test/first-page-template',
    'https://github.com:443/camp-test/first-page-template',
    'https://github.com./camp-test/first-page-template',
    'https://github.com//camp-test//first-page-template',
    'https://github.com/camp-test/first-page-template/tree/main',
    'https://github.com/camp-test/%66irst-page-template',
    'https://github.com/me/%2e%2e/camp-test/first-page-template',
  ]) assert.deepEqual(await fields({ submission: { repository_url: clone } }), ['クローン元のリポジトリへのpushはできません'], clone);
  // User info hides the host (a browser opens evil.example for the first): not a URL we take.
  for (const hidden of ['https://evil.example\\@github.com/camp-test/first-page-template', 'https://me@github.com/me/x'])
    assert.deepEqual(await fields({ submission: { repository_url: hidden } }), ['不正なURLです'], hidden);
  // The student's own copy is fine, in any of those spellings.
  const own = await submit(u29, TASKS.deploy, 'https://www.github.com/u29-student/deploy-template/tree/main');
  assertStatus(own, 201);
});

test('submitting: wrong bodies and unknown tasks', async () => {
  const path = `/api/v1/tasks/${TASKS.styles}/submissions`;
  assertError(await api('POST', path, { token: student.token, body: '{"submission":', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await api('POST', path, { token: student.token, json: { repository_url: 'https://github.com/me/x' } }), 400, 'malformed');
  assertError(await api('POST', path, { token: student.token, json: { submission: 'x' } }), 400, 'malformed');
  assertError(await api('POST', path, { token: student.token, body: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  const huge = JSON.stringify({ submission: { repository_url: 'https://github.com/me/x', pad: 'x'.repeat(2 * 1024 * 1024) } });
  assertError(await api('POST', path, { token: student.token, body: huge, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
  const badUtf8 = Buffer.concat([Buffer.from('{"submission":{"repository_url":"https://github.com/'), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]);
  assertError(await api('POST', path, { token: student.token, body: badUtf8, headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await submit(student, 999999, 'https://github.com/me/x'), 404, 'not_found');
  assertError(await submit(student, 2147483648, 'https://github.com/me/x'), 404, 'not_found');
  assertError(await api('POST', '/api/v1/tasks/99999999999999999999/submissions', { token: student.token, json: { submission: { repository_url: 'https://github.com/me/x' } } }), 404, 'not_found');
});

test('who may submit: students (U29 too); trial gets its own message', async () => {
  const t = await submit(trial, TASKS.styles, 'https://github.com/trial/x');
  assert.equal(assertError(t, 403, 'forbidden').message, '体験アカウントでは課題を提出できません');
  for (const who of [graduate, mentor, admin]) assertError(await submit(who, TASKS.styles, 'https://github.com/me/x'), 403, 'forbidden');
  const res = await submit(u29, TASKS.styles, 'https://github.com/u29/styles');
  assertStatus(res, 201);
  assert.equal(res.json.status, 'waiting');
  assert.equal(res.json.student.course, 'u29');
  assert.equal(res.json.task.curriculum.name, 'test-basics');
  assert.deepEqual(res.json.reviews, []);
});

test('the submit rule: waiting 409, changes requested resubmits, approved 409; every submission kept', async () => {
  const first = await submit(student, TASKS.firstPage, 'https://github.com/me/first-page');
  assertStatus(first, 201);
  const again = await submit(student, TASKS.firstPage, 'https://github.com/me/first-page');
  assert.equal(assertError(again, 409, 'conflict').message, 'レビュー待ちの提出があります');
  let page = await api('GET', '/api/v1/curriculums/test-basics', { token: student.token });
  assert.equal(page.json.tasks[0].status, 'submitted');
  assert.equal(page.json.tasks[0].can_submit, false);

  assertStatus(await review(mentor, first.json.id, 'changes_requested', '画像の alt を追加してください'), 201);
  page = await api('GET', '/api/v1/curriculums/test-basics', { token: student.token });
  assert.equal(page.json.tasks[0].status, 'changes_requested');
  assert.equal(page.json.tasks[0].can_submit, true);
  assert.equal(page.json.tasks[0].submissions[0].reviews[0].comment, '画像の alt を追加してください');

  const second = await submit(student, TASKS.firstPage, 'https://github.com/me/first-page');
  assertStatus(second, 201);
  assert.deepEqual(second.json.history.map((h) => h.id), [first.json.id]);
  assertStatus(await review(mentor, second.json.id, 'approved', '合格です'), 201);
  const third = await submit(student, TASKS.firstPage, 'https://github.com/me/first-page');
  assert.equal(assertError(third, 409, 'conflict').message, 'この課題はすでに合格しています');

  page = await api('GET', '/api/v1/curriculums/test-basics', { token: student.token });
  assert.equal(page.json.tasks[0].status, 'approved');
  assert.deepEqual(page.json.progress, { total: 2, approved: 1 });
  assert.deepEqual(page.json.tasks[0].submissions.map((s) => [s.id, s.status]), [
    [second.json.id, 'approved'],
    [first.json.id, 'changes_requested'],
  ]);
  const list = await api('GET', '/api/v1/curriculums', { token: student.token });
  assert.deepEqual(list.json.data.find((c) => c.name === 'test-basics').progress, { total: 2, approved: 1 });
  // Others see not_started and no submissions.
  const asMentor = await api('GET', '/api/v1/curriculums/test-basics', { token: mentor.token });
  assert.equal(asMentor.json.tasks[0].status, 'not_started');
  assert.deepEqual(asMentor.json.tasks[0].submissions, []);
  assert.deepEqual(asMentor.json.progress.approved, 0);
});

test('approving the last task creates the milestone once; the share dialog shows it once', async () => {
  const s = await createAndLogin({ role: 'student', course: 'rails_5m' });
  // A first login of a student gives first_login.
  let next = await api('GET', '/api/v1/x_share_milestones', { token: s.token });
  assertStatus(next, 200);
  assert.deepEqual(next.json, { milestone_type: 'first_login' });
  assertStatus(await api('POST', '/api/v1/x_share_milestones/mark_as_shown', { token: s.token, json: { milestone_type: 'first_login' } }), 204);
  next = await api('GET', '/api/v1/x_share_milestones', { token: s.token });
  assert.deepEqual(next.json, { milestone_type: null });

  const a = await submit(s, TASKS.styles, 'https://github.com/s/styles');
  assertStatus(await review(admin, a.json.id, 'approved'), 201);
  next = await api('GET', '/api/v1/x_share_milestones', { token: s.token });
  assert.deepEqual(next.json, { milestone_type: 'test_basics_tasks_approved' });
  // Marking is idempotent, an unknown kind changes nothing; bad bodies are 422 / 400.
  const mark = (json) => api('POST', '/api/v1/x_share_milestones/mark_as_shown', { token: s.token, json });
  assertStatus(await mark({ milestone_type: 'no_such_kind' }), 204);
  assert.deepEqual((await api('GET', '/api/v1/x_share_milestones', { token: s.token })).json, { milestone_type: 'test_basics_tasks_approved' });
  assertStatus(await mark({ milestone_type: 'test_basics_tasks_approved' }), 204);
  assertStatus(await mark({ milestone_type: 'test_basics_tasks_approved' }), 204);
  assert.deepEqual((await api('GET', '/api/v1/x_share_milestones', { token: s.token })).json, { milestone_type: null });
  assert.deepEqual(assertError(await mark({}), 422, 'invalid').fields.milestone_type, ['マイルストーンの種類は必須です']);
  assertError(await mark({ milestone_type: 7 }), 422, 'invalid');
  assertError(await mark([]), 400, 'malformed');
  assertError(await mark({ milestone_type: 'x'.repeat(3 * 1024 * 1024) }), 413, 'payload_too_large');
  // Mentors and admins: null unless they have one; no first_login for them.
  assert.deepEqual((await api('GET', '/api/v1/x_share_milestones', { token: mentor.token })).json, { milestone_type: null });
});

// Each daemon keeps the curriculum tree in memory (lib/curriculum/curriculum_cache.hpp); an import
// by another process reaches it with its PostgreSQL notification, within milliseconds.
test('an import by the CLI shows on the cached curriculum pages of the daemon as soon as its notification arrives', async () => {
  const names = async () => (await api('GET', '/api/v1/curriculums', { token: student.token })).json.data.map((c) => c.name);
  const until = async (done) => {
    for (let i = 0; i < 40 && !done(await names()); i++) await new Promise((r) => setTimeout(r, 50));
    return names();
  };
  assert.ok(!(await names()).includes('test-cache'));  // the tree is cached now
  const extra = mkdtempSync(join(tmpdir(), 'camp-curriculum-extra-'));
  mkdirSync(join(extra, 'test-cache'));
  writeFileSync(join(extra, 'test-cache', 'curriculum.yaml'), 'title: キャッシュ確認\nposition: 909\ndescription: 取り込みがすぐ見えるか。\n');
  writeFileSync(join(extra, 'test-cache', '01-task.md'), '---\nid: 909\ntitle: すぐ見える課題\nposition: 1\nreview_level: basic\n---\n# 課題\n');
  const withExtra = combinedCurriculumDir([extra]);
  try {
    camp('curriculum', 'import', withExtra);
    assert.ok((await until((n) => n.includes('test-cache'))).includes('test-cache'));
    const one = await api('GET', '/api/v1/curriculums/test-cache', { token: student.token });
    assertStatus(one, 200);
    assert.equal(one.json.title, 'キャッシュ確認');
    importTestCurriculum();  // without it: the import removes it (no submissions)
    assert.ok(!(await until((n) => !n.includes('test-cache'))).includes('test-cache'));
    assertError(await api('GET', '/api/v1/curriculums/test-cache', { token: student.token }), 404, 'not_found');
  } finally {
    rmSync(withExtra, { recursive: true, force: true });
    rmSync(extra, { recursive: true, force: true });
  }
});

test('the import refuses to remove a task that has submissions, naming it; nothing is written', () => {
  // The real content (if any) and test-advanced only: test-basics, whose tasks have
  // submissions by now, would go.
  const dir = mkdtempSync(join(tmpdir(), 'camp-curriculum-'));
  try {
    const real = join(ROOT, 'config', 'curriculum');
    if (existsSync(real)) for (const name of readdirSync(real)) symlinkSync(join(real, name), join(dir, name));
    symlinkSync(join(FIXTURE_DIR, 'test-advanced'), join(dir, 'test-advanced'));
    assert.throws(() => camp('curriculum', 'import', dir), /課題 901「はじめてのWebページ」には提出があるため削除できません/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const names = JSON.parse(camp('curriculum', 'list', '--json')).data.map((c) => c.name);
  assert.ok(names.includes('test-basics') && names.includes('test-advanced'));
});
