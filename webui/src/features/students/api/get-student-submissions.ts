import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { StudentSubmission } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

export const getStudentSubmissions = (id: number): Promise<{ data: StudentSubmission[] }> =>
  unwrap(api.GET('/api/v1/students/{id}/submissions', { params: { path: { id } } }));

export const useStudentSubmissions = (id: number) =>
  useQuery({ queryKey: studentKeys.submissions(id), queryFn: () => getStudentSubmissions(id) });
