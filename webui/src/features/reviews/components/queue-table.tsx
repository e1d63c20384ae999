import { AccountChip } from '../../../components/account-chip';
import { PlainButton } from '../../../components/button';
import { Chip } from '../../../components/chip';
import { DataTable } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import type { Account, Submission } from '../../../lib/api-types';
import { daysSince, formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { messages } from '../../../lib/messages';
import { useAfterPaint } from '../../../lib/use-after-paint';
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
      <span className="text-body2" style={{ display: 'block' }}>
        {formatDateTime(submission.created_at)}
      </span>
      <span className="text-caption text-secondary">{daysSince(submission.created_at)}日経過</span>
    </>
  );
}

const claimer = (s: Submission) => (s.claimed_by ? displayName(s.claimed_by) : '—');

// The rows a 1280×800 window shows under the filters: they paint with the page, the others
// (up to 20) in the next task, so the first screen is not held back by rows below it.
const FIRST_ROWS = 6;

// The queue, oldest first (the server's order): age, task, student, status, mentor in charge and
// the actions. With less room (queue-table.css) 提出日時 folds under 課題 and 担当 under
// ステータス; on a phone each submission is a card. Plain elements and CSS: the queue is the
// page's first screen, which paints without MUI.
export function QueueTable({ submissions, me, onOpen, onRefused }: QueueTableProps) {
  const allRows = useAfterPaint();
  if (submissions.length === 0) return <p className="text-body1 review-queue__none">{messages.reviews_none_found}</p>;
  return (
    <DataTable className="review-queue">
      <table className="plain-table" data-testid="review-queue">
        <thead>
          <tr>
            <th className="review-queue__submitted">提出日時</th>
            <th>課題</th>
            <th>受講生</th>
            <th>ステータス</th>
            <th className="review-queue__claimed">担当</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {(allRows ? submissions : submissions.slice(0, FIRST_ROWS)).map((s) => (
            <tr key={s.id} data-testid="queue-row" data-submission-id={s.id}>
              <td data-label="提出日時" className="review-queue__submitted data-table__nowrap">
                <Submitted submission={s} />
              </td>
              <td data-label="課題" className="review-queue__task">
                <div className="text-caption text-secondary">{s.task.curriculum.title}</div>
                <p className="text-body2">{s.task.title}</p>
                <Chip variant="outlined" label={reviewLevelLabels[s.task.review_level]} />
                <div className="data-table__fold review-queue__fold-submitted">
                  <Submitted submission={s} />
                </div>
              </td>
              <td data-label="受講生" className="review-queue__student data-table__breakable">
                <AccountChip account={s.student} size={24} />
              </td>
              <td data-label="ステータス" className="data-table__nowrap">
                <StatusChip label={submissionStatusLabels[s.status]} tone={statusTone(s.status)} />
                <div className="text-caption text-secondary data-table__fold">担当: {claimer(s)}</div>
              </td>
              <td data-label="担当" className="review-queue__claimed data-table__nowrap" data-testid="queue-claimed-by">
                {claimer(s)}
              </td>
              <td className="review-queue__actions">
                <div className="button-row">
                  <PlainButton variant="contained" onClick={() => onOpen(s.id)}>
                    {s.status === 'waiting' && s.can_review ? 'レビューする' : '詳細'}
                  </PlainButton>
                  <ClaimButtons submission={s} me={me} onRefused={onRefused} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </DataTable>
  );
}
