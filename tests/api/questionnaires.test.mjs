// Subsidy questionnaires: the definition the web form renders, validate / submit /
// conflict, unknown fields ignored, hidden fields dropped, nobody reads another's answer, the
// admins' status, reminders, one answer with a reason, exports (CSV with BOM; XLSX read back by
// Debian's python3-openpyxl) and the audit log, and bad input answered with documented errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, assertError, assertStatus, createAndLogin } from './lib/client.mjs';
import { readFileSync } from 'node:fs';

const ANSWERS = JSON.parse(readFileSync(new URL('../fixtures/questionnaire_answers.json', import.meta.url), 'utf8'));
const Q = '/api/v1/questionnaires';
let admin, student, graduate, other, mentor;

before(async () => {
  admin = await createAndLogin({ role: 'admin' });
  student = await createAndLogin({ role: 'student', course: 'rails_4m', nickname: '佐藤 美咲' });
  graduate = await createAndLogin({ role: 'graduate', course: 'rails_5m', nickname: '鈴木 健太' });
  other = await createAndLogin({ role: 'student', course: 'rails_4m' });
  mentor = await createAndLogin({ role: 'advanced_mentor' });
});

function fields(res) {
  return assertError(res, 422, 'invalid').fields;
}

test('the definition carries every field with its options inlined', async () => {
  const res = await api('GET', `${Q}/pre-curriculum/definition`, { token: student.token });
  assertStatus(res, 200);
  assert.equal(res.json.title, '受講前アンケート');
  const all = res.json.sections.flatMap((s) => s.fields);
  const byKey = Object.fromEntries(all.map((f) => [f.key, f]));
  assert.equal(byKey.prefecture.type, 'prefecture');
  assert.equal(byKey.prefecture.options.length, 47);
  assert.deepEqual(byKey.prefecture.options[12], { value: '13', label: '東京都' });
  assert.equal(byKey.jobCategoryMinor.depends_on, 'jobCategoryMedium');
  assert.deepEqual(byKey.employmentStatus.visible_when, { field: 'isEmployed', in: ['yes'] });
  assert.equal(byKey.jobChangeMotivations.max_items, 3);
  assertError(await api('GET', `${Q}/during-curriculum/definition`, { token: student.token }), 404, 'not_found');
});

test('validate, submit, then a second submission is a conflict (a graduate owes the post-curriculum one)', async () => {
  const body = { answer: ANSWERS['post-curriculum'] };
  const checked = await api('POST', `${Q}/post-curriculum/validation`, { token: graduate.token, json: body });
  assertStatus(checked, 200);
  assert.deepEqual(checked.json.answer, ANSWERS['post-curriculum']);
  assertError(await api('GET', `${Q}/post-curriculum/answer`, { token: graduate.token }), 404, 'not_found');
  const created = await api('POST', `${Q}/post-curriculum/answer`, { token: graduate.token, json: body });
  assertStatus(created, 201);
  assert.equal(created.json.account_id, graduate.account.id);
  assert.match(created.json.submitted_at, /\+09:00$/);
  const mine = await api('GET', `${Q}/post-curriculum/answer`, { token: graduate.token });
  assert.deepEqual(mine.json.answer, ANSWERS['post-curriculum']);
  const again = await api('POST', `${Q}/post-curriculum/answer`, { token: graduate.token, json: body });
  assert.equal(assertError(again, 409, 'conflict').message, 'このアンケートは回答済みです');
  assertError(await api('POST', `${Q}/post-curriculum/validation`, { token: graduate.token, json: body }), 409, 'conflict');
  const list = await api('GET', Q, { token: graduate.token });
  assert.equal(list.json.data.find((k) => k.kind === 'post-curriculum').state, 'answered');
});

test('a questionnaire not due yet is refused: 422 with the catalogue message, nothing stored', async () => {
  const NOT_DUE = 'このアンケートはまだ回答の時期ではありません';
  const fresh = await createAndLogin({ role: 'student', course: 'rails_4m' });  // day 1 of the course
  for (const kind of ['post-curriculum', 'post-job-change', 'follow-up']) {
    const body = { answer: ANSWERS[kind] };
    for (const step of ['validation', 'answer']) {
      const refused = assertError(await api('POST', `${Q}/${kind}/${step}`, { token: fresh.token, json: body }), 422, 'invalid');
      assert.equal(refused.message, NOT_DUE, `${kind} ${step}`);
      assert.equal(refused.fields, undefined, `${kind} ${step}`);
    }
    assertError(await api('GET', `${Q}/${kind}/answer`, { token: fresh.token }), 404, 'not_found');
  }
  const states = (await api('GET', Q, { token: fresh.token })).json.data.map((k) => [k.kind, k.state]);
  assert.deepEqual(states, [['pre-curriculum', 'owed'], ['post-curriculum', 'not_yet'], ['post-job-change', 'not_yet'], ['follow-up', 'not_yet']]);
  // A graduate owes the post-job-change one at once; the follow-up only 180 days after it.
  const changed = await createAndLogin({ role: 'graduate', course: 'rails_4m' });
  assertStatus(await api('POST', `${Q}/post-job-change/answer`, { token: changed.token, json: { answer: ANSWERS['post-job-change'] } }), 201);
  const early = await api('POST', `${Q}/follow-up/answer`, { token: changed.token, json: { answer: ANSWERS['follow-up'] } });
  assert.equal(assertError(early, 422, 'invalid').message, NOT_DUE);
});

// docs/questionnaires.md "Idempotency-Key": the key's record keeps no copy of the answer; a
// retry is answered by reading the answer back from its sealed row.
test('an answer sent with an Idempotency-Key: a retry gets the first 201 again, read back', async () => {
  const me = await createAndLogin({ role: 'graduate', course: 'rails_4m' });
  const body = { answer: ANSWERS['post-curriculum'] };
  const key = { 'idempotency-key': `answer-${me.account.id}-${Date.now()}` };
  const post = (token, json, headers) => api('POST', `${Q}/post-curriculum/answer`, { token, json, headers });
  const first = await post(me.token, body, key);
  assertStatus(first, 201);
  assert.equal(first.headers.get('idempotent-replayed'), null);
  const retry = await post(me.token, body, key);
  assertStatus(retry, 201);
  assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  assert.deepEqual(retry.json, first.json);
  assert.deepEqual(retry.json.answer, ANSWERS['post-curriculum']);

  const changed = { answer: { ...ANSWERS['post-curriculum'], satisfactionLevel: '1' } };
  assert.equal(assertError(await post(me.token, changed, key), 422, 'invalid').message, 'この Idempotency-Key は別のリクエストで使われています');
  assert.equal(assertError(await post(me.token, body, {}), 409, 'conflict').message, 'このアンケートは回答済みです');
  for (const bad of ['with space', 'k'.repeat(256)])
    assertError(await post(me.token, body, { 'idempotency-key': bad }), 400, 'malformed');
  // Keys are per account: another graduate's answer under the same key is its own.
  const other = await createAndLogin({ role: 'graduate', course: 'rails_4m' });
  const theirs = await post(other.token, body, key);
  assertStatus(theirs, 201);
  assert.equal(theirs.headers.get('idempotent-replayed'), null);
  assert.equal(theirs.json.account_id, other.account.id);
});

test('an unknown field is ignored, reported, and not stored; hidden fields are dropped', async () => {
  const answer = { ...ANSWERS['pre-curriculum'], isEmployed: 'no', shoeSize: 27 };
  const checked = await api('POST', `${Q}/pre-curriculum/validation`, { token: other.token, json: { answer } });
  assertStatus(checked, 200);
  assert.deepEqual(checked.json.ignored_fields, ['shoeSize']);
  const created = await api('POST', `${Q}/pre-curriculum/answer`, { token: other.token, json: { answer } });
  assertStatus(created, 201);
  assert.equal(created.json.answer.shoeSize, undefined);
  assert.equal(created.json.answer.employmentStatus, undefined);
  assert.equal(created.json.answer.income, '4m_5m');
});

test('validation errors point at the field in Japanese', async () => {
  const answer = { ...ANSWERS['post-job-change'], annualSalary: '438万円', offerAcceptedOn: '2026-02-30', jobCategoryMedium: 'C1' };
  delete answer.prefecture;
  const f = fields(await api('POST', `${Q}/post-job-change/answer`, { token: graduate.token, json: { answer } }));
  assert.deepEqual(f.annualSalary, ['転職先での年収見込み（税込）は半角数字（整数）で入力してください']);
  assert.deepEqual(f.offerAcceptedOn, ['内定を承諾した日は正しい日付を入力してください']);
  assert.deepEqual(f.jobCategoryMedium, ['職種（中分類）の選択肢が正しくありません']);
  assert.deepEqual(f.prefecture, ['勤務地の都道府県を選択してください']);
});

test('bad input gets the documented errors, never a 500', async () => {
  const url = `${Q}/post-job-change/answer`;
  const token = graduate.token;
  const raw = (body, type = 'application/json') => api('POST', url, { token, body, headers: { 'content-type': type } });
  assertError(await raw('{"answer":'), 400, 'malformed');
  assertError(await raw('[1,2]'), 400, 'malformed');
  assertError(await raw('{"answer":"x"}'), 400, 'malformed');
  assertError(await raw(Buffer.from([0x7b, 0x22, 0x61, 0x6e, 0x73, 0x77, 0x65, 0x72, 0x22, 0x3a, 0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d, 0x7d])), 400, 'malformed');
  assertError(await raw(`{"answer":${'['.repeat(100)}${']'.repeat(100)}}`), 400, 'malformed');
  assertError(await raw(JSON.stringify({ answer: { address: 'x'.repeat(2 * 1024 * 1024) } })), 413, 'payload_too_large');
  assertError(await raw('{"answer":{}}', 'text/plain'), 415);
  assertError(await raw('{"answer":{"entryCount":1e400}}'), 400, 'malformed');  // beyond a double: not JSON we read
  const huge = `{"answer":{"entryCount":1.5,"offerCount":99999999999999999999999,"totalOfferCount":-9223372036854775809,`
    + `"jobStartOn":12,"prefecture":{"a":1},"qualifications":"x","monthlySalary":true}}`;
  const f = fields(await raw(huge));
  for (const key of ['entryCount', 'offerCount', 'totalOfferCount', 'jobStartOn', 'prefecture', 'monthlySalary'])
    assert.ok(f[key]?.length, `fields.${key}: ${JSON.stringify(f)}`);
  assertError(await api('GET', `${Q}/post-job-change/answers/9223372036854775807?reason=x`, { token: admin.token }), 404, 'not_found');
  assertError(await api('GET', `${Q}/post-job-change/export?format=pdf&reason=x`, { token: admin.token }), 422, 'invalid');
  assertError(await api('GET', `${Q}/post-job-change/export?format=csv&from=2026-13-01&reason=x`, { token: admin.token }), 422, 'invalid');
  assertError(await api('GET', `${Q}/post-job-change/export?format=csv&reason=%FF`, { token: admin.token }), 400, 'malformed');
  assertError(await api('GET', `${Q}/status?state=everyone`, { token: admin.token }), 422, 'invalid');
  assertError(await api('POST', `${Q}/reminders`, { token: admin.token, json: { reminder: { kind: 'pre-curriculum', account_ids: ['1'] } } }), 422, 'invalid');
  assertError(await api('POST', `${Q}/reminders`, { token: admin.token, json: { reminder: { kind: 'someday' } } }), 422, 'invalid');
});

test('nobody reads another student\'s answer: 404; admins read it with a reason, audited', async () => {
  const url = `${Q}/pre-curriculum/answers/${other.account.id}`;
  assertError(await api('GET', `${url}?reason=x`, { token: student.token }), 404, 'not_found');
  assertError(await api('GET', `${url}?reason=x`, { token: mentor.token }), 404, 'not_found');
  assertError(await api('GET', `${Q}/pre-curriculum/answer`, { token: mentor.token }), 404, 'not_found');
  assert.ok(fields(await api('GET', url, { token: admin.token })).reason.length);
  const read = await api('GET', `${url}?reason=${encodeURIComponent('事務局からの照会')}`, { token: admin.token });
  assertStatus(read, 200);
  assert.equal(read.json.answer.income, '4m_5m');
  const log = await api('GET', '/api/v1/audit_logs?per=5', { token: admin.token });
  assert.deepEqual(
    [log.json.data[0].action, log.json.data[0].subject, log.json.data[0].reason, log.json.data[0].actor_id],
    ['questionnaire.read', `pre-curriculum/${other.account.id}`, '事務局からの照会', admin.account.id],
  );
});

test('status shows who owes what; reminders are queued once a day', async () => {
  const owed = await api('GET', `${Q}/status?kind=post-job-change&state=owed&per=100&q=${encodeURIComponent(graduate.account.email)}`, { token: admin.token });
  assertStatus(owed, 200);
  assert.deepEqual(owed.json.data.map((r) => [r.account_id, r.state]), [[graduate.account.id, 'owed']]);
  const sent = await api('POST', `${Q}/reminders`, { token: admin.token, json: { reminder: { kind: 'post-job-change', account_ids: [graduate.account.id, student.account.id] } } });
  assert.deepEqual(sent.json, { queued: 1, skipped: 1 });
  const again = await api('POST', `${Q}/reminders`, { token: admin.token, json: { reminder: { kind: 'post-job-change', account_ids: [graduate.account.id] } } });
  assert.deepEqual(again.json, { queued: 0, skipped: 1 });
});

test('exports: CSV with a BOM, XLSX that openpyxl reads, each audited', async () => {
  const answer = ANSWERS['post-job-change'];
  assertStatus(await api('POST', `${Q}/post-job-change/answer`, { token: graduate.token, json: { answer } }), 201);
  const csv = await api('GET', `${Q}/post-job-change/export?format=csv&reason=${encodeURIComponent('月次報告')}`, { token: admin.token });
  assertStatus(csv, 200);
  assert.match(csv.headers.get('content-disposition'), /^attachment; filename="questionnaire-post-job-change-\d{8}\.csv"$/);
  assert.deepEqual([...csv.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.subarray(3).toString('utf8').split('\r\n');
  assert.ok(lines[0].startsWith('アカウントID,名前,メールアドレス,回答日時,応募した企業数,'));
  const row = lines.find((l) => l.startsWith(`${graduate.account.id},`));
  assert.ok(row.includes(',鈴木 健太,'), row);
  assert.ok(row.includes(',大阪府,30〜99人,正社員,いいえ,情報通信業,専門的・技術的職業,情報処理・通信技術者,ソフトウェア開発技術者（Webアプリケーション）,4380000,300000,245000'), row);

  const xlsx = await api('GET', `${Q}/post-job-change/export?format=xlsx&reason=${encodeURIComponent('月次報告')}`, { token: admin.token });
  assertStatus(xlsx, 200);
  const dir = mkdtempSync(join(tmpdir(), 'camp-xlsx-'));
  writeFileSync(join(dir, 'a.xlsx'), xlsx.bytes);
  const out = execFileSync('/usr/bin/python3', ['-c', [
    'import json,sys,openpyxl',
    'ws=openpyxl.load_workbook(sys.argv[1],read_only=True).active',
    'rows=[list(r) for r in ws.iter_rows(values_only=True)]',
    'print(json.dumps([rows[0]]+[r for r in rows if r[0]==int(sys.argv[2])],ensure_ascii=False))',
  ].join('\n'), join(dir, 'a.xlsx'), String(graduate.account.id)], { encoding: 'utf8' });
  const [header, mine] = JSON.parse(out);
  assert.deepEqual(header.slice(0, 5), ['アカウントID', '名前', 'メールアドレス', '回答日時', '応募した企業数']);
  assert.equal(mine[header.indexOf('転職先での年収見込み（税込）')], 4380000);
  assert.equal(mine[header.indexOf('勤務地の都道府県')], '大阪府');

  const log = await api('GET', '/api/v1/audit_logs?per=2', { token: admin.token });
  assert.deepEqual(log.json.data.map((e) => [e.action, e.subject, e.detail.format]),
    [['questionnaire.export', 'post-job-change', 'xlsx'], ['questionnaire.export', 'post-job-change', 'csv']]);
});
