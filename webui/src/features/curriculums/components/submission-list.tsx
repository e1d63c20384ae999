import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReviewThread } from '../../../components/review-thread';
import { StatusChip } from '../../../components/status-chip';
import type { SubmissionDetail } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { statusTone, submissionStatusLabels } from '../../../lib/review-status';

// The student's own submissions of a task, newest first, each with its review thread.
export function SubmissionList({ submissions }: { submissions: SubmissionDetail[] }) {
  if (submissions.length === 0) return null;
  return (
    <Stack spacing={2} data-testid="submission-list">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        提出履歴
      </Typography>
      {submissions.map((submission) => (
        <Paper key={submission.id} variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }} data-testid="submission-item">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
            <StatusChip
              label={submissionStatusLabels[submission.status]}
              tone={statusTone(submission.status)}
              testId="submission-status"
            />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <a href={submission.repository_url} target="_blank" rel="noopener noreferrer">
                {submission.repository_url}
              </a>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(submission.created_at)} 提出
            </Typography>
          </Stack>
          <ReviewThread reviews={submission.reviews} />
        </Paper>
      ))}
    </Stack>
  );
}
