import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Person } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

export const getMentors = (): Promise<{ data: Person[] }> => unwrap(api.GET('/api/v1/mentors'));

export const useMentors = () => useQuery({ queryKey: studentKeys.mentors, queryFn: getMentors, staleTime: 60_000 });
