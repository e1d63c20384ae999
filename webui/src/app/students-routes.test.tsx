// The students, dashboard and my-page screens inside the real route table, against the contract's answers: the student
// page (mentor change, mentoring 422), the list's URL → query, the dashboard's links, /mypage and
// the import's dry run → apply.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/auth-token';
import { clearErrorPage } from '../lib/feedback';
import { account, mockApi, type Handler } from '../test/api-mock';
import { mentorPerson, sampleDetail, sampleGantt, sampleMyPage, sampleStudent } from '../test/student-samples';
import { queryClient } from './query-client';
import { renderAt, site } from '../test/render-route';

// Lazy route chunks (MUI) take a while to transform on the first visit, longer on a busy machine.
const slow = { timeout: 20_000 };
const admin = account({ id: 1, role: 'admin', course: null });
const frame = (me = admin): Record<string, Handler> => ({
  'GET /api/v1/accounts/me': [200, me],
  'GET /api/v1/site': [200, site],
});
const mentors = [200, { data: [mentorPerson(3, '佐藤メンター'), mentorPerson(4, '鈴木メンター')] }] as [
  number,
  unknown,
];

afterEach(() => {
  queryClient.clear();
  clearErrorPage();
});

describe('/students/:id', { timeout: 60_000 }, () => {
  const detailRoutes = (overrides: Record<string, Handler> = {}) => ({
    ...frame(),
    'GET /api/v1/students/41': [200, sampleDetail()] as Handler,
    'GET /api/v1/mentors': mentors as Handler,
    'GET /api/v1/students/41/gantt': [200, sampleGantt()] as Handler,
    'GET /api/v1/students/41/mentorings': [200, { data: [] }] as Handler,
    'GET /api/v1/students/41/submissions': [200, { data: [] }] as Handler,
    'GET /api/v1/students/41/questions': [200, { data: [] }] as Handler,
    ...overrides,
  });

  it('shows the profile and the chart; an admin changes the mentor in charge', async () => {
    setToken('jwt');
    const api = mockApi(
      detailRoutes({
        'PATCH /api/v1/students/41/mentor': () => [200, { ...sampleDetail(), mentor: mentorPerson(4, '鈴木メンター') }],
      }),
    );
    renderAt('/students/41');
    expect(await screen.findByRole('heading', { level: 1, name: '山田 太郎' }, slow)).toBeInTheDocument();
    expect(screen.getByTestId('student-profile')).toHaveTextContent('Railsキャリアコース(4ヶ月)');
    const chart = await screen.findByTestId('gantt-chart');
    expect((await within(chart).findAllByTestId('gantt-row')).map((r) => r.getAttribute('data-behind'))).toEqual([
      'true',
      'false',
    ]);
    await userEvent.click(screen.getByTestId('mentor-select'));
    await userEvent.click(await screen.findByRole('option', { name: '鈴木メンター' }));
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(JSON.parse(api.requests.find((r) => r.method === 'PATCH')!.body!)).toEqual({ student: { mentor_id: 4 } });
  });

  it('puts the daemon 422 messages of a mentoring record under the fields', async () => {
    setToken('jwt');
    mockApi(
      detailRoutes({
        'POST /api/v1/students/41/mentorings': [
          422,
          {
            error: {
              status: 422,
              code: 'invalid',
              message: 'x',
              fields: { held_at: ['メンタリング日時が不正なフォーマットです'] },
              request_id: 'r',
            },
          },
        ],
      }),
    );
    renderAt('/students/41');
    const form = await screen.findByRole('form', { name: 'メンタリング記録フォーム' }, slow);
    fireEvent.input(within(form).getByLabelText('メンタリング日時'), { target: { value: '2026-11-20 19:00' } });
    fireEvent.input(within(form).getByLabelText('内容'), { target: { value: '面談' } });
    await userEvent.click(within(form).getByRole('button', { name: '追加する' }));
    expect(await within(form).findByText('メンタリング日時が不正なフォーマットです')).toBeInTheDocument();
  });

  it('a mentor sees the mentor in charge without the select', async () => {
    setToken('jwt');
    mockApi(detailRoutes(frame(account({ id: 3, role: 'advanced_mentor', course: null }))));
    renderAt('/students/41');
    expect(await screen.findByTestId('mentor-name', {}, slow)).toHaveTextContent('佐藤メンター');
    expect(screen.queryByRole('button', { name: '変更する' })).toBeNull();
  });
});

describe('/students', { timeout: 60_000 }, () => {
  it('sends the URL filters to the daemon and keeps a change in the URL', async () => {
    setToken('jwt');
    const api = mockApi({
      ...frame(),
      'GET /api/v1/mentors': mentors,
      'GET /api/v1/students': [200, { data: [sampleStudent()], meta: { page: 1, per: 20, total: 1 } }],
    });
    const router = renderAt('/students?behind=true&course=rails_4m');
    expect(await screen.findByTestId('student-row', {}, slow)).toHaveTextContent('山田 太郎');
    const sent = api.mock.calls
      .map(([input]) => String(input instanceof Request ? input.url : input))
      .filter((u) => u.includes('/api/v1/students?'));
    expect(sent.at(-1)).toContain('behind=true');
    expect(sent.at(-1)).toContain('course=rails_4m');
    await userEvent.click(screen.getByRole('button', { name: '氏名' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course=rails_4m&behind=true&sort=name&order=asc'));
  });
});

describe('/mypage and /dashboards', { timeout: 60_000 }, () => {
  it('a student sees the next task, progress and their chart', async () => {
    setToken('jwt');
    mockApi({
      ...frame(account()),
      'GET /api/v1/x_share_milestones': [200, { milestone_type: null }],
      'GET /api/v1/events/unread_count': [200, { unread_count: 0 }],
      'GET /api/v1/mypage': [200, sampleMyPage()],
    });
    renderAt('/mypage');
    expect(await screen.findByTestId('next-task', {}, slow)).toHaveTextContent('合格の期限: 8/16(日)遅れ');
    expect(screen.getByTestId('progress-list')).toHaveTextContent('2 / 4 課題合格');
    expect(screen.getByTestId('gantt-chart')).toBeInTheDocument();
  });

  it('the admin dashboard links each figure to its list', async () => {
    setToken('jwt');
    mockApi({
      ...frame(),
      'GET /api/v1/dashboard': [
        200,
        {
          today: '2026-11-25',
          active_by_course: [
            { course: sampleStudent().course, count: 12, link: '/students?status=active&course=rails_4m' },
          ],
          behind: { count: 3, by_course: [], link: '/students?behind=true' },
          waiting_submissions: { count: 0, oldest_created_at: null, buckets: [], link: '/reviews' },
          unanswered_questions: { count: 2, link: '/questions?unanswered=true' },
          upcoming_events: { count: 0, data: [], link: '/events' },
          new_students_this_month: { count: 5, link: '/students?started_from=2026-11-01&started_to=2026-11-30' },
          failed_mails: { count: 0, link: null },
        },
      ],
      'GET /api/v1/dashboard/trends': [
        200,
        {
          today: '2026-11-25',
          weeks: 12,
          data: [{ week_start: '2026-11-23', submissions: 3, reviews: 2, median_review_wait_hours: 5, behind: 3 }],
        },
      ],
    });
    renderAt('/dashboards');
    expect(await screen.findByRole('link', { name: '遅れている受講生 3名' }, slow)).toHaveAttribute(
      'href',
      '/students?behind=true',
    );
    expect(screen.getByRole('link', { name: '受講中の受講生 12名' })).toHaveAttribute(
      'href',
      '/students?status=active',
    );
    expect(screen.getByRole('link', { name: '未回答の質問 2件' })).toHaveAttribute(
      'href',
      '/questions?unanswered=true',
    );
    expect(await screen.findByRole('figure', { name: '提出とレビュー（件）' })).toBeInTheDocument();
  });
});

describe('/students/import', { timeout: 60_000 }, () => {
  const report = (dryRun: boolean) => ({
    dry_run: dryRun,
    applied: !dryRun,
    encoding: 'shift_jis',
    summary: { rows: 2, create: 1, update: 1, unchanged: 0, invalid: 0 },
    rows: [
      { line: 2, email: 'new@example.com', name: '新人 花子', action: 'create', changes: [] },
      { line: 3, email: 'taro@example.com', name: '山田 太郎', action: 'update', changes: ['course', 'mentor'] },
    ],
    errors: [],
  });

  it('shows the dry-run table, then applies the same file', async () => {
    setToken('jwt');
    let calls = 0;
    const api = mockApi({
      ...frame(),
      'POST /api/v1/student_imports': () => [200, report(++calls === 1)], // the dry run, then the real run
    });
    renderAt('/students/import');
    const input = await screen.findByTestId('import-file', {}, slow);
    fireEvent.change(input, { target: { files: [new File(['email,name\n'], 'students.csv', { type: 'text/csv' })] } });
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    const rows = await screen.findByTestId('import-rows');
    expect(rows).toHaveTextContent('コース、担当');
    expect(screen.getByTestId('import-report')).toHaveTextContent(
      '2行(Shift_JIS): 新規 1・更新 1・変更なし 0・エラー 0',
    );
    await userEvent.click(screen.getByRole('button', { name: '取り込む' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('受講生を取り込みました');
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['content-type'])).toEqual(['text/csv', 'text/csv']);
    expect(posts.map((r) => r.body)).toEqual(['email,name\n', 'email,name\n']);
    const urls = api.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.filter((u) => u.includes('student_imports')).map((u) => new URL(u).search)).toEqual([
      '?dry_run=true',
      '?dry_run=false',
    ]);
  });

  it('a 422 report lists the bad rows by line and offers nothing to apply', async () => {
    setToken('jwt');
    mockApi({
      ...frame(),
      'POST /api/v1/student_imports': [
        422,
        {
          error: { status: 422, code: 'invalid', message: '取り込めない行があります', request_id: 'r' },
          report: {
            ...report(true),
            summary: { ...report(true).summary, invalid: 1 },
            errors: [{ line: 5, field: 'email', column: 'メールアドレス', message: '不正なメールアドレスです' }],
          },
        },
      ],
    });
    renderAt('/students/import');
    const input = await screen.findByTestId('import-file', {}, slow);
    fireEvent.change(input, { target: { files: [new File(['x'], 'bad.csv', { type: 'text/csv' })] } });
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByTestId('import-errors')).toHaveTextContent('5メールアドレス不正なメールアドレスです');
    expect(screen.queryByRole('button', { name: '取り込む' })).toBeNull();
  });

  it('downloads the CSV template with the bearer token', async () => {
    setToken('jwt');
    const header = 'メールアドレス,氏名,コース,開始日,ステータス,担当メンター';
    const api = mockApi({ ...frame(), 'GET /api/v1/student_imports/template': [200, header] });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push(blob as Blob), 'blob:template'));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderAt('/students/import');
    await userEvent.click(await screen.findByRole('button', { name: 'CSVのひな形をダウンロード' }, slow));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('students-template.csv');
    expect(clicked[0]!.href).toBe('blob:template');
    const asked = api.requests.find((r) => r.path === '/api/v1/student_imports/template');
    expect(asked?.headers.authorization).toBe('Bearer jwt');
    expect(await saved[0]!.text()).toContain(header);
  });
});
