import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AccountChip } from '../../../components/account-chip';
import { StatusChip } from '../../../components/status-chip';
import type { Account, Submission } from '../../../lib/api-types';
import { daysSince, formatDateTime } from '../../../lib/dates';
import { messages } from '../../../lib/messages';
import { reviewLevelLabels, statusTone, submissionStatusLabels } from '../../../lib/review-status';
import { ClaimButtons } from './claim-buttons';

export interface QueueTableProps {
  submissions: Submission[];
  me: Pick<Account, 'id' | 'role'>;
  onOpen: (id: number) => void;
  onRefused: (message: string) => void;
}

// The queue, oldest first (the server's order): age, task, student, status, mentor in charge.
export function QueueTable({ submissions, me, onOpen, onRefused }: QueueTableProps) {
  if (submissions.length === 0) return <Typography sx={{ py: 4 }}>{messages.reviews_none_found}</Typography>;
  return (
    <TableContainer>
      <Table size="small" data-testid="review-queue">
        <TableHead>
          <TableRow>
            <TableCell>提出日時</TableCell>
            <TableCell>課題</TableCell>
            <TableCell>受講生</TableCell>
            <TableCell>ステータス</TableCell>
            <TableCell>担当</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {submissions.map((s) => (
            <TableRow key={s.id} data-testid="queue-row" data-submission-id={s.id}>
              <TableCell>
                <Typography variant="body2">{formatDateTime(s.created_at)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {daysSince(s.created_at)}日経過
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="caption" color="text.secondary">
                  {s.task.curriculum.title}
                </Typography>
                <Typography variant="body2">{s.task.title}</Typography>
                <Chip size="small" variant="outlined" label={reviewLevelLabels[s.task.review_level]} />
              </TableCell>
              <TableCell>
                <AccountChip account={s.student} size={24} />
              </TableCell>
              <TableCell>
                <StatusChip label={submissionStatusLabels[s.status]} tone={statusTone(s.status)} />
              </TableCell>
              <TableCell data-testid="queue-claimed-by">{s.claimed_by ? s.claimed_by.nickname : '—'}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Button size="small" variant="contained" onClick={() => onOpen(s.id)}>
                    {s.status === 'waiting' && s.can_review ? 'レビューする' : '詳細'}
                  </Button>
                  <ClaimButtons submission={s} me={me} onRefused={onRefused} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
