import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Person } from '../../../lib/student-types';
import { studentKeys } from '../query-keys';

export type SubmissionStatus = 'waiting' | 'changes_requested' | 'approved';

export interface StudentSubmission {
  id: number;
  task: { id: number; title: string; curriculum_name: string };
  status: SubmissionStatus;
  repository_url: string;
  created_at: string;
  reviewed_at: string | null;
  review: { status: SubmissionStatus; comment: string; reviewer: Person | null; created_at: string } | null;
}

export const getStudentSubmissions = (id: number): Promise<{ data: StudentSubmission[] }> =>
  unwrap(api.GET('/api/v1/students/{id}/submissions', { params: { path: { id } } }));

export const useStudentSubmissions = (id: number) =>
  useQuery({ queryKey: studentKeys.submissions(id), queryFn: () => getStudentSubmissions(id) });
