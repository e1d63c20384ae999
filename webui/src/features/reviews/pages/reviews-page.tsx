import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage } from '../../../lib/feedback';
import { useCurriculumOptions } from '../api/get-curriculum-options';
import { useSubmissions } from '../api/get-submissions';
import { QueueFilters } from '../components/queue-filters';
import { QueueTable } from '../components/queue-table';
import { parseQueueFilter, queueSearchParams, type QueueFilter } from '../queue-filter';
import { useReviewQueueChannel } from '../use-review-queue-channel';

// The dialog (review form, Markdown editor and preview, mentions) loads when a submission is
// opened, so the queue paints without it.
const ReviewDialog = lazy(() =>
  import(/* webpackChunkName: "review-dialog" */ '../components/review-dialog').then((m) => ({
    default: m.ReviewDialog,
  })),
);

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
    <AppTheme>
      <PageHeading title="レビュー" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ mb: 2 }}
        component="nav"
        aria-label="レビューのルール"
      >
        <Link to="/reviews/notes/rules-for-basic-mentors">ベーシックメンターのレビュールール</Link>
        <Link to="/reviews/notes/rules-for-advanced-mentors">上級メンターのレビュールール</Link>
      </Stack>
      <QueueFilters filter={filter} curriculums={curriculums.data ?? []} onChange={(next) => navigate(next, null)} />
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setRefusal(null)} data-testid="queue-refusal">
          {refusal}
        </Alert>
      )}
      {meta && (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid="queue-total">
          {meta.total}件
        </Typography>
      )}
      {queue.isFetching && <LinearProgress aria-label="読み込み中" />}
      {queue.data && (
        <QueueTable
          submissions={queue.data.data}
          me={me}
          onOpen={(id) => navigate(filter, id)}
          onRefused={setRefusal}
        />
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(filter.page, pages)}
          onChange={(_, page) => navigate({ ...filter, page }, null)}
        />
      )}
      {open !== null && (
        <Suspense fallback={<LinearProgress aria-label="読み込み中" />}>
          <ReviewDialog key={open} submissionId={open} me={me} onClose={() => navigate(filter, null)} />
        </Suspense>
      )}
    </AppTheme>
  );
}
