import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccountChip } from '../../../components/account-chip';
import { StatusChip } from '../../../components/status-chip';
import type { SubmissionDetail } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { reviewLevelLabels, statusTone, submissionStatusLabels } from '../../../lib/review-status';

const RepositoryLink = ({ url }: { url: string }) => (
  <a href={url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
    {url}
  </a>
);

// What a reviewer needs to know: the task, the student, the repository, who has claimed it,
// and the student's earlier submissions of the same task.
export function SubmissionSummary({ submission: s }: { submission: SubmissionDetail }) {
  return (
    <Stack spacing={1.5} data-testid="submission-summary">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip label={submissionStatusLabels[s.status]} tone={statusTone(s.status)} testId="submission-status" />
        <Chip size="small" variant="outlined" label={`レビュー: ${reviewLevelLabels[s.task.review_level]}`} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(s.created_at)} 提出
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <AccountChip account={s.student} />
        <Typography variant="body2">担当: {s.claimed_by ? `${displayName(s.claimed_by)}さん` : 'なし'}</Typography>
      </Stack>
      <Typography variant="body2">
        リポジトリ: <RepositoryLink url={s.repository_url} />
      </Typography>
      {s.history.length > 0 && (
        <div>
          <Typography variant="subtitle2" component="h3">
            この課題の過去の提出
          </Typography>
          <List dense disablePadding data-testid="submission-history">
            {s.history.map((h) => (
              <ListItem key={h.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <StatusChip label={submissionStatusLabels[h.status]} tone={statusTone(h.status)} />
                <Typography variant="body2">{formatDateTime(h.created_at)}</Typography>
                <Typography variant="body2">
                  <RepositoryLink url={h.repository_url} />
                </Typography>
              </ListItem>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
