import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Mentoring } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

export const getMentorings = (id: number): Promise<{ data: Mentoring[] }> =>
  unwrap(api.GET('/api/v1/students/{id}/mentorings', { params: { path: { id } } }));

export const useMentorings = (id: number) =>
  useQuery({ queryKey: studentKeys.mentorings(id), queryFn: () => getMentorings(id) });
