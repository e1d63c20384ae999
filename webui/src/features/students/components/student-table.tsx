import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { StudentSummary } from '../../../lib/api-types';
import { courseLabel } from '../courses';
import { sortLabels, statusLabels, type StudentListState, type StudentSort } from '../list-state';
import { formatDate } from '../../../lib/dates';

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

// One row per student: name (link to the detail), e-mail, course, start date, status, mentor in
// charge, the due date of the open period and the behind mark.
export function StudentTable({ students, state, onSort }: StudentTableProps) {
  if (students.length === 0) return <Typography sx={{ py: 4 }}>該当する受講生はいません</Typography>;
  return (
    <TableContainer>
      <Table size="small" data-testid="student-table">
        <TableHead>
          <TableRow>
            <TableCell>{sortable(state, 'name', onSort)}</TableCell>
            <TableCell>{sortable(state, 'email', onSort)}</TableCell>
            <TableCell>コース</TableCell>
            <TableCell>{sortable(state, 'start_date', onSort)}</TableCell>
            <TableCell>ステータス</TableCell>
            <TableCell>担当</TableCell>
            <TableCell>{sortable(state, 'due_on', onSort)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((s) => (
            <TableRow key={s.id} data-testid="student-row" hover>
              <TableCell>
                <Link to={`/students/${s.id}`}>{s.name || s.email}</Link>
                {s.nickname && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {s.nickname}
                  </Typography>
                )}
                {!s.registered && <Chip size="small" variant="outlined" label="招待中" />}
              </TableCell>
              <TableCell>{s.email}</TableCell>
              <TableCell>{courseLabel(s.course)}</TableCell>
              <TableCell>{formatDate(s.start_date)}</TableCell>
              <TableCell>{statusLabels[s.status]}</TableCell>
              <TableCell>{s.mentor?.nickname ?? '未割り当て'}</TableCell>
              <TableCell>
                {s.due_on ? formatDate(s.due_on) : '—'}
                {s.behind && <Chip size="small" color="error" label="遅れ" sx={{ ml: 1 }} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
