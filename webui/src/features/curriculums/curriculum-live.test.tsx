import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CurriculumDetail, UnreadCounts } from '../../lib/api-types';
import { publishNotificationMessage } from '../../lib/notification-bus';
import { account, mockApi } from '../../test/api-mock';
import { review, submissionDetail, taskDetail } from '../../test/curriculum-samples';
import { Component as CurriculumPage } from './pages/curriculum-page';

const unread: UnreadCounts = {
  total: 1,
  by_category: { review: 1, question: 0, event: 0, student: 0, announcement: 0 },
};
const notification = (category: 'review' | 'question') => ({
  id: 9,
  category,
  kind: category === 'review' ? 'review.created' : 'answer.created',
  title: '通知',
  body: '',
  link: '/curriculums/html#task-3',
  actor: null,
  read: false,
  read_at: null,
  created_at: '2026-11-20T01:00:00Z',
});

describe('curriculum page, live', () => {
  it('a review notification loads the submissions again: the review shows without a reload', async () => {
    let reviewed = false;
    let fetches = 0;
    const detail = (): CurriculumDetail => ({
      name: 'html',
      title: 'HTML',
      description: '説明',
      position: 1,
      progress: { total: 1, approved: reviewed ? 1 : 0 },
      tasks: [
        taskDetail({
          status: reviewed ? 'approved' : 'submitted',
          submissions: [
            submissionDetail({
              status: reviewed ? 'approved' : 'waiting',
              reviews: reviewed ? [review({ comment: 'とてもよくできました' })] : [],
            }),
          ],
        }),
      ],
    });
    mockApi({
      'GET /api/v1/curriculums/html': () => {
        fetches += 1;
        return [200, detail()];
      },
    });
    const router = createMemoryRouter(
      [
        {
          id: 'frame',
          path: '/',
          loader: () => account(),
          HydrateFallback: () => null,
          children: [{ path: 'curriculums/:name', Component: CurriculumPage }],
        },
      ],
      { initialEntries: ['/curriculums/html'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'HTML' })).toBeInTheDocument();
    expect(screen.queryByText('とてもよくできました')).toBeNull();

    reviewed = true;
    act(() => publishNotificationMessage({ type: 'created', notification: notification('question'), unread }));
    expect(fetches).toBe(1); // not about a review: nothing to load
    act(() => publishNotificationMessage({ type: 'created', notification: notification('review'), unread }));
    expect(await screen.findByText('とてもよくできました')).toBeInTheDocument();
    await waitFor(() => expect(fetches).toBe(2));
  });
});
