// The events screens inside the real route table: guards, the unread badge falling to 0 when
// /events opens, joining, and the admin's form → preview → publish.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/auth-token';
import { clearErrorPage } from '../lib/feedback';
import type { EventItem } from '../lib/api-types';
import { account, mockApi } from '../test/api-mock';
import { eventDraftStore, resetEventDraft } from '../features/events/event-draft';
import { sampleEvent } from '../features/events/test-fixtures';
import { sampleMyPage } from '../test/student-samples';
import { queryClient } from './query-client';
import { renderAt, site } from '../test/render-route';

const page = (data: EventItem[]) =>
  [200, { data, meta: { page: 1, per: 20, total: data.length } }] as [number, unknown];
const tags = [
  200,
  {
    data: [
      { id: 1, name: '勉強会' },
      { id: 2, name: 'もくもく会' },
    ],
  },
] as [number, unknown];

// Lazy route chunks (MUI) take a while to transform on the first visit.
const slow = { timeout: 8000 };

afterEach(() => {
  queryClient.clear();
  clearErrorPage();
  resetEventDraft();
});

describe('/events for a student', { timeout: 30_000 }, () => {
  it('shows the badge, and opening the list brings it to 0; joining turns the button into a cancel', async () => {
    setToken('jwt');
    let unread = 2;
    let event = sampleEvent();
    const api = mockApi({
      'GET /api/v1/accounts/me': [200, account()],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/x_share_milestones': [200, { milestone_type: null }],
      'GET /api/v1/events/unread_count': () => [200, { unread_count: unread }],
      'GET /api/v1/mypage': [200, sampleMyPage()],
      'GET /api/v1/events': () => {
        unread = 0; // the daemon marks the listed events seen
        return page([event]);
      },
      'GET /api/v1/calendar_feed': [200, { url: 'https://camp.example.com/calendar/abc.ics' }],
      'POST /api/v1/events/12/participation': () => {
        event = {
          ...event,
          participants_count: 13,
          my_participation: 'participant',
          meeting_url: 'https://meet.example.com/x',
        };
        return [201, { event }];
      },
    });
    renderAt('/mypage');
    expect(await screen.findByTestId('nav-badge-events', {}, slow)).toHaveTextContent('2');

    await userEvent.click(within(screen.getByTestId('side-drawer')).getByRole('link', { name: /イベント/ }));
    const card = await screen.findByTestId('event-card', {}, slow);
    expect(within(card).getByText('Rails もくもく会')).toBeInTheDocument();
    expect(within(card).getByTestId('event-schedule')).toHaveTextContent('2099年12月5日(土) 19:00〜21:00');
    expect(within(card).getByTestId('event-capacity')).toHaveTextContent('定員 20名 / 参加 12名');
    await waitFor(() => expect(screen.queryByTestId('nav-badge-events')).toBeNull());
    // The feed box is folded: its secret URL is fetched when opened; then it can be copied.
    expect(api.requests.some((r) => r.path === '/api/v1/calendar_feed')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'カレンダー購読URL' }));
    await waitFor(() =>
      expect(screen.getByTestId('calendar-feed-url')).toHaveValue('https://camp.example.com/calendar/abc.ics'),
    );
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(screen.getByRole('button', { name: 'コピー' }));
    expect(writeText).toHaveBeenCalledWith('https://camp.example.com/calendar/abc.ics');
    expect(await screen.findByText('カレンダー購読URLをコピーしました')).toBeInTheDocument();
    expect(within(card).queryByTestId('event-meeting-url')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: '参加する' }));
    expect(await within(card).findByRole('button', { name: '参加を取り消す' })).toBeInTheDocument();
    expect(within(card).getByTestId('event-meeting-url')).toHaveTextContent('https://meet.example.com/x');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows the waitlist position', async () => {
    setToken('jwt');
    mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'graduate', course: null })],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/events/unread_count': [200, { unread_count: 0 }],
      'GET /api/v1/events': page([
        sampleEvent({
          participants_count: 20,
          waitlist_count: 3,
          my_participation: 'waitlisted',
          waitlist_position: 3,
        }),
      ]),
      'GET /api/v1/calendar_feed': [200, { url: 'https://camp.example.com/calendar/abc.ics' }],
      'GET /api/v1/questionnaires': [
        200,
        {
          data: [
            {
              kind: 'post-curriculum',
              title: '受講後アンケート',
              state: 'answered',
              submitted_at: '2026-05-01T10:00:00+09:00',
            },
            { kind: 'post-job-change', title: '転職後アンケート', state: 'owed', submitted_at: null },
            { kind: 'follow-up', title: 'フォローアップアンケート', state: 'not_yet', submitted_at: null },
          ],
        },
      ],
    });
    renderAt('/events');
    const card = await screen.findByTestId('event-card', {}, slow);
    expect(within(card).getByText('キャンセル待ち 3番目')).toBeInTheDocument();
    // A graduate's only page: the questionnaires they owe are linked here, nothing else.
    const tasks = await screen.findByTestId('questionnaire-tasks');
    expect(within(tasks).getByRole('link', { name: '転職後アンケートに回答する' })).toHaveAttribute(
      'href',
      '/subsidy/questionnaire/post-job-change-questionnaire',
    );
    expect(within(tasks).getAllByRole('listitem')).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'キャンセル待ちを取り消す' })).toBeInTheDocument();
  });

  it.each([
    ['a U29 student', account({ course: { code: 'u29', name: 'Railsキャリアコース（U29）', months: 4 } })],
    ['a mentor', account({ role: 'basic_mentor', course: null })],
    ['a trial account', account({ role: 'trial', course: null })],
  ])('is a 404 for %s, who never asks for the unread count', async (_, who) => {
    setToken('jwt');
    const api = mockApi({
      'GET /api/v1/accounts/me': [200, who],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/x_share_milestones': [200, { milestone_type: null }],
    });
    renderAt('/events');
    expect(await screen.findByText('This page could not be found', {}, slow)).toBeInTheDocument();
    expect(api.requests.some((r) => r.path.startsWith('/api/v1/events'))).toBe(false);
  });
});

describe('authoring (admin)', { timeout: 30_000 }, () => {
  it('shows the validation messages, previews the draft, publishes it and resets the draft', async () => {
    setToken('jwt');
    const created = sampleEvent({ id: 31, status: 'draft', participants_count: 0 });
    const api = mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'admin', course: null })],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/event_tags': tags,
      'POST /api/v1/events': [201, created],
      'POST /api/v1/events/31/publish': [200, { ...created, status: 'published' }],
      'GET /api/v1/events/publish_audience': [200, { mail_recipients: 128 }],
      'GET /api/v1/events': page([]),
    });
    const router = renderAt('/events/new');
    await userEvent.click(await screen.findByRole('button', { name: '確認画面へ' }, slow));
    for (const message of [
      'タイトルは必須です',
      '定員は必須です',
      '開催日は必須です',
      '開始時刻は必須です',
      '終了時刻は必須です',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(document.querySelector('[data-layout="event-form"]')).not.toBeNull();

    const type = (label: string, value: string) =>
      fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
    type('定員', '２０');
    expect(await screen.findByText('半角数字のみ入力してください')).toBeInTheDocument();
    type('タイトル', '  Rails もくもく会 ');
    type('定員', '20');
    fireEvent.change(screen.getByLabelText('タグ'), { target: { value: '2' } });
    type('開催日', '2099-12-05');
    type('開始時刻', '19:00');
    type('終了時刻', '21:00');
    type('ミーティングURL', 'https://meet.example.com/abc');
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));

    const preview = await screen.findByTestId('event-card', {}, slow);
    expect(router.state.location.pathname).toBe('/events/confirm');
    expect(within(preview).getByText('Rails もくもく会')).toBeInTheDocument();
    expect(within(preview).getByText('もくもく会')).toBeInTheDocument();
    expect(within(preview).getByTestId('event-schedule')).toHaveTextContent('2099年12月5日(土) 19:00〜21:00');

    await userEvent.click(screen.getByRole('button', { name: '編集に戻る' }));
    expect(await screen.findByLabelText('タイトル', { exact: false })).toHaveValue('Rails もくもく会');
    expect(screen.getByLabelText('タグ')).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    // Publishing asks first, naming how many people will be mailed; キャンセル writes nothing.
    await userEvent.click(await screen.findByRole('button', { name: '公開する' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('公開すると128名にお知らせのメールが届きます。公開しますか？');
    await userEvent.click(within(ask).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '公開する' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '公開する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'), slow);
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/events');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      event: {
        title: 'Rails もくもく会',
        tag_id: 2,
        image_url: null,
        description: '',
        capacity: 20,
        start_date: '2099-12-05',
        start_at: '19:00',
        end_at: '21:00',
        meeting_url: 'https://meet.example.com/abc',
      },
    });
    expect(api.requests.some((r) => r.path === '/api/v1/events/31/publish')).toBe(true);
    expect(eventDraftStore.get()).toMatchObject({ isEventContentValid: false, title: '', tagId: 1, eventId: null });
  });

  it('edits an event with participants: the capacity may not go below them', async () => {
    setToken('jwt');
    mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'admin', course: null })],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/event_tags': tags,
      'GET /api/v1/events/12': [200, sampleEvent({ participants_count: 12 })],
    });
    renderAt('/events/12/edit');
    const capacity = await screen.findByLabelText('定員', { exact: false }, slow);
    expect(capacity).toHaveValue('20');
    fireEvent.input(capacity, { target: { value: '11' } });
    fireEvent.blur(capacity);
    expect(await screen.findByText('12名(現在の参加人数)以上で設定してください')).toBeInTheDocument();
  });

  it('a published event is saved, never offered 公開する, and the list opens on its own tab', async () => {
    setToken('jwt');
    const stored = sampleEvent({ id: 12, participants_count: 3 });
    const api = mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'admin', course: null })],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/event_tags': tags,
      'GET /api/v1/events/12': [200, stored],
      'PATCH /api/v1/events/12': [200, { ...stored, title: 'Rails もくもく会 (拡大版)' }],
      'GET /api/v1/events': page([]),
    });
    const router = renderAt('/events/12/edit');
    const title = await screen.findByLabelText('タイトル', { exact: false }, slow);
    fireEvent.input(title, { target: { value: 'Rails もくもく会 (拡大版)' } });
    await userEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    await screen.findByTestId('event-card', {}, slow);
    expect(screen.queryByRole('button', { name: '公開する' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'), slow);
    expect(router.state.location.search).toBe(''); // the upcoming tab, where it is listed
    expect(api.requests.some((r) => r.path.endsWith('/publish') || r.path.endsWith('/publish_audience'))).toBe(false);
    resetEventDraft();
  });

  it('sends /events/confirm without a valid draft back to the form', async () => {
    setToken('jwt');
    mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'admin', course: null })],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/event_tags': tags,
    });
    const router = renderAt('/events/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/new'), slow);
  });
});
