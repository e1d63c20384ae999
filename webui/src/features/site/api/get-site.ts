import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { siteKeys } from '../query-keys';

export const getSite = () => unwrap(api.GET('/api/v1/site'));

export const siteQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.all, queryFn: getSite, staleTime: Infinity, retry: 1 });

export const useSite = () => useQuery(siteQueryOptions());
