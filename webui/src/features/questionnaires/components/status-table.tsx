import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { questionnairePaths, type QuestionnaireKind } from '../kinds';
import type { StatusRow } from '../types';
import { formatDate } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';

export interface StatusTableProps {
  kind: QuestionnaireKind;
  rows: StatusRow[];
  selected: ReadonlySet<number>;
  onToggle: (accountId: number, on: boolean) => void;
}

const day = (value: string | null) => (value ? formatDate(value) : '—');

// Who owes (or answered) the questionnaire: owed rows can be picked for a reminder, answered
// ones lead to the answer (read with a reason, audited).
export function StatusTable({ kind, rows, selected, onToggle }: StatusTableProps) {
  return (
    <DataTable>
      <Table size="small" aria-label="回答状況" data-testid="questionnaire-status">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>受講生</TableCell>
            <TableCell>コース</TableCell>
            <TableCell>対象になった日</TableCell>
            <TableCell>状態</TableCell>
            <TableCell>最終リマインド</TableCell>
            <TableCell>回答</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.account_id} data-account={row.account_id}>
              <TableCell padding="checkbox">
                {row.state === 'owed' && (
                  <Checkbox
                    checked={selected.has(row.account_id)}
                    onChange={(event) => onToggle(row.account_id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${displayName(row)}を選択` } }}
                  />
                )}
              </TableCell>
              <TableCell data-label="受講生">
                {displayName(row)}
                <br />
                <small>{row.email}</small>
              </TableCell>
              <TableCell data-label="コース">{row.course ?? '—'}</TableCell>
              <TableCell data-label="対象になった日" className="data-table__nowrap">
                {day(row.due_on)}
              </TableCell>
              <TableCell data-label="状態">
                {row.state === 'owed' ? '未回答' : `回答済み（${day(row.submitted_at)}）`}
              </TableCell>
              <TableCell data-label="最終リマインド" className="data-table__nowrap">
                {day(row.reminded_at)}
              </TableCell>
              <TableCell>
                {row.state === 'answered' && (
                  <Link component={RouterLink} to={`${questionnairePaths.form(kind)}/${row.account_id}`}>
                    回答を見る
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DataTable>
  );
}
