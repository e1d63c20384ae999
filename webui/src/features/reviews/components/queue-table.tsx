import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AccountChip } from '../../../components/account-chip';
import { DataTable } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import type { Account, Submission } from '../../../lib/api-types';
import { daysSince, formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { messages } from '../../../lib/messages';
import { reviewLevelLabels, statusTone, submissionStatusLabels } from '../../../lib/review-status';
import { ClaimButtons } from './claim-buttons';
import './queue-table.css';

export interface QueueTableProps {
  submissions: Submission[];
  me: Pick<Account, 'id' | 'role'>;
  onOpen: (id: number) => void;
  onRefused: (message: string) => void;
}

function Submitted({ submission }: { submission: Submission }) {
  return (
    <>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {formatDateTime(submission.created_at)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {daysSince(submission.created_at)}日経過
      </Typography>
    </>
  );
}

const claimer = (s: Submission) => (s.claimed_by ? displayName(s.claimed_by) : '—');

// The queue, oldest first (the server's order): age, task, student, status, mentor in charge and
// the actions. With less room (queue-table.css) 提出日時 folds under 課題 and 担当 under
// ステータス; on a phone each submission is a card.
export function QueueTable({ submissions, me, onOpen, onRefused }: QueueTableProps) {
  if (submissions.length === 0) return <Typography sx={{ py: 4 }}>{messages.reviews_none_found}</Typography>;
  return (
    <DataTable className="review-queue">
      <Table size="small" data-testid="review-queue">
        <TableHead>
          <TableRow>
            <TableCell className="review-queue__submitted">提出日時</TableCell>
            <TableCell>課題</TableCell>
            <TableCell>受講生</TableCell>
            <TableCell>ステータス</TableCell>
            <TableCell className="review-queue__claimed">担当</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {submissions.map((s) => (
            <TableRow key={s.id} data-testid="queue-row" data-submission-id={s.id}>
              <TableCell data-label="提出日時" className="review-queue__submitted data-table__nowrap">
                <Submitted submission={s} />
              </TableCell>
              <TableCell data-label="課題" className="review-queue__task">
                <Typography variant="caption" color="text.secondary" component="div">
                  {s.task.curriculum.title}
                </Typography>
                <Typography variant="body2">{s.task.title}</Typography>
                <Chip size="small" variant="outlined" label={reviewLevelLabels[s.task.review_level]} />
                <div className="data-table__fold review-queue__fold-submitted">
                  <Submitted submission={s} />
                </div>
              </TableCell>
              <TableCell data-label="受講生" className="review-queue__student data-table__breakable">
                <AccountChip account={s.student} size={24} />
              </TableCell>
              <TableCell data-label="ステータス" className="data-table__nowrap">
                <StatusChip label={submissionStatusLabels[s.status]} tone={statusTone(s.status)} />
                <Typography variant="caption" color="text.secondary" component="div" className="data-table__fold">
                  担当: {claimer(s)}
                </Typography>
              </TableCell>
              <TableCell
                data-label="担当"
                className="review-queue__claimed data-table__nowrap"
                data-testid="queue-claimed-by"
              >
                {claimer(s)}
              </TableCell>
              <TableCell className="review-queue__actions">
                <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Button size="small" variant="contained" onClick={() => onOpen(s.id)} sx={{ whiteSpace: 'nowrap' }}>
                    {s.status === 'waiting' && s.can_review ? 'レビューする' : '詳細'}
                  </Button>
                  <ClaimButtons submission={s} me={me} onRefused={onRefused} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DataTable>
  );
}
