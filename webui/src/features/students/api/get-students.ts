import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { StudentPage } from '../../../lib/api-types';
import { toListParams, type StudentListState } from '../list-state';
import { studentKeys } from '../query-keys';

export const STUDENTS_PER_PAGE = 20;

// The list's URL parameters are the daemon's (list-state.ts), plus the page size.
export function studentsQuery(state: StudentListState) {
  const query = Object.fromEntries(toListParams(state)) as Record<string, string>;
  return { ...query, page: state.page, per: STUDENTS_PER_PAGE };
}

export const getStudents = (state: StudentListState): Promise<StudentPage> =>
  unwrap(api.GET('/api/v1/students', { params: { query: studentsQuery(state) } }));

export const studentsQueryOptions = (state: StudentListState) =>
  queryOptions({
    queryKey: studentKeys.list(state),
    queryFn: () => getStudents(state),
    placeholderData: keepPreviousData,
  });

export const useStudents = (state: StudentListState) => useQuery(studentsQueryOptions(state));
