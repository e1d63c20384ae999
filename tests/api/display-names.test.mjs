// People without a nickname are named like everyone else (docs/design.md "Display names"): by
// their student record's name, else by their e-mail's local part. Here in the review queue and
// dialog, an answer, the mentor filter of /students (GET /mentors) and the mentor history.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertStatus, createAndLogin } from './lib/client.mjs';
import { TASKS, importTestCurriculum } from './lib/curriculum.mjs';

let admin, mentor, student, named;
const local = (who) => who.account.email.split('@')[0];

async function recordOf(email) {
  const res = await api('GET', `/api/v1/students?q=${encodeURIComponent(email)}`, { token: admin.token });
  assertStatus(res, 200);
  assert.equal(res.json.data.length, 1);
  return res.json.data[0];
}

before(async () => {
  importTestCurriculum();
  // None of them has a nickname (one login at a time: the login lane hashes in turn).
  admin = await createAndLogin({ role: 'admin' });
  mentor = await createAndLogin({ role: 'advanced_mentor' });
  student = await createAndLogin({ role: 'student', course: 'rails_4m' });
  named = await createAndLogin({ role: 'student', course: 'rails_4m' });
  // The school gave `named` a name on the record; `student`'s record has none.
  const record = await recordOf(named.account.email);
  assertStatus(await api('PATCH', `/api/v1/students/${record.id}`, { token: admin.token, json: { student: { name: '渡辺 健太' } } }), 200);
});

test('the account itself: /me names it, the nickname stays empty', async () => {
  const me = await api('GET', '/api/v1/accounts/me', { token: named.token });
  assert.deepEqual([me.json.nickname, me.json.display_name], ['', '渡辺 健太']);
  const other = await api('GET', '/api/v1/accounts/me', { token: student.token });
  assert.deepEqual([other.json.nickname, other.json.display_name], ['', local(student)]);
});

test('the review queue and dialog name the student and the mentor who claimed', async () => {
  const submitted = [];
  for (const who of [named, student]) {
    const res = await api('POST', `/api/v1/tasks/${TASKS.firstPage}/submissions`, {
      token: who.token,
      json: { submission: { repository_url: `https://github.com/${who.account.id}/names` } },
    });
    assertStatus(res, 201);
    submitted.push(res.json);
  }
  assertStatus(await api('POST', `/api/v1/submissions/${submitted[0].id}/claim`, { token: mentor.token }), 200);
  const queue = await api('GET', `/api/v1/submissions?task_id=${TASKS.firstPage}&per=100`, { token: admin.token });
  assertStatus(queue, 200);
  const [first, second] = submitted.map((s) => queue.json.data.find((row) => row.id === s.id));
  assert.equal(first.student.display_name, '渡辺 健太');
  assert.deepEqual(first.claimed_by, { id: mentor.account.id, display_name: local(mentor) });
  assert.equal(second.student.display_name, local(student));
  const dialog = await api('GET', `/api/v1/submissions/${submitted[0].id}`, { token: mentor.token });
  assertStatus(dialog, 200);
  assert.equal(dialog.json.claimed_by.display_name, local(mentor));
  assert.equal(dialog.json.student.display_name, '渡辺 健太');
});

test('an answer and its question name their authors', async () => {
  const categories = await api('GET', '/api/v1/categories', { token: named.token });
  const category = categories.json.data.find((c) => c.lists.length > 0).lists[0];
  const asked = await api('POST', '/api/v1/questions', {
    token: named.token,
    json: { question: { category_id: category.id, title: '名前の表示について', body: 'ニックネームがありません' } },
  });
  assertStatus(asked, 201);
  const answered = await api('POST', `/api/v1/questions/${asked.json.id}/answers`, { token: mentor.token, json: { answer: { body: '記録の氏名が出ます' } } });
  assertStatus(answered, 201);
  assert.equal(answered.json.account.display_name, local(mentor));
  const shown = await api('GET', `/api/v1/questions/${asked.json.id}`, { token: student.token });
  assert.equal(shown.json.account.display_name, '渡辺 健太');
  assert.equal(shown.json.answers[0].account.display_name, local(mentor));
  assert.ok(!('email' in shown.json.account), 'the question box names people, never shows an e-mail');
});

test('the mentor filter and the mentor history name everyone', async () => {
  const mentors = await api('GET', '/api/v1/mentors', { token: admin.token });
  assertStatus(mentors, 200);
  assert.ok(mentors.json.data.every((m) => m.display_name.trim() !== ''), 'no blank option');
  assert.equal(mentors.json.data.find((m) => m.id === mentor.account.id).display_name, local(mentor));
  assert.equal(mentors.json.data.find((m) => m.id === admin.account.id).display_name, local(admin));

  const record = await recordOf(student.account.email);
  const assigned = await api('PATCH', `/api/v1/students/${record.id}/mentor`, { token: admin.token, json: { student: { mentor_id: mentor.account.id } } });
  assertStatus(assigned, 200);
  assert.equal(assigned.json.display_name, local(student));
  assert.equal(assigned.json.mentor.display_name, local(mentor));
  assert.deepEqual(
    [assigned.json.mentor_history[0].mentor.display_name, assigned.json.mentor_history[0].changed_by.display_name],
    [local(mentor), local(admin)],
  );
  const listed = await recordOf(named.account.email);
  assert.deepEqual([listed.name, listed.nickname, listed.display_name], ['渡辺 健太', '', '渡辺 健太']);
});
