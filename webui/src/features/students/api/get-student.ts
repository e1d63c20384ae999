import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Person, StudentSummary } from '../../../lib/student-types';
import { studentKeys } from '../query-keys';

export interface MentorChange {
  mentor: Person | null;
  changed_by: Person | null;
  changed_at: string;
}

export interface StudentDetail extends StudentSummary {
  mentor_history: MentorChange[];
  counts: { mentorings: number; submissions: number; approved_tasks: number; questions: number };
}

export const getStudent = (id: number): Promise<StudentDetail> =>
  unwrap(api.GET('/api/v1/students/{id}', { params: { path: { id } } }));

export const studentQueryOptions = (id: number) =>
  queryOptions({ queryKey: studentKeys.detail(id), queryFn: () => getStudent(id), retry: false });

export const useStudent = (id: number) => useQuery(studentQueryOptions(id));
