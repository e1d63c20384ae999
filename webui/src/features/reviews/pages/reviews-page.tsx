import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import { InlineAlert } from '../../../components/inline-alert';
import { PageHeading } from '../../../components/page-heading';
import { FetchingLine, ProgressLine } from '../../../components/progress-line';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage } from '../../../lib/feedback';
import { useCurriculumOptions } from '../api/get-curriculum-options';
import { useSubmissions } from '../api/get-submissions';
import { QueueFilters } from '../components/queue-filters';
import { QueueTable } from '../components/queue-table';
import { parseQueueFilter, queueSearchParams, type QueueFilter } from '../queue-filter';
import { useReviewQueueChannel } from '../use-review-queue-channel';
import './reviews-page.css';

// The first screen (heading, rule links, filters, queue) is plain elements and CSS, so it paints
// without MUI. The dialog (review form, Markdown editor and preview, mentions) and the page links
// use MUI and load when they are needed.
const ReviewDialog = lazy(() =>
  import(/* webpackChunkName: "review-dialog" */ '../components/review-dialog').then((m) => ({
    default: m.ReviewDialog,
  })),
);
const QueuePagination = lazy(() => import(/* webpackChunkName: "queue-pagination" */ '../components/queue-pagination'));

// /reviews (admin and mentors, review layout): the queue oldest first with its filters (kept
// in the URL, with the open submission as ?submission=ID), claim buttons, the review dialog
// and live updates through ReviewQueueChannel.
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const [params, setParams] = useSearchParams();
  const filter = parseQueueFilter(params);
  const open = Number(params.get('submission')) || null;
  const queue = useSubmissions(filter);
  const curriculums = useCurriculumOptions();
  const [refusal, setRefusal] = useState<string | null>(null);
  useReviewQueueChannel();

  const navigate = (next: QueueFilter, submission: number | null) => {
    const query = queueSearchParams(next);
    if (submission !== null) query.set('submission', String(submission));
    setParams(query);
  };
  useEffect(() => {
    if (queue.error) showErrorPage(errorStatus(queue.error));
  }, [queue.error]);

  const meta = queue.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per)) : 1;
  return (
    <>
      <PageHeading title="レビュー" />
      <nav className="review-rules" aria-label="レビューのルール">
        <Link to="/reviews/notes/rules-for-basic-mentors">ベーシックメンターのレビュールール</Link>
        <Link to="/reviews/notes/rules-for-advanced-mentors">上級メンターのレビュールール</Link>
      </nav>
      <QueueFilters filter={filter} curriculums={curriculums.data ?? []} onChange={(next) => navigate(next, null)} />
      {refusal && (
        <div className="review-queue-refusal">
          <InlineAlert onClose={() => setRefusal(null)} testId="queue-refusal">
            {refusal}
          </InlineAlert>
        </div>
      )}
      {meta && (
        <p className="text-body2 review-queue-total" data-testid="queue-total">
          {meta.total}件
        </p>
      )}
      <FetchingLine active={queue.isFetching} />
      {queue.data && (
        <QueueTable
          submissions={queue.data.data}
          me={me}
          onOpen={(id) => navigate(filter, id)}
          onRefused={setRefusal}
        />
      )}
      {pages > 1 && (
        <Suspense fallback={null}>
          <QueuePagination
            count={pages}
            page={Math.min(filter.page, pages)}
            onChange={(page) => navigate({ ...filter, page }, null)}
          />
        </Suspense>
      )}
      {open !== null && (
        <Suspense fallback={<ProgressLine label="読み込み中" />}>
          <ReviewDialog key={open} submissionId={open} me={me} onClose={() => navigate(filter, null)} />
        </Suspense>
      )}
    </>
  );
}
