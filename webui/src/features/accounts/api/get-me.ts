import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Me } from '../../../lib/api-types';

export const getMe = (): Promise<Me> => unwrap(api.GET('/api/v1/accounts/me'));

export const meQueryKey = ['accounts', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: false });

export const useMe = () => useQuery(meQueryOptions());
