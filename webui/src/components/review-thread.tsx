import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Review } from '../lib/api-types';
import { formatDateTime } from '../lib/dates';
import { reviewStatusLabels, statusTone } from '../lib/review-status';
import { AccountChip } from './account-chip';
import { MarkdownView } from './markdown-view';
import { StatusChip } from './status-chip';

// The reviews of one submission, oldest first: reviewer, verdict, date and the Markdown comment.
export function ReviewThread({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        まだレビューはありません
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} data-testid="review-thread">
      {reviews.map((review) => (
        <Paper key={review.id} variant="outlined" sx={{ p: 2 }} data-testid="review-item">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <AccountChip account={review.reviewer} size={24} />
            <StatusChip label={reviewStatusLabels[review.status]} tone={statusTone(review.status)} />
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(review.created_at)}
            </Typography>
          </Stack>
          <MarkdownView source={review.comment} testId="review-comment" />
        </Paper>
      ))}
    </Stack>
  );
}
