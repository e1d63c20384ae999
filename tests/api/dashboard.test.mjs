// The admin dashboard: every figure's link opens a list of exactly that many (each link is
// followed the way its web page reads it, and the list's total compared with the figure), the
// weekly trends, and bad input for both.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, assertStatus, createAndLogin } from './lib/client.mjs';
import { TASKS, importTestCurriculum } from './lib/curriculum.mjs';

let admin, mentor, student;

before(async () => {
  importTestCurriculum();
  admin = await createAndLogin({ role: 'admin' });
  mentor = await createAndLogin({ role: 'advanced_mentor' });
  student = await createAndLogin({ role: 'student', course: 'rails_4m' });
  // Something in every bucket the demo leaves empty: work submitted now, a question nobody answered.
  const submitted = await api('POST', `/api/v1/tasks/${TASKS.firstPage}/submissions`, {
    token: student.token,
    json: { submission: { repository_url: 'https://github.com/dashboard/first-page' } },
  });
  assertStatus(submitted, 201);
  const categories = await api('GET', '/api/v1/categories', { token: student.token });
  const category = categories.json.data.find((c) => c.lists.length > 0).lists[0];
  const asked = await api('POST', '/api/v1/questions', {
    token: student.token,
    json: { question: { category_id: category.id, title: 'ダッシュボードの未回答の質問', body: 'まだ誰も答えていません' } },
  });
  assertStatus(asked, 201);
});

const dashboard = async () => {
  const res = await api('GET', '/api/v1/dashboard', { token: admin.token });
  assertStatus(res, 200);
  return res.json;
};

// The API request each web page makes for its URL (the pages' own parsers: the student list
// uses the daemon's names; the review queue's age and age_below are older_than_days and
// newer_than_days, waiting unless it says otherwise; the question list's unanswered; /events
// opens the 今後 tab).
function listRequest(link) {
  const url = new URL(link, 'http://web');
  const q = url.searchParams;
  const to = (path, params) => `${path}?${new URLSearchParams({ ...params, per: '1' })}`;
  switch (url.pathname) {
    case '/students':
      return to('/api/v1/students', Object.fromEntries(q));
    case '/reviews': {
      const params = { status: q.get('status') ?? 'waiting' };
      if (q.has('age')) params.older_than_days = q.get('age');
      if (q.has('age_below')) params.newer_than_days = q.get('age_below');
      assert.deepEqual([...q.keys()].filter((k) => !['status', 'age', 'age_below'].includes(k)), [], link);
      return to('/api/v1/submissions', params);
    }
    case '/questions':
      assert.deepEqual([...q.keys()], ['unanswered'], link);
      return to('/api/v1/questions', { unanswered: q.get('unanswered') });
    case '/events':
      assert.equal(url.search, '', link);
      return to('/api/v1/events', { scope: 'upcoming' });
    default:
      assert.fail(`no list for ${link}`);
  }
}

async function listTotal(link) {
  const res = await api('GET', listRequest(link), { token: admin.token });
  assertStatus(res, 200);
  assert.notEqual(res.json.meta.total_capped, true, link);
  return res.json.meta.total;
}

// Other test files write while this one reads (a submission, a student), so a dashboard figure
// and what should equal it are compared when the figure read just before and just after agree; a
// figure that moved is read again, and after five moving reads the other must lie between the two.
async function assertFigureAgrees(figure, read, label) {
  for (let attempt = 1; ; attempt++) {
    const before = figure(await dashboard());
    const other = await read();
    const after = figure(await dashboard());
    if (before === after) return assert.equal(other, before, `${label}: ${other}, the dashboard ${before}`);
    if (attempt === 5) {
      assert.ok(Math.min(before, after) <= other && other <= Math.max(before, after), `${label}: ${other}`);
      return;
    }
  }
}

async function assertLinkCounts(figure, link) {
  assert.equal(typeof link, 'string');
  await assertFigureAgrees(figure, () => listTotal(link), link);
}

const byLink = (list, link) => (d) => list(d).find((x) => x.link === link).count;

test('受講中の受講生: each course and the total open lists of that many', async () => {
  const d = await dashboard();
  assert.equal(d.active_by_course.length, 3);
  for (const c of d.active_by_course) await assertLinkCounts(byLink((x) => x.active_by_course, c.link), c.link);
  // The card's number links to every active student (the web app adds the courses up).
  await assertLinkCounts((x) => x.active_by_course.reduce((sum, c) => sum + c.count, 0), '/students?status=active');
});

test('遅れている受講生: the total and each course', async () => {
  const d = await dashboard();
  await assertLinkCounts((x) => x.behind.count, d.behind.link);
  for (const c of d.behind.by_course) await assertLinkCounts(byLink((x) => x.behind.by_course, c.link), c.link);
  assert.equal(d.behind.by_course.reduce((sum, c) => sum + c.count, 0), d.behind.count);
});

test('レビュー待ちの提出: the total and each waiting-age bucket', async () => {
  const d = await dashboard();
  const w = d.waiting_submissions;
  await assertLinkCounts((x) => x.waiting_submissions.count, w.link);
  assert.deepEqual(
    w.buckets.map((b) => [b.key, b.from_days, b.below_days, b.link]),
    [
      ['within_1_day', 0, 1, '/reviews?age_below=1'],
      ['within_3_days', 1, 3, '/reviews?age=1&age_below=3'],
      ['within_7_days', 3, 7, '/reviews?age=3&age_below=7'],
      ['over_7_days', 7, null, '/reviews?age=7'],
    ],
  );
  for (const b of w.buckets) await assertLinkCounts(byLink((x) => x.waiting_submissions.buckets, b.link), b.link);
  assert.equal(w.buckets.reduce((sum, b) => sum + b.count, 0), w.count);
  assert.ok(w.buckets[0].count >= 1, 'the submission made now');
});

test('未回答の質問: questions without any answer, not every unsolved one', async () => {
  const d = await dashboard();
  assert.equal(d.unanswered_questions.link, '/questions?unanswered=true');
  await assertLinkCounts((x) => x.unanswered_questions.count, d.unanswered_questions.link);
  assert.ok(d.unanswered_questions.count >= 1);
  const unsolved = await api('GET', '/api/v1/questions?status=unsolved&per=1', { token: admin.token });
  assert.ok(unsolved.json.meta.total >= d.unanswered_questions.count);
});

test('今後のイベント: the event list’s 今後 tab, cancelled and running events included', async () => {
  const d = await dashboard();
  await assertLinkCounts((x) => x.upcoming_events.count, d.upcoming_events.link);
  const list = await api('GET', '/api/v1/events?scope=upcoming&per=5', { token: admin.token });
  assert.deepEqual(
    d.upcoming_events.data.map((e) => [e.id, e.cancelled]),
    list.json.data.map((e) => [e.id, e.status === 'cancelled']),
  );
});

test('今月の新しい受講生 and 送信に失敗したメール', async () => {
  const d = await dashboard();
  await assertLinkCounts((x) => x.new_students_this_month.count, d.new_students_this_month.link);
  assert.ok(d.new_students_this_month.count >= 1, 'the students made by these tests started today');
  assert.equal(d.failed_mails.link, null);
});

test('the list filters the figures need reject bad values', async () => {
  for (const q of ['newer_than_days=-1', 'newer_than_days=abc', 'newer_than_days=1.5', 'newer_than_days=36501',
    'older_than_days=36501', 'newer_than_days=99999999999999999999']) {
    const e = assertError(await api('GET', `/api/v1/submissions?${q}`, { token: admin.token }), 422, 'invalid');
    assert.ok(Object.keys(e.fields).length === 1, q);
  }
  assertStatus(await api('GET', '/api/v1/submissions?older_than_days=36500&newer_than_days=36500', { token: admin.token }), 200);
  for (const q of ['unanswered=yes', 'unanswered=1', 'unanswered=TRUE', 'unanswered=%FF'])
    assertError(await api('GET', `/api/v1/questions?${q}`, { token: admin.token }), 400, 'malformed');
  assertStatus(await api('GET', '/api/v1/questions?unanswered=false', { token: admin.token }), 200);
});

test('weekly trends: school weeks from Monday, this week last; its behind is the dashboard’s', async () => {
  const res = await api('GET', '/api/v1/dashboard/trends', { token: admin.token });
  assertStatus(res, 200);
  const t = res.json;
  assert.equal(t.weeks, 12);
  assert.equal(t.data.length, 12);
  for (const [i, w] of t.data.entries()) {
    assert.equal(new Date(`${w.week_start}T00:00:00Z`).getUTCDay(), 1, `${w.week_start} is a Monday`);
    if (i > 0) assert.equal(Date.parse(w.week_start) - Date.parse(t.data[i - 1].week_start), 7 * 86400000);
    assert.ok(w.submissions >= 0 && w.reviews >= 0 && w.behind >= 0);
    assert.ok(w.median_review_wait_hours === null ? w.reviews === 0 : w.reviews > 0 && w.median_review_wait_hours >= 0);
  }
  const last = t.data.at(-1);
  assert.ok(last.week_start <= t.today && t.today < new Date(Date.parse(last.week_start) + 7 * 86400000).toISOString().slice(0, 10));
  assert.ok(last.submissions >= 1, 'the submission made now');
  const thisWeek = async () => (await api('GET', '/api/v1/dashboard/trends?weeks=1', { token: admin.token })).json.data[0];
  await assertFigureAgrees((x) => x.behind.count, async () => (await thisWeek()).behind, 'this week’s behind');
  // The demo school is not flat: submissions and reviews in several weeks.
  assert.ok(t.data.filter((w) => w.submissions > 0).length >= 3);
  assert.ok(t.data.filter((w) => w.reviews > 0).length >= 3);
  assert.equal((await api('GET', '/api/v1/dashboard/trends?weeks=1', { token: admin.token })).json.data.length, 1);
  const year = await api('GET', '/api/v1/dashboard/trends?weeks=52', { token: admin.token });
  assert.equal(year.json.data.length, 52);
  assert.equal(year.json.data.at(-1).week_start, last.week_start);
  assert.deepEqual(year.json.data.at(-2), t.data.at(-2), 'a past week reads the same from either request');
});

test('weekly trends: bad input is a 400 naming weeks; only admins, asked before the query', async () => {
  for (const q of ['weeks=0', 'weeks=-1', 'weeks=53', 'weeks=99999999999999999999', 'weeks=abc', 'weeks=1.5',
    'weeks=%2B5', 'weeks=1e1', 'weeks=%00', 'weeks=%EF%BC%91']) {
    const res = await api('GET', `/api/v1/dashboard/trends?${q}`, { token: admin.token });
    const e = assertError(res, 400, 'malformed');
    if (!q.includes('%00')) assert.deepEqual(e.fields, { weeks: ['1から52までの整数を指定してください'] }, q);
  }
  assertStatus(await api('GET', '/api/v1/dashboard/trends?weeks=', { token: admin.token }), 200);
  for (const who of [mentor, student]) {
    assertError(await api('GET', '/api/v1/dashboard/trends', { token: who.token }), 404, 'not_found');
    assertError(await api('GET', '/api/v1/dashboard/trends?weeks=abc', { token: who.token }), 404, 'not_found');
  }
  assertError(await api('GET', '/api/v1/dashboard/trends'), 401, 'unauthenticated');
  assertError(await api('POST', '/api/v1/dashboard/trends', { token: admin.token, json: {} }), 405);
});
