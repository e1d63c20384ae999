// Students: the list's filters, sorting and paging, who sees what (a student only
// themself, 404 for others), the mentor in charge and every validation message of mentoring
// records, the Gantt chart, the dashboard and my page, the CSV import through the API (dry run,
// rows with errors, Shift_JIS) and the CLI, and bad input (never a 500).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, assertError, assertStatus, camp, createAndLogin, uniqueEmail } from './lib/client.mjs';

let admin, mentor, mentor2, student, other, graduate;
const S = (id, rest = '') => `/api/v1/students/${id}${rest}`;

async function recordOf(email) {
  const res = await api('GET', `/api/v1/students?q=${encodeURIComponent(email)}`, { token: admin.token });
  assertStatus(res, 200);
  assert.equal(res.json.data.length, 1, email);
  return res.json.data[0];
}

function fields(res) {
  return assertError(res, 422, 'invalid').fields;
}

before(async () => {
  admin = await createAndLogin({ role: 'admin' });
  mentor = await createAndLogin({ role: 'advanced_mentor', nickname: '担当 メンター' });
  mentor2 = await createAndLogin({ role: 'basic_mentor' });
  student = await createAndLogin({ role: 'student', course: 'rails_4m', nickname: '学習 花子' });
  other = await createAndLogin({ role: 'student', course: 'u29' });
  graduate = await createAndLogin({ role: 'graduate', course: 'rails_5m' });
  student.record = await recordOf(student.account.email);
  other.record = await recordOf(other.account.email);
});

test('a student account has a record; the list filters, sorts and pages', async () => {
  const r = student.record;
  assert.equal(r.registered, true);
  assert.equal(r.account_id, student.account.id);
  assert.equal(r.course.code, 'rails_4m');
  assert.equal(r.status, 'active');
  assert.equal(r.behind, false);  // started today
  // Started long ago: task 13's period (days 1-14) ended unapproved.
  const moved = await api('PATCH', S(r.id), { token: admin.token, json: { student: { start_date: '2026-01-05' } } });
  assertStatus(moved, 200);
  assert.equal(moved.json.behind, true);
  assert.equal(moved.json.due_on, '2026-01-18');
  const behind = await api('GET', '/api/v1/students?behind=true&course=rails_4m&per=100&sort=due_on&order=asc', { token: mentor.token });
  assertStatus(behind, 200);
  assert.ok(behind.json.data.some((s) => s.id === r.id));
  assert.ok(behind.json.data.every((s) => s.behind && s.course.code === 'rails_4m'));
  const u29 = await api('GET', `/api/v1/students?course=u29&q=${encodeURIComponent(student.account.email)}`, { token: admin.token });
  assert.equal(u29.json.meta.total, 0);
  // Search by nickname, case-insensitive e-mail, start date range.
  assert.equal((await api('GET', `/api/v1/students?q=${encodeURIComponent('学習 花子')}`, { token: admin.token })).json.data[0].id, r.id);
  assert.equal((await api('GET', `/api/v1/students?q=${encodeURIComponent(student.account.email.toUpperCase())}`, { token: admin.token })).json.meta.total, 1);
  const range = await api('GET', '/api/v1/students?started_from=2026-01-05&started_to=2026-01-05&per=100', { token: admin.token });
  assert.ok(range.json.data.some((s) => s.id === r.id));
  const page = await api('GET', '/api/v1/students?per=1&page=2&sort=email&order=asc', { token: admin.token });
  assertStatus(page, 200);
  assert.equal(page.json.data.length, 1);
  assert.deepEqual({ page: page.json.meta.page, per: page.json.meta.per }, { page: 2, per: 1 });
  // On leave: never behind.
  await api('PATCH', S(r.id), { token: admin.token, json: { student: { status: 'on_leave' } } });
  assert.equal((await api('GET', S(r.id), { token: admin.token })).json.behind, false);
  assertStatus(await api('PATCH', S(r.id), { token: admin.token, json: { student: { status: 'active' } } }), 200);
});

test('who sees what: mentors see students, a student only themself, 404 for others', async () => {
  assertStatus(await api('GET', S(other.record.id), { token: mentor2.token }), 200);
  assertStatus(await api('GET', S(student.record.id), { token: student.token }), 200);
  assertStatus(await api('GET', S(student.record.id, '/gantt'), { token: student.token }), 200);
  for (const path of [S(other.record.id), S(other.record.id, '/gantt'), S(other.record.id, '/submissions'), S(other.record.id, '/questions'),
    '/api/v1/students', '/api/v1/mentors', '/api/v1/dashboard', S(student.record.id, '/mentorings')]) {
    assertError(await api('GET', path, { token: student.token }), 404, 'not_found');
  }
  assertError(await api('GET', S(student.record.id), { token: graduate.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/mypage', { token: mentor.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/dashboard', { token: mentor.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/students'), 401, 'unauthenticated');
  assertError(await api('PATCH', S(student.record.id, '/mentor'), { token: mentor.token, json: { student: { mentor_id: mentor.account.id } } }), 403, 'forbidden');
  assertError(await api('PATCH', S(student.record.id, '/mentor'), { token: student.token, json: { student: { mentor_id: mentor.account.id } } }), 404, 'not_found');
  assertError(await api('GET', S(99999999999)), 401);
  assertError(await api('GET', S(99999999999), { token: admin.token }), 404, 'not_found');
});

test('mentor in charge: required, a mentor or admin, with its history', async () => {
  const id = student.record.id;
  assert.deepEqual(fields(await api('PATCH', S(id, '/mentor'), { token: admin.token, json: { student: {} } })).mentor_id, ['担当は必須です']);
  assert.deepEqual(fields(await api('PATCH', S(id, '/mentor'), { token: admin.token, json: { student: { mentor_id: null } } })).mentor_id, ['担当は必須です']);
  assert.deepEqual(fields(await api('PATCH', S(id, '/mentor'), { token: admin.token, json: { student: { mentor_id: other.account.id } } })).mentor_id, ['担当にはメンターか管理者を選んでください']);
  assert.deepEqual(fields(await api('PATCH', S(id, '/mentor'), { token: admin.token, json: { student: { mentor_id: '3' } } })).mentor_id, ['担当は必須です']);
  const set = await api('PATCH', S(id, '/mentor'), { token: admin.token, json: { student: { mentor_id: mentor.account.id } } });
  assertStatus(set, 200);
  assert.equal(set.json.mentor.id, mentor.account.id);
  assert.equal(set.json.mentor_history[0].changed_by.id, admin.account.id);
  const mine = await api('GET', `/api/v1/students?mentor_id=${mentor.account.id}`, { token: mentor.token });
  assert.deepEqual(mine.json.data.map((s) => s.id), [id]);
  const mentors = await api('GET', '/api/v1/mentors', { token: mentor2.token });
  assert.ok(mentors.json.data.some((m) => m.id === mentor.account.id && m.role === 'advanced_mentor'));
  assert.ok(!mentors.json.data.some((m) => m.role === 'student'));
});

test('mentoring records: every validation message, newest first, the author or an admin edits', async () => {
  const path = S(student.record.id, '/mentorings');
  const post = (mentoring, token = mentor.token) => api('POST', path, { token, json: { mentoring } });
  let f = fields(await post({}));
  assert.deepEqual(f.held_at, ['メンタリング日時は必須です']);
  assert.deepEqual(f.body, ['内容は必須です']);
  f = fields(await post({ held_at: '2026-11-2', body: ' \n ' }));
  assert.deepEqual(f.held_at, ['メンタリング日時が不正なフォーマットです']);
  assert.deepEqual(f.body, ['内容は必須です']);
  // Unicode spaces are whitespace too: the ideographic space a Japanese keyboard types, NBSP, em space.
  for (const body of ['\u3000\u3000', '\u00a0', ' \u2003\n\u3000']) {
    f = fields(await post({ held_at: '\u3000', body }));
    assert.deepEqual([f.held_at, f.body], [['メンタリング日時は必須です'], ['内容は必須です']], JSON.stringify(body));
  }
  assert.deepEqual(fields(await post({ held_at: '2026-02-30 10:00', body: 'x' })).held_at, ['メンタリング日時が不正なフォーマットです']);
  assert.deepEqual(fields(await post({ held_at: '2026-11-20 10:00', body: 'あ'.repeat(501) })).body, ['内容は500文字以内でご入力ください']);
  f = fields(await post({ held_at: 5, body: ['x'] }));
  assert.ok(f.held_at && f.body);
  const first = await post({ held_at: '2026-11-20 19:00', body: 'あ'.repeat(500) });
  assertStatus(first, 201);
  assert.equal(first.json.held_at, '2026-11-20T19:00:00+09:00');
  assert.equal(first.json.author.id, mentor.account.id);
  const second = await post({ held_at: '2026-11-27T19:00:00+09:00', body: '転職活動の相談' }, admin.token);
  assertStatus(second, 201);
  const list = await api('GET', path, { token: mentor2.token });
  assert.deepEqual(list.json.data.map((m) => m.id), [second.json.id, first.json.id]);
  assertError(await api('PATCH', `${path}/${first.json.id}`, { token: mentor2.token, json: { mentoring: { body: '横取り' } } }), 403, 'forbidden');
  const edited = await api('PATCH', `${path}/${first.json.id}`, { token: mentor.token, json: { mentoring: { body: '書き直した内容' } } });
  assertStatus(edited, 200);
  assert.equal(edited.json.body, '書き直した内容');
  assert.deepEqual(fields(await api('PATCH', `${path}/${first.json.id}`, { token: mentor.token, json: { mentoring: { held_at: '' } } })).held_at, ['メンタリング日時は必須です']);
  assertError(await api('DELETE', `${S(other.record.id, '/mentorings')}/${first.json.id}`, { token: admin.token }), 404, 'not_found');
  assertError(await api('DELETE', `${path}/${second.json.id}`, { token: mentor.token }), 403, 'forbidden');
  assertStatus(await api('DELETE', `${path}/${second.json.id}`, { token: admin.token }), 204);
  assert.equal((await api('GET', S(student.record.id), { token: admin.token })).json.counts.mentorings, 1);
});

test('the Gantt chart, my page and the dashboard', async () => {
  const g = await api('GET', S(other.record.id, '/gantt'), { token: mentor.token });
  assertStatus(g, 200);
  assert.equal(g.json.course.code, 'u29');
  assert.deepEqual(g.json.periods.map((p) => p.task_id), [3, 9, 10, 13, 14, 18, 19]);
  assert.deepEqual(g.json.weekday_labels, ['日', '月', '火', '水', '木', '金', '土']);
  assert.equal(g.json.periods[0].starts_on, other.record.start_date);
  assert.equal(g.json.periods[0].state, 'in_progress');
  const me = await api('GET', '/api/v1/mypage', { token: other.token });
  assertStatus(me, 200);
  assert.equal(me.json.student.id, other.record.id);
  assert.equal(me.json.next_task.task_id, 3);
  assert.deepEqual(me.json.upcoming_events, []);  // U29: no events
  const d = await api('GET', '/api/v1/dashboard', { token: admin.token });
  assertStatus(d, 200);
  assert.ok(d.json.behind.count >= 0);
  assert.equal(d.json.active_by_course.length, 3);
  assert.equal(d.json.active_by_course[0].link, '/students?status=active&course=rails_4m');
});

test('bad input: never a 500', async () => {
  const raw = (body, type = 'application/json') => api('POST', S(student.record.id, '/mentorings'), { token: admin.token, body, headers: { 'content-type': type } });
  assertError(await raw('{"mentoring":'), 400, 'malformed');
  assertError(await raw('[]'), 400, 'malformed');
  assertError(await raw('{"mentoring":"x"}'), 400, 'malformed');
  assertError(await raw('{"mentoring":{}}', 'text/plain'), 415);
  assertError(await raw(JSON.stringify({ mentoring: { body: 'x'.repeat(2 * 1024 * 1024) } })), 413);
  assertError(await raw(Buffer.concat([Buffer.from('{"mentoring":{"body":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')])), 400, 'malformed');
  assertError(await raw('{"mentoring":{"held_at":"2026-11-20 10:00","body":"a\\u0000b"}}'), 422, 'invalid');
  assert.ok(fields(await api('PATCH', S(student.record.id, '/mentor'), { token: admin.token, json: { student: { mentor_id: 1e30 } } })).mentor_id);
  assert.ok(fields(await api('PATCH', S(student.record.id, '/mentor'), { token: admin.token, json: { student: { mentor_id: 99999999999 } } })).mentor_id);
  assert.deepEqual(fields(await api('PATCH', S(student.record.id), { token: admin.token, json: { student: { start_date: '2026-13-01', status: 'away', course: 'java', name: ' ' } } })), {
    start_date: ['開始日が不正なフォーマットです'], status: ['ステータスは active, on_leave, graduated のいずれかを指定してください'],
    course: ['存在しないコースです'], name: ['氏名は必須です'],
  });
  for (const q of ['sort=age', 'order=up', 'status=x', 'behind=yes', 'course=java', 'mentor_id=abc', 'mentor_id=1234567890123456789012',
    'started_from=2026-02-30', 'page=0', 'per=101', 'q=%FF', `q=${'x'.repeat(101)}`]) {
    assertError(await api('GET', `/api/v1/students?${q}`, { token: admin.token }), 400);
  }
  assertError(await api('GET', '/api/v1/students/1234567890123456789012', { token: admin.token }), 404);
  assertError(await api('PATCH', S(99999999999, '/mentorings/1'), { token: admin.token, json: { mentoring: { body: 'x' } } }), 404);
});

function csv(rows) {
  return ['email,name,course,start_date,status,mentor_email', ...rows].join('\r\n') + '\r\n';
}
const importing = (body, { dryRun = false, token = admin.token, type = 'text/csv' } = {}) =>
  api('POST', `/api/v1/student_imports?dry_run=${dryRun}`, { token, body, headers: { 'content-type': type } });

test('import through the API: dry run, rows with errors by line, apply, nothing changes twice', async () => {
  const a = uniqueEmail('imp-a'), b = uniqueEmail('imp-b');
  const good = csv([`${a},山田 太郎,rails_5m,2026/10/01,,${mentor.account.email}`, `${b},"佐藤, 次郎",u29,2026-11-01,on_leave,`]);
  const dry = await importing(good, { dryRun: true });
  assertStatus(dry, 200);
  assert.deepEqual(dry.json.summary, { rows: 2, create: 2, update: 0, unchanged: 0, invalid: 0 });
  assert.equal(dry.json.applied, false);
  assert.equal((await api('GET', `/api/v1/students?q=${a}`, { token: admin.token })).json.meta.total, 0);
  const bad = await importing(csv([`${a},山田 太郎,rails_5m,2026/10/01,,`, 'not-an-email,名前,rails_4m,2026-10-01,,', `${b},,java,2026-02-30,x,`]));
  assertError(bad, 422, 'invalid');
  assert.deepEqual(bad.json.report.errors.map((e) => [e.line, e.field]), [[3, 'email'], [4, 'name'], [4, 'course'], [4, 'start_date'], [4, 'status']]);
  // The screen names each column in Japanese (the catalogue's student_import_column_*).
  assert.deepEqual(bad.json.report.errors.map((e) => e.column), ['メールアドレス', '氏名', 'コース', '開始日', 'ステータス']);
  const ragged = await importing(csv([`${a},山田 太郎,rails_5m,2026/10/01,,,余分`, `${b},佐藤 次郎,u29,2026-11-01,,mentor`]));
  assertError(ragged, 422, 'invalid');
  assert.deepEqual(ragged.json.report.errors.map((e) => [e.line, e.field, e.column]),
    [[2, 'file', '行全体'], [3, 'mentor_email', '担当メンター']]);
  assert.equal((await api('GET', `/api/v1/students?q=${a}`, { token: admin.token })).json.meta.total, 0);
  const applied = await importing(good);
  assertStatus(applied, 200);
  assert.equal(applied.json.applied, true);
  const rec = await recordOf(a);
  assert.deepEqual([rec.registered, rec.name, rec.start_date, rec.mentor.id], [false, '山田 太郎', '2026-10-01', mentor.account.id]);
  assert.equal((await recordOf(b)).name, '佐藤, 次郎');
  const again = await importing(good);
  assert.deepEqual(again.json.summary, { rows: 2, create: 0, update: 0, unchanged: 2, invalid: 0 });
  // Shift_JIS (what Excel in Japan writes), converted by glibc's iconv.
  const sjis = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'CP932'], { input: csv([`${b},佐藤 次郎,u29,2026-11-01,active,`]) });
  const changed = await importing(sjis);
  assertStatus(changed, 200);
  assert.equal(changed.json.encoding, 'shift_jis');
  assert.deepEqual(changed.json.rows[0].changes.sort(), ['name', 'status']);
  assert.equal((await recordOf(b)).name, '佐藤 次郎');
  // Not readable at all, wrong type, not the admin's.
  assert.deepEqual(assertError(await importing(Buffer.from([0x81, 0x20, 0xff, 0xfe])), 422, 'invalid').fields.file,
    ['CSVファイルの文字コードを判別できません。UTF-8 または Shift_JIS で保存してください']);
  assert.deepEqual(assertError(await importing('a,b\r\n1,2\r\n'), 422, 'invalid').fields.file, ['1行目に見出し（メールアドレス、氏名、コース、開始日）が必要です']);
  assertError(await importing(good, { type: 'application/json' }), 415);
  assertError(await importing(good, { token: mentor.token }), 404, 'not_found');
  assertError(await importing(good, { token: student.token }), 404, 'not_found');
});

test('the CLI: import with --dry-run, list, show and assign-mentor', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'camp-students-'));
  const email = uniqueEmail('cli-import');
  const file = join(dir, 'students.csv');
  writeFileSync(file, '\uFEFF' + csv([`${email},コマンド 三郎,rails_4m,2026-09-01,,`]));
  const dry = JSON.parse(camp('--json', 'students', 'import', file, '--dry-run'));
  assert.equal(dry.encoding, 'utf-8-bom');
  assert.equal(dry.summary.create, 1);
  assert.match(camp('students', 'import', file), /1 created/);
  const shown = JSON.parse(camp('--json', 'students', 'show', email));
  assert.equal(shown.name, 'コマンド 三郎');
  const assigned = JSON.parse(camp('--json', 'students', 'assign-mentor', email, mentor.account.email));
  assert.equal(assigned.mentor.id, mentor.account.id);
  assert.equal(assigned.mentor_history[0].changed_by, null);
  const listed = JSON.parse(camp('--json', 'students', 'list', '--q', email));
  assert.equal(listed.meta.total, 1);
  writeFileSync(file, csv(['broken-email,名前,rails_4m,2026-09-01,,']));
  assert.throws(() => camp('students', 'import', file), /students\.csv:2: メールアドレス: 不正なメールアドレスです/);
});

test('the CSV template: the header the importer reads, in Japanese, for admins only', async () => {
  const res = await api('GET', '/api/v1/student_imports/template', { token: admin.token });
  assertStatus(res, 200);
  assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.equal(res.headers.get('content-disposition'), 'attachment; filename="students-template.csv"');
  assert.deepEqual([...res.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM: Excel reads it as UTF-8');
  assert.equal(res.text, '\uFEFFメールアドレス,氏名,コース,開始日,ステータス,担当メンター\r\n');
  // Filled in as an admin would, it imports (dry run) with every column recognised.
  const email = uniqueEmail('template');
  const filled = Buffer.concat([res.bytes, Buffer.from(`${email},ひな形 花子,rails_4m,2026-12-01,on_leave,${mentor.account.email}\r\n`)]);
  const dry = await importing(filled, { dryRun: true });
  assertStatus(dry, 200);
  assert.deepEqual([dry.json.encoding, dry.json.summary.create, dry.json.rows[0].name], ['utf-8-bom', 1, 'ひな形 花子']);
  for (const who of [mentor, mentor2, student, graduate])
    assertError(await api('GET', '/api/v1/student_imports/template', { token: who.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/student_imports/template'), 401, 'unauthenticated');
  assertError(await api('GET', '/api/v1/student_imports/template', { token: 'not.a.jwt' }), 401, 'unauthenticated');
  assertError(await api('POST', '/api/v1/student_imports/template', { token: admin.token, json: {} }), 405);
});
