import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import type { StudentSummary } from '../../../lib/api-types';
import { courseLabel } from '../courses';
import { sortLabels, statusLabels, type StudentListState, type StudentSort } from '../list-state';
import { formatDate } from '../../../lib/dates';
import './student-table.css';
import { displayName } from '../../../lib/display-name';

export interface StudentTableProps {
  students: StudentSummary[];
  state: StudentListState;
  onSort: (sort: StudentSort) => void;
}

const sortable = (state: StudentListState, sort: StudentSort, onSort: (sort: StudentSort) => void) => (
  <TableSortLabel
    active={state.sort === sort}
    direction={state.sort === sort ? state.order : 'asc'}
    onClick={() => onSort(sort)}
  >
    {sortLabels[sort]}
  </TableSortLabel>
);

// One row per student: the display name (link to the detail; the record's 氏名 below it when
// the nickname differs), e-mail, course, start date, status, mentor in charge, the due date of
// the open period and the behind mark. With less room (student-table.css) the start date folds
// under the course, then the e-mail under the name; on a phone rows are cards.
export function StudentTable({ students, state, onSort }: StudentTableProps) {
  if (students.length === 0) return <Typography sx={{ py: 4 }}>該当する受講生はいません</Typography>;
  return (
    <DataTable className="student-table">
      <Table size="small" data-testid="student-table">
        <TableHead>
          <TableRow data-label="並び替え">
            <TableCell>
              {sortable(state, 'name', onSort)}
              {/* A folded column keeps its sort button, under the column it folds into. */}
              <div className="data-table__fold student-table__fold-email">{sortable(state, 'email', onSort)}</div>
            </TableCell>
            <TableCell className="student-table__email">{sortable(state, 'email', onSort)}</TableCell>
            <TableCell>
              コース
              <div className="data-table__fold student-table__fold-start">{sortable(state, 'start_date', onSort)}</div>
            </TableCell>
            <TableCell className="student-table__start">{sortable(state, 'start_date', onSort)}</TableCell>
            <TableCell>ステータス</TableCell>
            <TableCell>担当</TableCell>
            <TableCell>{sortable(state, 'due_on', onSort)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((s) => (
            <TableRow key={s.id} data-testid="student-row" hover>
              <TableCell data-label="氏名" className="data-table__nowrap">
                <Link to={`/students/${s.id}`} className="data-table__breakable">
                  {displayName(s)}
                </Link>
                {s.name && s.name !== displayName(s) && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {s.name}
                  </Typography>
                )}
                {!s.registered && <Chip size="small" variant="outlined" label="招待中" sx={{ ml: 0.5 }} />}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  className="data-table__fold data-table__breakable student-table__fold-email"
                >
                  {s.email}
                </Typography>
              </TableCell>
              <TableCell data-label="メールアドレス" className="student-table__email data-table__breakable">
                {s.email}
              </TableCell>
              <TableCell data-label="コース" className="student-table__course">
                {courseLabel(s.course)}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  className="data-table__fold student-table__fold-start"
                >
                  {formatDate(s.start_date)}開始
                </Typography>
              </TableCell>
              <TableCell data-label="開始日" className="student-table__start data-table__nowrap">
                {formatDate(s.start_date)}
              </TableCell>
              <TableCell data-label="ステータス" className="data-table__nowrap">
                {statusLabels[s.status]}
              </TableCell>
              <TableCell data-label="担当" className="data-table__nowrap">
                {s.mentor ? displayName(s.mentor) : '未割り当て'}
              </TableCell>
              <TableCell data-label="期限" className="data-table__nowrap">
                {s.due_on ? formatDate(s.due_on) : '—'}
                {s.behind && <Chip size="small" color="error" label="遅れ" sx={{ ml: 1 }} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DataTable>
  );
}
