import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage } from '../../../lib/feedback';
import { isAdmin } from '../../../lib/roles';
import { useMentors } from '../api/get-mentors';
import { useStudents } from '../api/get-students';
import { StudentFilters } from '../components/student-filters';
import { StudentTable } from '../components/student-table';
import { parseListState, toListParams, withSort, type StudentListState } from '../list-state';
import { FetchingLine } from '../../../components/progress-line';

// /students (admins and mentors): search, filters, sort and page, all kept in the URL.
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const [params, setParams] = useSearchParams();
  const state = parseListState(params);
  const students = useStudents(state);
  const mentors = useMentors();
  const go = (next: StudentListState) => setParams(toListParams(next));

  useEffect(() => {
    if (students.error) showErrorPage(errorStatus(students.error));
  }, [students.error]);

  const meta = students.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per)) : 1;
  return (
    <AppTheme>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <PageHeading title="受講生管理" />
        {isAdmin(me.role) && (
          <Button component={Link} to="/students/import" variant="outlined">
            CSVで取り込む
          </Button>
        )}
      </Stack>
      <StudentFilters state={state} mentors={mentors.data?.data ?? []} onChange={go} />
      <FetchingLine active={students.isFetching} />
      {meta && (
        <Typography variant="body2" color="text.secondary" data-testid="student-total">
          {meta.total}件
        </Typography>
      )}
      {students.data && (
        <StudentTable students={students.data.data} state={state} onSort={(sort) => go(withSort(state, sort))} />
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(state.page, pages)}
          onChange={(_, page) => go({ ...state, page })}
        />
      )}
    </AppTheme>
  );
}
