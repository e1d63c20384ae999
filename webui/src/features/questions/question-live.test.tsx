import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token';
import type { SubscriptionCallbacks } from '../../lib/cable/consumer';
import { account, mockApi } from '../../test/api-mock';
import { Component as QuestionPage } from './pages/question-page';
import type { Answer, QuestionDetail } from './types';

// The websocket is faked at the official client: the test speaks as QuestionChannel would.
const cable = vi.hoisted(() => ({ callbacks: {} as SubscriptionCallbacks }));
vi.mock('@rails/actioncable', () => ({
  createConsumer: () => ({
    subscriptions: {
      create(_params: Record<string, unknown>, callbacks: SubscriptionCallbacks) {
        cable.callbacks = callbacks;
        return { perform: () => true, unsubscribe: () => undefined };
      },
    },
    connection: { isOpen: () => true },
    disconnect: () => undefined,
  }),
}));

const asker = { id: 12, display_name: '受講生 花子', image_url: null, role: 'student' as const };
const mentor = { id: 3, display_name: 'メンター太郎', image_url: null, role: 'basic_mentor' as const };
const answer = (id: number): Answer => ({
  id,
  question_id: 7,
  account: mentor,
  body: `回答その${id}`,
  is_solution: false,
  created_at: '2026-11-20T01:00:00Z',
  updated_at: '2026-11-20T01:00:00Z',
});
const question = (answers: Answer[]): QuestionDetail => ({
  id: 7,
  title: 'rails s が起動しません',
  body: 'エラーが出ます',
  category: { id: 1, name: 'Rails' },
  account: asker,
  answers_count: answers.length,
  answers,
  is_pick_up: false,
  solved_answer_id: null,
  status: 'unsolved',
  created_at: '2026-11-19T01:00:00Z',
  updated_at: '2026-11-19T01:00:00Z',
});

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        id: 'frame',
        path: '/',
        loader: () => account(),
        HydrateFallback: () => null,
        children: [{ path: 'questions/:id', Component: QuestionPage }],
      },
    ],
    { initialEntries: ['/questions/7'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const say = (data: unknown) => act(() => cable.callbacks.received?.(data));

beforeEach(() => setToken('header.payload.signature'));
afterEach(() => vi.unstubAllGlobals());

describe('question page, live', () => {
  it('a new answer from QuestionChannel shows without a reload; a reconnection catches up', async () => {
    let answers: Answer[] = [];
    mockApi({
      'GET /api/v1/questions/7': () => [200, question(answers)],
      'GET /api/v1/questions/7/watch': [200, { watching: true }],
      'POST /api/v1/questions/action_cable_logger': [204], // the page reports the loss
    });
    renderPage();
    expect(await screen.findByTestId('answer-count')).toHaveTextContent('回答 0件');

    answers = [answer(31)];
    await say({ is_answering: true, account: mentor }); // presence: no reload
    expect(await screen.findByText('メンター太郎')).toBeInTheDocument();
    expect(screen.getByTestId('answer-count')).toHaveTextContent('回答 0件');
    await say({ changed: 'answer_created', answer_id: 31 });
    await waitFor(() => expect(screen.getByTestId('answer-count')).toHaveTextContent('回答 1件'));
    expect(screen.getByText('回答その31')).toBeInTheDocument();

    // Lost and back: whatever happened meanwhile (an answer deleted) is loaded again.
    answers = [];
    await act(() => cable.callbacks.disconnected?.({ willAttemptReconnect: true }));
    await act(() => cable.callbacks.connected?.());
    await waitFor(() => expect(screen.getByTestId('answer-count')).toHaveTextContent('回答 0件'));
  });

  it('ウォッチ中 / ウォッチする follows the server', async () => {
    const fetched = mockApi({
      'GET /api/v1/questions/7': [200, question([])],
      'GET /api/v1/questions/7/watch': [200, { watching: true }],
      'DELETE /api/v1/questions/7/watch': [200, { watching: false }],
      'PUT /api/v1/questions/7/watch': [200, { watching: true }],
    });
    renderPage();
    const watch = await screen.findByRole('button', { name: 'ウォッチ中' });
    expect(watch).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(watch);
    const off = await screen.findByRole('button', { name: 'ウォッチする' });
    expect(off).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(off);
    expect(await screen.findByRole('button', { name: 'ウォッチ中' })).toBeInTheDocument();
    expect(fetched.requests.map((r) => `${r.method} ${r.path}`).filter((r) => r.endsWith('/watch'))).toEqual([
      'GET /api/v1/questions/7/watch',
      'DELETE /api/v1/questions/7/watch',
      'PUT /api/v1/questions/7/watch',
    ]);
  });
});
