import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Consumer, SubscriptionCallbacks } from '../../lib/cable/consumer';
import { snackbarStore } from '../../lib/feedback';
import { fill, messages } from '../../lib/messages';
import { apiError, mockApi } from '../../test/api-mock';
import { submissionDetail } from '../../test/curriculum-samples';
import { canClaim, canRelease, reviewBlocked } from './claim-rules';
import { QueueTable } from './components/queue-table';
import { ReviewForm } from './components/review-form';
import { stripTitle } from './note-title';
import {
  changeFilter,
  defaultQueueFilter,
  parseQueueFilter,
  queueQuery,
  queueSearchParams,
  type QueueFilter,
} from './queue-filter';
import { joinReviewQueueChannel, parseQueueEvent } from './review-queue-channel';
import { reviewSchema } from './review-schema';

const mentor = { id: 2, role: 'basic_mentor' as const };
const admin = { id: 1, role: 'admin' as const };

describe('queue filter', () => {
  it('the defaults: waiting, everything else open, page 1, an empty URL query', () => {
    expect(parseQueueFilter(new URLSearchParams())).toEqual(defaultQueueFilter);
    expect(queueSearchParams(defaultQueueFilter).toString()).toBe('');
    expect(queueQuery(defaultQueueFilter)).toEqual({ status: 'waiting', page: 1, per: 20 });
  });

  it('round-trips through the URL', () => {
    const filter: QueueFilter = {
      status: 'changes_requested',
      curriculum: 'ruby-on-rails',
      taskId: 16,
      mentor: 'me',
      olderThanDays: 0,
      newerThanDays: 3,
      page: 3,
    };
    const params = queueSearchParams(filter);
    expect(params.toString()).toBe(
      'status=changes_requested&curriculum=ruby-on-rails&task=16&mentor=me&age=0&age_below=3&page=3',
    );
    expect(parseQueueFilter(params)).toEqual(filter);
  });

  it.each<[Partial<QueueFilter>, Record<string, unknown>]>([
    [{ mentor: 'me' }, { claimed_by: 'me' }],
    [{ mentor: 'none' }, { claimed_by: 'none' }],
    [{ status: 'all' }, { status: 'all' }],
    [
      { curriculum: 'html-css', taskId: 3 },
      { curriculum: 'html-css', task_id: 3 },
    ],
    [
      { olderThanDays: 7, page: 2 },
      { older_than_days: 7, page: 2 },
    ],
    [
      { olderThanDays: 1, newerThanDays: 3 },
      { older_than_days: 1, newer_than_days: 3 },
    ],
  ])('%j → the daemon query %j', (change, expected) => {
    expect(queueQuery({ ...defaultQueueFilter, ...change })).toEqual({
      status: 'waiting',
      page: 1,
      per: 20,
      ...expected,
    });
  });

  it('ignores what it cannot use', () => {
    const params = new URLSearchParams('status=done&curriculum=Bad_Name&task=0&mentor=5&age=-1&age_below=0&page=x');
    expect(parseQueueFilter(params)).toEqual(defaultQueueFilter);
  });

  it('a changed filter goes back to page 1; another curriculum forgets the task', () => {
    const filter = { ...defaultQueueFilter, curriculum: 'html-css', taskId: 3, page: 4 };
    expect(changeFilter(filter, { mentor: 'none' })).toEqual({ ...filter, mentor: 'none', page: 1 });
    expect(changeFilter(filter, { curriculum: 'ruby' })).toEqual({
      ...filter,
      curriculum: 'ruby',
      taskId: null,
      page: 1,
    });
  });
});

describe('claim and review rules', () => {
  const waiting = submissionDetail();
  const claimedBy = (id: number) => submissionDetail({ claimed_by: { id, display_name: `メンター${id}` } });

  it('claims: waiting, reviewable, unclaimed', () => {
    expect(canClaim(waiting)).toBe(true);
    expect(canClaim(claimedBy(9))).toBe(false);
    expect(canClaim({ ...waiting, can_review: false })).toBe(false);
    expect(canClaim({ ...waiting, status: 'approved' })).toBe(false);
  });

  it('releases: the claimer or an admin', () => {
    expect(canRelease(claimedBy(2), mentor)).toBe(true);
    expect(canRelease(claimedBy(9), mentor)).toBe(false);
    expect(canRelease(claimedBy(9), admin)).toBe(true);
    expect(canRelease(waiting, admin)).toBe(false);
  });

  it('says why a review is not possible, in the server’s words', () => {
    expect(reviewBlocked(waiting, mentor)).toBeNull();
    expect(reviewBlocked(claimedBy(2), mentor)).toBeNull();
    expect(reviewBlocked(claimedBy(9), mentor)).toBe(fill(messages.submission_claimed, { name: 'メンター9' }));
    expect(reviewBlocked(claimedBy(9), admin)).toBeNull();
    expect(reviewBlocked({ ...waiting, can_review: false }, mentor)).toBe(messages.review_level_forbidden);
    expect(reviewBlocked({ ...waiting, status: 'approved' }, admin)).toBe(messages.submission_already_reviewed);
  });
});

describe('review schema', () => {
  const problems = (value: { comment: string; status: string }) => {
    const result = reviewSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it.each(['', '   ', '\n\t '])('a comment of %j is missing', (comment) => {
    expect(problems({ comment, status: 'approved' })).toEqual([messages.review_comment_required]);
  });

  it.each(['', 'waiting', 'APPROVED'])('a status of %j is missing', (status) => {
    expect(problems({ comment: 'よくできています', status })).toEqual([messages.review_status_required]);
  });

  it('accepts both verdicts', () => {
    expect(problems({ comment: 'よくできています', status: 'approved' })).toEqual([]);
    expect(problems({ comment: '修正してください', status: 'changes_requested' })).toEqual([]);
  });
});

function fakeConsumer() {
  let callbacks: SubscriptionCallbacks = {};
  const sub = { perform: vi.fn(() => true), unsubscribe: vi.fn() };
  const consumer = {
    subscriptions: {
      create: vi.fn((_params: Record<string, unknown>, cb: SubscriptionCallbacks) => {
        callbacks = cb;
        return sub;
      }),
    },
    connection: { isOpen: () => true },
    disconnect: vi.fn(),
  };
  return {
    consumer: consumer as unknown as Consumer,
    create: consumer.subscriptions.create,
    sub,
    disconnect: consumer.disconnect,
    callbacks: () => callbacks,
  };
}

describe('ReviewQueueChannel', () => {
  it('parses only well-formed events', () => {
    expect(parseQueueEvent({ event: 'claimed', submission_id: 12 })).toEqual({ event: 'claimed', submission_id: 12 });
    expect(parseQueueEvent({ event: 'deleted', submission_id: 12 })).toBeNull();
    expect(parseQueueEvent({ event: 'created', submission_id: '12' })).toBeNull();
    expect(parseQueueEvent(null)).toBeNull();
  });

  it('subscribes, passes events and (re)connections on, reports problems until left', () => {
    const fake = fakeConsumer();
    const onChange = vi.fn();
    const report = vi.fn();
    const channel = joinReviewQueueChannel({ consumer: fake.consumer, onChange, report });
    expect(fake.create).toHaveBeenCalledWith({ channel: 'ReviewQueueChannel' }, expect.anything());
    fake.callbacks().connected?.();
    expect(onChange).toHaveBeenLastCalledWith(null);
    fake.callbacks().received?.({ event: 'reviewed', submission_id: 7 });
    expect(onChange).toHaveBeenLastCalledWith({ event: 'reviewed', submission_id: 7 });
    fake.callbacks().received?.({ nonsense: true });
    expect(onChange).toHaveBeenCalledTimes(2);
    fake.callbacks().rejected?.();
    expect(report).toHaveBeenCalledWith('rejected');
    channel.leave();
    channel.leave();
    expect(fake.sub.unsubscribe).toHaveBeenCalledTimes(1);
    expect(fake.disconnect).toHaveBeenCalledTimes(1);
    fake.callbacks().disconnected?.();
    expect(report).toHaveBeenCalledTimes(1);
  });
});

describe('review form', () => {
  const renderForm = (onRefused = vi.fn(), onReviewed = vi.fn()) => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewForm submissionId={12} onReviewed={onReviewed} onRefused={onRefused} />
      </QueryClientProvider>,
    );
    return { onRefused, onReviewed };
  };

  it('sending an empty form shows both messages and sends nothing', async () => {
    const fetchMock = mockApi({});
    renderForm();
    await userEvent.type(screen.getByLabelText('コメント (Markdown)'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'レビューを送信する' }));
    expect(await screen.findByText(messages.review_comment_required)).toBeInTheDocument();
    expect(screen.getByText(messages.review_status_required)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the review; a 409 (reviewed first by someone else) goes to onRefused', async () => {
    let status = 201;
    const fetchMock = mockApi({
      'POST /api/v1/submissions/12/reviews': () =>
        status === 201
          ? [201, submissionDetail({ status: 'approved' })]
          : [409, apiError(409, messages.submission_already_reviewed)],
    });
    const { onRefused, onReviewed } = renderForm();
    await userEvent.type(screen.getByLabelText('コメント (Markdown)'), 'よくできています');
    await userEvent.click(screen.getByLabelText('合格'));
    await userEvent.click(screen.getByRole('button', { name: 'レビューを送信する' }));
    await waitFor(() => expect(onReviewed).toHaveBeenCalled());
    expect(snackbarStore.get()).toEqual({ message: messages.review_created, isOpen: true }); // レビューを送信しました
    expect(JSON.parse(fetchMock.requests[0]?.body ?? '')).toEqual({
      review: { comment: 'よくできています', status: 'approved' },
    });
    status = 409;
    await userEvent.click(screen.getByRole('button', { name: 'レビューを送信する' }));
    await waitFor(() => expect(onRefused).toHaveBeenCalledWith(messages.submission_already_reviewed));
  });
});

describe('review notes', () => {
  it('drop the first heading (the page heading shows the title)', () => {
    expect(stripTitle('# ベーシックメンターのルール\n\n本文')).toBe('\n本文');
    expect(stripTitle('本文だけ')).toBe('本文だけ');
  });
});

describe('review queue table', () => {
  it('names every cell after its column (a phone shows each row as a card) and keeps the actions', () => {
    const claimed = submissionDetail({
      id: 13,
      claimed_by: { id: 2, display_name: '上級 メンター' },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <QueueTable
          submissions={[submissionDetail(), claimed]}
          me={{ id: 2, role: 'advanced_mentor' }}
          onOpen={vi.fn()}
          onRefused={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['提出日時', '課題', '受講生', 'ステータス', '担当', '操作']);
    const [first, second] = screen.getAllByTestId('queue-row');
    const labels = [...first!.querySelectorAll('td')].map((td) => td.getAttribute('data-label'));
    expect(labels).toEqual([...headers.slice(0, 5), null]); // the actions span the card
    expect(within(first!).getByRole('button', { name: 'レビューする' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: '担当する' })).toBeInTheDocument();
    // 担当 also sits under ステータス, shown where the column folds (queue-table.css)
    expect(within(second!).getByText('担当: 上級 メンター')).toHaveClass('data-table__fold');
    expect(within(second!).getByRole('button', { name: '担当を外す' })).toBeInTheDocument();
  });

  it('paints the rows a window shows first and the others after that paint', async () => {
    const submissions = Array.from({ length: 8 }, (_, i) => submissionDetail({ id: 100 + i }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <QueueTable submissions={submissions} me={admin} onOpen={vi.fn()} onRefused={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByTestId('queue-row')).toHaveLength(6);
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(8));
    expect(screen.getAllByTestId('queue-row').map((r) => r.getAttribute('data-submission-id'))).toEqual(
      submissions.map((s) => String(s.id)),
    );
  });
});
