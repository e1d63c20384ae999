import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token';
import type { SubscriptionCallbacks } from '../../lib/cable/consumer';
import type { AppNotification, UnreadCounts } from '../../lib/api-types';
import { messages } from '../../lib/messages';
import { subscribeNotificationMessages, type NotificationMessage } from '../../lib/notification-bus';
import { apiError, mockApi } from '../../test/api-mock';
import { NotificationBell } from './components/notification-bell';
import { parseListState, toQuery, toSearchParams } from './list-state';
import { Component as NotificationsPage } from './pages/notifications-page';
import { useNotificationChannel } from './use-notification-channel';

// The websocket is the one thing faked: the official client's createConsumer hands out a consumer
// whose subscription callbacks the test calls as the daemon's messages would.
const cable = vi.hoisted(() => ({
  callbacks: {} as SubscriptionCallbacks,
  params: [] as Record<string, unknown>[],
  unsubscribe: vi.fn(),
  disconnect: vi.fn(),
}));
vi.mock('@rails/actioncable', () => ({
  createConsumer: () => ({
    subscriptions: {
      create(params: Record<string, unknown>, callbacks: SubscriptionCallbacks) {
        cable.params.push(params);
        cable.callbacks = callbacks;
        return { perform: () => true, unsubscribe: cable.unsubscribe };
      },
    },
    connection: { isOpen: () => true },
    disconnect: cable.disconnect,
  }),
}));

const counts = (by: Partial<UnreadCounts['by_category']> = {}): UnreadCounts => {
  const by_category = { review: 0, question: 0, event: 0, student: 0, announcement: 0, ...by };
  return { total: Object.values(by_category).reduce((a, b) => a + b, 0), by_category };
};

const notification = (overrides: Partial<AppNotification> = {}): AppNotification => ({
  id: 5,
  category: 'review',
  kind: 'review.created',
  title: 'メンター太郎さんが「HTML の基本」を合格にしました',
  body: 'よくできています。\n次の課題へどうぞ',
  link: '/curriculums/html#task-3',
  actor: { id: 3, display_name: 'メンター太郎', image_url: null },
  read: false,
  read_at: null,
  created_at: '2026-11-20T01:00:00Z',
  ...overrides,
});

const page = (data: AppNotification[], unread: UnreadCounts, total = data.length, per = 20) => ({
  data,
  meta: { page: 1, per, total },
  unread,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

function Live({ children }: { children?: ReactNode }) {
  useNotificationChannel(true);
  return (
    <>
      <NotificationBell />
      {children}
      <Where />
    </>
  );
}

function renderApp(path = '/mypage') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        element: (
          <Live>
            <NotificationsPage />
          </Live>
        ),
      },
      { path: '*', element: <Live /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router, view };
}

const say = (data: unknown) => act(() => cable.callbacks.received?.(data));

beforeEach(() => {
  setToken('header.payload.signature');
  cable.params = [];
  cable.unsubscribe.mockClear();
  cable.disconnect.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('bell and NotificationChannel', () => {
  it('subscribes once, shows the unread count and follows created / read / unread messages', async () => {
    mockApi({ 'GET /api/v1/notifications/unread_count': [200, counts({ review: 1 })] });
    const heard: NotificationMessage[] = [];
    const stop = subscribeNotificationMessages((m) => heard.push(m));
    const { view } = renderApp();
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('1');
    expect(cable.params).toEqual([{ channel: 'NotificationChannel' }]);

    // TanStack Query tells its observers on the next tick: each change is awaited.
    const badge = (text: string | null) =>
      waitFor(() =>
        text === null
          ? expect(screen.queryByTestId('notification-badge')).toBeNull()
          : expect(screen.getByTestId('notification-badge')).toHaveTextContent(text),
      );
    await say({ type: 'created', notification: notification({ id: 6 }), unread: counts({ review: 2 }) });
    await badge('2');
    expect(screen.getByRole('button', { name: '通知（未読2件）' })).toBeInTheDocument();

    await say({ type: 'read', category: null, unread: counts() });
    await badge(null);
    expect(screen.getByRole('button', { name: '通知' })).toBeInTheDocument();

    await say({ type: 'unread', unread: counts({ announcement: 120 }) }); // a reconnection
    await badge('99+');

    await say({ type: 'created', unread: counts() }); // not a message of the channel: ignored
    await say({ type: 'unread', unread: counts({ event: 1 }) });
    await badge('1');
    expect(heard.map((m) => m.type)).toEqual(['created', 'read', 'unread', 'unread']);
    stop();

    view.unmount();
    expect(cable.unsubscribe).toHaveBeenCalledOnce();
    expect(cable.disconnect).toHaveBeenCalledOnce();
  });

  it('the menu lists the latest, marks one read when opened and goes where it leads', async () => {
    const fetched = mockApi({
      'GET /api/v1/notifications/unread_count': [200, counts({ review: 1 })],
      'GET /api/v1/notifications': [
        200,
        page(
          [
            notification(),
            notification({ id: 4, read: true, read_at: '2026-11-20T02:00:00Z', title: '既読の通知', actor: null }),
          ],
          counts({ review: 1 }),
        ),
      ],
      'POST /api/v1/notifications/5/read': [200, { unread: counts() }],
    });
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: '通知（未読1件）' }));
    const menu = await screen.findByTestId('notification-menu');
    const items = await within(menu).findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).toHaveTextContent('メンター太郎さんが「HTML の基本」を合格にしました');
    expect(items[0]).toHaveTextContent('よくできています。');
    expect(items[0]).not.toHaveTextContent('次の課題へどうぞ'); // the first line only
    expect(items[0]).toHaveTextContent('メンター太郎 ・ レビュー ・ 2026/11/20 10:00'); // school time
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(items[1]).toHaveTextContent('スクール ・ レビュー');
    expect(fetched.requests.find((r) => r.path === '/api/v1/notifications')?.query.get('per')).toBe('8');

    await userEvent.click(items[0]!);
    expect(await screen.findByTestId('where')).toHaveTextContent('/curriculums/html#task-3');
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(fetched.requests.some((r) => r.method === 'POST' && r.path === '/api/v1/notifications/5/read')).toBe(true);
  });

  it('すべて既読にする marks every category; すべての通知を見る leads to /notifications', async () => {
    let body: unknown = null;
    mockApi({
      'GET /api/v1/notifications/unread_count': [200, counts({ question: 2 })],
      'GET /api/v1/notifications': [200, page([notification({ category: 'question' })], counts({ question: 2 }))],
      'POST /api/v1/notifications/read': (request) => {
        body = JSON.parse(request.body ?? 'null');
        return [200, { unread: counts() }];
      },
    });
    renderApp();
    await userEvent.click(await screen.findByTestId('notification-bell'));
    await userEvent.click(await screen.findByRole('button', { name: 'すべて既読にする' }));
    await waitFor(() => expect(body).toEqual({}));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'すべての通知を見る' }));
    expect(await screen.findByRole('heading', { name: '通知' })).toBeInTheDocument();
  });

  it('an empty menu says so', async () => {
    mockApi({
      'GET /api/v1/notifications/unread_count': [200, counts()],
      'GET /api/v1/notifications': [200, page([], counts())],
    });
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: '通知' }));
    expect(await screen.findByText(messages.notifications_none)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'すべて既読にする' })).toBeDisabled();
  });
});

describe('/notifications', () => {
  it('tabs with their unread counts, 未読のみ, per-row and per-tab marking', async () => {
    const unread = counts({ review: 2, question: 1 });
    let state = unread;
    const marked: unknown[] = [];
    const fetched = mockApi({
      'GET /api/v1/notifications/unread_count': () => [200, state],
      'GET /api/v1/notifications': (request) =>
        request.query.get('category') === 'event'
          ? [200, page([], state)]
          : [
              200,
              page(
                [
                  notification(),
                  notification({
                    id: 7,
                    category: 'question',
                    kind: 'answer.created',
                    title: '回答がつきました',
                    link: '/questions/9',
                  }),
                ],
                state,
                41,
              ),
            ],
      'POST /api/v1/notifications/7/read': () => {
        state = counts({ review: 2 });
        return [200, { unread: state }];
      },
      'POST /api/v1/notifications/read': (request) => {
        marked.push(JSON.parse(request.body ?? 'null'));
        state = counts({ question: 1 });
        return [200, { unread: state }];
      },
    });
    const { router } = renderApp('/notifications');
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'すべて3',
        'レビュー2',
        '質問1',
        'イベント',
        '受講生',
        'お知らせ',
      ]),
    );
    expect(await screen.findByTestId('notification-total')).toHaveTextContent('41件');
    expect(screen.getByRole('navigation')).toBeInTheDocument(); // 41 in pages of 20: the pager

    // One row marked read: the counts of every tab follow.
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    const rowButtons = screen.getAllByRole('button', { name: '既読にする' });
    await userEvent.click(rowButtons[1]!);
    await waitFor(() => expect(screen.getByRole('tab', { name: /質問/ })).toHaveTextContent(/^質問$/));
    expect(screen.getByRole('tab', { name: /すべて/ })).toHaveTextContent('すべて2');

    // The レビュー tab: its query, its mark-all.
    await userEvent.click(screen.getByRole('tab', { name: /レビュー/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=review'));
    await userEvent.click(screen.getByRole('button', { name: 'このタブをすべて既読にする' }));
    await waitFor(() => expect(marked).toEqual([{ category: 'review' }]));
    await waitFor(() => expect(screen.getByRole('tab', { name: /レビュー/ })).toHaveTextContent(/^レビュー$/));
    expect(screen.getByRole('button', { name: 'このタブをすべて既読にする' })).toBeDisabled();

    // 未読のみ on an empty tab: the empty state, and the query asks for unread ones only.
    await userEvent.click(screen.getByRole('tab', { name: /イベント/ }));
    await userEvent.click(screen.getByRole('switch', { name: '未読のみ' }));
    expect(await screen.findByText(messages.notifications_none_unread)).toBeInTheDocument();
    const last = fetched.requests.filter((r) => r.path === '/api/v1/notifications').at(-1);
    expect(last?.query.get('category')).toBe('event');
    expect(last?.query.get('unread')).toBe('true');

    // A notification read in another tab of the browser: the list loads again.
    const before = fetched.requests.filter((r) => r.path === '/api/v1/notifications').length;
    await say({ type: 'read', ids: [5], unread: counts() });
    await waitFor(() =>
      expect(fetched.requests.filter((r) => r.path === '/api/v1/notifications').length).toBeGreaterThan(before),
    );
    expect(screen.getByRole('tab', { name: /すべて/ })).toHaveTextContent(/^すべて$/);
  });

  it('a failed mark shows the error page road, not a silent success', async () => {
    const { errorPageStore } = await import('../../lib/feedback');
    mockApi({
      'GET /api/v1/notifications/unread_count': [200, counts({ review: 1 })],
      'GET /api/v1/notifications': [200, page([notification()], counts({ review: 1 }))],
      'POST /api/v1/notifications/5/read': [404, apiError(404, 'notification not found')],
    });
    renderApp('/notifications');
    await userEvent.click(await screen.findByRole('button', { name: '既読にする' }));
    await waitFor(() => expect(errorPageStore.get()).toBe(404));
    errorPageStore.set(null);
  });

  it('keeps the tab, 未読のみ and the page in the URL; junk falls back', () => {
    const state = parseListState(new URLSearchParams('category=question&unread=1&page=3'));
    expect(state).toEqual({ category: 'question', unreadOnly: true, page: 3 });
    expect(toSearchParams(state).toString()).toBe('category=question&unread=1&page=3');
    expect(toQuery(state)).toEqual({ category: 'question', unread: true, page: 3, per: 20 });
    expect(parseListState(new URLSearchParams('category=secret&unread=yes&page=-1'))).toEqual({
      category: null,
      unreadOnly: false,
      page: 1,
    });
    expect(toQuery(parseListState(new URLSearchParams('')))).toEqual({ page: 1, per: 20 });
  });
});
