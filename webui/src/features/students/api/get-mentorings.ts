import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Person } from '../../../lib/student-types';
import { studentKeys } from '../query-keys';

export interface Mentoring {
  id: number;
  student_id: number;
  author: Person | null;
  held_at: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export const getMentorings = (id: number): Promise<{ data: Mentoring[] }> =>
  unwrap(api.GET('/api/v1/students/{id}/mentorings', { params: { path: { id } } }));

export const useMentorings = (id: number) =>
  useQuery({ queryKey: studentKeys.mentorings(id), queryFn: () => getMentorings(id) });
