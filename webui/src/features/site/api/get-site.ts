import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SiteInfo } from '../../../lib/api-types';

export const getSite = (): Promise<SiteInfo> => apiRequest<SiteInfo>('/api/v1/site', { auth: false });

export const siteQueryOptions = () =>
  queryOptions({ queryKey: ['site'], queryFn: getSite, staleTime: Infinity, retry: 1 });

export const useSite = () => useQuery(siteQueryOptions());
