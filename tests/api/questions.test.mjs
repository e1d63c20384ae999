// The question box API: categories, questions, answers, solutions, search, cable reports.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, createAndLogin } from './lib/client.mjs';

let asker, other, mentor, admin, graduate, childCategory, parentCategory;

before(async () => {
  [asker, other, mentor, admin, graduate] = await Promise.all([
    createAndLogin({ role: 'student', course: 'rails_4m' }),
    createAndLogin({ role: 'student', course: 'u29' }),
    createAndLogin({ role: 'basic_mentor' }),
    createAndLogin({ role: 'admin' }),
    createAndLogin({ role: 'graduate', course: 'rails_4m' }),
  ]);
  const cats = await api('GET', '/api/v1/categories', { token: asker.token });
  parentCategory = cats.json.data.find((c) => c.lists.length > 1);
  childCategory = parentCategory.lists[0];
});

async function ask(who, question) {
  const res = await api('POST', '/api/v1/questions', { token: who.token, json: { question } });
  assertStatus(res, 201);
  return res.json;
}

test('categories come as the documented tree', async () => {
  const res = await api('GET', '/api/v1/categories', { token: asker.token });
  assertStatus(res, 200);
  assert.deepEqual(Object.keys(res.json), ['data']);
  for (const c of res.json.data) {
    assert.deepEqual(Object.keys(c).sort(), ['id', 'lists', 'name']);
    for (const l of c.lists) {
      assert.deepEqual(Object.keys(l).sort(), ['id', 'name', 'search_name']);
      assert.ok(l.search_name.length > 0);
    }
  }
  const names = res.json.data.map((c) => c.name);
  for (const expected of ['HTML/CSS', 'JavaScript', 'Ruby', 'Ruby on Rails', 'Git・GitHub']) assert.ok(names.includes(expected), expected);
  const env = res.json.data.find((c) => c.name === '環境構築');
  assert.equal(env.lists.find((l) => l.name === 'Mac').search_name, '環境構築 - Mac');
});

test('admins manage categories; others may not', async () => {
  const name = `API カテゴリー ${Date.now()}`;
  assertError(await api('POST', '/api/v1/categories', { token: mentor.token, json: { category: { name } } }), 403, 'forbidden');
  const created = await api('POST', '/api/v1/categories', { token: admin.token, json: { category: { name, parent_id: parentCategory.id } } });
  assertStatus(created, 201);
  assertError(await api('POST', '/api/v1/categories', { token: admin.token, json: { category: { name, parent_id: parentCategory.id } } }), 409, 'conflict');
  const blank = await api('POST', '/api/v1/categories', { token: admin.token, json: { category: { name: ' ' } } });
  assert.deepEqual(assertError(blank, 422, 'invalid').fields.name, ['カテゴリー名は必須です']);
  assertStatus(await api('PATCH', `/api/v1/categories/${created.json.id}`, { token: admin.token, json: { category: { name: `${name} 改` } } }), 200);
  const tree = await api('GET', '/api/v1/categories', { token: asker.token });
  const child = tree.json.data.find((c) => c.id === parentCategory.id).lists.find((l) => l.id === created.json.id);
  assert.equal(child.search_name, `${parentCategory.name} - ${name} 改`);
  assertStatus(await api('DELETE', `/api/v1/categories/${created.json.id}`, { token: admin.token }), 204);
  assertError(await api('DELETE', `/api/v1/categories/${childCategory.id}`, { token: admin.token }), 409, 'conflict');
});

test('asking validates with the specification messages', async () => {
  const res = await api('POST', '/api/v1/questions', { token: asker.token, json: { question: { title: '', body: 'x' } } });
  const e = assertError(res, 422, 'invalid');
  assert.deepEqual(e.fields.title, ['タイトルは必須です']);
  assert.deepEqual(e.fields.category_id, ['カテゴリーは必須です']);
  for (const title of ['\u3000\u3000', '\u00a0', ' \u2003\n\u3000']) {
    const spaces = await api('POST', '/api/v1/questions', { token: asker.token, json: { question: { category_id: childCategory.id, title, body: 'x' } } });
    assert.deepEqual(assertError(spaces, 422, 'invalid').fields.title, ['タイトルは必須です'], JSON.stringify(title));
  }
  assertError(await api('POST', '/api/v1/questions', { token: asker.token, json: { title: 'x' } }), 400, 'malformed');
  assertError(await api('POST', '/api/v1/questions', { token: asker.token, json: { question: { category_id: 'x', title: 't' } } }), 422, 'invalid');
  const tooLong = await api('POST', '/api/v1/questions', { token: asker.token, json: { question: { category_id: childCategory.id, title: 'あ'.repeat(201) } } });
  assertError(tooLong, 422, 'invalid');
  // The title is the subject of the asker's reminder mail: one line.
  const twoLines = await api('POST', '/api/v1/questions', { token: asker.token, json: { question: { category_id: childCategory.id, title: 'エラー\nBcc: x@example.com' } } });
  assert.deepEqual(assertError(twoLines, 422, 'invalid').fields.title, ['タイトルに改行や制御文字は使用できません']);
});

test('a question and its answers, end to end', async () => {
  const q = await ask(asker, { category_id: childCategory.id, title: 'API: undefined method エラー', body: '## 実現したいこと\n表示したい' });
  assert.equal(q.status, 'unsolved');
  assert.equal(q.account.id, asker.account.id);
  assert.ok(!('email' in q.account));
  assert.equal(q.category.id, childCategory.id);

  const answer = await api('POST', `/api/v1/questions/${q.id}/answers`, { token: other.token, json: { answer: { body: 'nil を確認しましょう' } } });
  assertStatus(answer, 201);
  assertError(await api('POST', `/api/v1/questions/${q.id}/answers`, { token: other.token, json: { answer: { body: '   ' } } }), 422, 'invalid');
  for (const body of ['\u3000\u3000', '\u00a0', ' \u2003\n\u3000']) {
    const spaces = await api('POST', `/api/v1/questions/${q.id}/answers`, { token: other.token, json: { answer: { body } } });
    assert.deepEqual(assertError(spaces, 422, 'invalid').fields.body, ['回答は必須です'], JSON.stringify(body));
  }

  const shown = await api('GET', `/api/v1/questions/${q.id}`, { token: mentor.token });
  assertStatus(shown, 200);
  assert.equal(shown.json.answers_count, 1);
  assert.equal(shown.json.answers[0].body, 'nil を確認しましょう');

  // Only the asker, mentors and admins choose the solution.
  assertError(await api('PUT', `/api/v1/questions/${q.id}/solution`, { token: other.token, json: { answer_id: answer.json.id } }), 403, 'forbidden');
  const solved = await api('PUT', `/api/v1/questions/${q.id}/solution`, { token: asker.token, json: { answer_id: answer.json.id } });
  assertStatus(solved, 200);
  assert.equal(solved.json.status, 'solved');
  assertError(await api('PUT', `/api/v1/questions/${q.id}/solution`, { token: asker.token, json: { answer_id: 999999999 } }), 422, 'invalid');
  const unsolved = await api('DELETE', `/api/v1/questions/${q.id}/solution`, { token: mentor.token });
  assert.equal(unsolved.json.status, 'unsolved');

  // Authors edit and delete their own; a student cannot touch another's.
  assertError(await api('PATCH', `/api/v1/questions/${q.id}`, { token: other.token, json: { question: { title: '乗っ取り' } } }), 403, 'forbidden');
  assertError(await api('PATCH', `/api/v1/answers/${answer.json.id}`, { token: asker.token, json: { answer: { body: '書き換え' } } }), 403, 'forbidden');
  assertStatus(await api('PATCH', `/api/v1/answers/${answer.json.id}`, { token: other.token, json: { answer: { body: '追記しました' } } }), 200);
  const edited = await api('PATCH', `/api/v1/questions/${q.id}`, { token: asker.token, json: { question: { title: 'API: 解決済みの質問' } } });
  assert.equal(edited.json.title, 'API: 解決済みの質問');
  assertError(await api('DELETE', `/api/v1/answers/${answer.json.id}`, { token: asker.token }), 403, 'forbidden');
  assertStatus(await api('DELETE', `/api/v1/answers/${answer.json.id}`, { token: other.token }), 204);
  assertError(await api('DELETE', `/api/v1/questions/${q.id}`, { token: other.token }), 403, 'forbidden');
  assertStatus(await api('DELETE', `/api/v1/questions/${q.id}`, { token: asker.token }), 204);
  assertError(await api('GET', `/api/v1/questions/${q.id}`, { token: asker.token }), 404, 'not_found');
});

test('only admins and mentors pick questions up, and pick-ups come first', async () => {
  const tag = `ピックアップ${Date.now()}`;
  const older = await ask(asker, { category_id: childCategory.id, title: `${tag} 古い`, body: '' });
  await ask(asker, { category_id: childCategory.id, title: `${tag} 新しい`, body: '' });
  assertError(await api('PATCH', `/api/v1/questions/${older.id}`, { token: asker.token, json: { question: { is_pick_up: true } } }), 403, 'forbidden');
  assertStatus(await api('PATCH', `/api/v1/questions/${older.id}`, { token: mentor.token, json: { question: { is_pick_up: true } } }), 200);
  const list = await api('GET', `/api/v1/questions?keywords=${encodeURIComponent(tag)}`, { token: other.token });
  assert.deepEqual(list.json.data.map((q) => q.title), [`${tag} 古い`, `${tag} 新しい`]);
  assert.equal(list.json.data[0].is_pick_up, true);
});

test('search: Japanese fragments, several keywords, category and status filters, paging', async () => {
  const tag = `検索${Date.now().toString(36)}`;
  await ask(asker, { category_id: childCategory.id, title: `${tag} マイグレーションが失敗する`, body: 'PG::UndefinedTable が出ます' });
  await ask(asker, { category_id: parentCategory.lists[1].id, title: `${tag} ルーティングの書き方`, body: 'resources の使い方' });
  const search = async (query) => {
    const res = await api('GET', `/api/v1/questions?${query}`, { token: other.token });
    assertStatus(res, 200);
    return res.json;
  };
  const titles = async (query) => (await search(query)).data.map((q) => q.title.replace(`${tag} `, ''));
  const kw = (s) => `keywords=${encodeURIComponent(`${tag} ${s}`)}`;
  assert.deepEqual(await titles(kw('グレ')), ['マイグレーションが失敗する']);
  assert.deepEqual(await titles(kw('undefinedtable')), ['マイグレーションが失敗する']);
  assert.deepEqual(await titles(`keywords=${encodeURIComponent(`${tag}　使い`)}`), ['ルーティングの書き方']);
  assert.deepEqual(await titles(kw('グレ 使い')), []);
  assert.equal((await titles(`keywords=${tag}`)).length, 2);
  assert.deepEqual(await titles(`keywords=${tag}&category_id=${childCategory.id}`), ['マイグレーションが失敗する']);
  assert.equal((await titles(`keywords=${tag}&category_id=${parentCategory.id}`)).length, 2);
  assert.equal((await titles(`keywords=${tag}&status=solved`)).length, 0);
  const page = await search(`keywords=${tag}&per=1&page=2`);
  assert.deepEqual(page.meta, { page: 2, per: 1, total: 2, total_capped: false });
  assert.equal(page.data.length, 1);
  // Paging out of range is a malformed request (400, naming the field: bad-input.test.mjs).
  assertError(await api('GET', '/api/v1/questions?per=1000', { token: other.token }), 400, 'malformed');
  assertError(await api('GET', '/api/v1/questions?page=abc', { token: other.token }), 400, 'malformed');
  assertError(await api('GET', '/api/v1/questions?status=maybe', { token: other.token }), 422, 'invalid');
});

test('the front pages show every write on the next request (the daemon caches them)', async () => {
  const front = async (query = '') => {
    const res = await api('GET', `/api/v1/questions${query}`, { token: other.token });
    assertStatus(res, 200);
    return res.json.data;
  };
  const inCategory = `?category_id=${childCategory.id}`;
  const find = async (id, query = inCategory) => (await front(query)).find((q) => q.id === id);
  const q = await ask(asker, { category_id: childCategory.id, title: `キャッシュ${Date.now()}`, body: '' });
  assert.equal((await find(q.id)).answers_count, 0);
  assert.equal((await find(q.id)).answers_count, 0); // now from the cache
  assert.ok(await find(q.id, ''));

  const answer = await api('POST', `/api/v1/questions/${q.id}/answers`, { token: mentor.token, json: { answer: { body: '回答' } } });
  assertStatus(answer, 201);
  assert.equal((await find(q.id)).answers_count, 1);
  assertStatus(await api('PATCH', `/api/v1/questions/${q.id}`, { token: asker.token, json: { question: { title: `${q.title} 改` } } }), 200);
  assert.equal((await find(q.id)).title, `${q.title} 改`);
  assertStatus(await api('PUT', `/api/v1/questions/${q.id}/solution`, { token: asker.token, json: { answer_id: answer.json.id } }), 200);
  assert.equal((await find(q.id)).status, 'solved');
  assert.ok(await find(q.id, `${inCategory}&status=solved`));
  assertStatus(await api('DELETE', `/api/v1/answers/${answer.json.id}`, { token: mentor.token }), 204);
  const after = await find(q.id);
  assert.equal(after.answers_count, 0);
  assert.equal(after.status, 'unsolved');
  assertStatus(await api('DELETE', `/api/v1/questions/${q.id}`, { token: asker.token }), 204);
  assert.equal(await find(q.id), undefined);
  assert.equal(await find(q.id, ''), undefined);
});

test('graduates have no question box', async () => {
  assertError(await api('GET', '/api/v1/questions', { token: graduate.token }), 403, 'forbidden');
  assertError(await api('GET', '/api/v1/categories', { token: graduate.token }), 403, 'forbidden');
  assertError(await api('POST', '/api/v1/questions', { token: graduate.token, json: { question: { category_id: childCategory.id, title: 't' } } }), 403, 'forbidden');
});

test('the web app reports cable trouble', async () => {
  assertStatus(await api('POST', '/api/v1/questions/action_cable_logger', { token: asker.token, json: { id: 1, error: 'failed first connection' } }), 204);
  assertError(await api('POST', '/api/v1/questions/action_cable_logger', { token: asker.token, json: { id: 1 } }), 422, 'invalid');
  assertError(await api('POST', '/api/v1/questions/action_cable_logger', { json: { id: 1, error: 'x' } }), 401, 'unauthenticated');
});

test('parallel PATCHes by the author and a mentor both land (no lost update)', async () => {
  const q = await ask(asker, { category_id: childCategory.id, title: '同時編集 0', body: '本文' });
  for (let round = 1; round <= 10; round++) {
    const pick = round % 2 === 1;
    const [byAuthor, byMentor] = await Promise.all([
      api('PATCH', `/api/v1/questions/${q.id}`, { token: asker.token, json: { question: { title: `同時編集 ${round}` } } }),
      api('PATCH', `/api/v1/questions/${q.id}`, { token: mentor.token, json: { question: { is_pick_up: pick } } }),
    ]);
    assertStatus(byAuthor, 200);
    assertStatus(byMentor, 200);
    const now = await api('GET', `/api/v1/questions/${q.id}`, { token: asker.token });
    assert.equal(now.json.title, `同時編集 ${round}`, `round ${round}`);
    assert.equal(now.json.is_pick_up, pick, `round ${round}`);
    assert.equal(now.json.body, '本文');
  }
});

test('an answer racing the deletion of its question gets 201 or 404, never 500', async () => {
  for (let round = 0; round < 10; round++) {
    const q = await ask(asker, { category_id: childCategory.id, title: `消える質問 ${round}`, body: '' });
    const [removed, answered] = await Promise.all([
      api('DELETE', `/api/v1/questions/${q.id}`, { token: asker.token }),
      api('POST', `/api/v1/questions/${q.id}/answers`, { token: mentor.token, json: { answer: { body: '回答です' } } }),
    ]);
    assertStatus(removed, 204);
    assert.ok([201, 404].includes(answered.status), `round ${round}: ${answered.status} ${answered.text}`);
    if (answered.status === 404) assertError(answered, 404);
    assertStatus(await api('GET', `/api/v1/questions/${q.id}`, { token: asker.token }), 404);
  }
});
