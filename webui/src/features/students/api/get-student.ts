import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { StudentDetail } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

export const getStudent = (id: number): Promise<StudentDetail> =>
  unwrap(api.GET('/api/v1/students/{id}', { params: { path: { id } } }));

export const studentQueryOptions = (id: number) =>
  queryOptions({ queryKey: studentKeys.detail(id), queryFn: () => getStudent(id), retry: false });

export const useStudent = (id: number) => useQuery(studentQueryOptions(id));
