import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queueQuery, type QueueFilter } from '../queue-filter';
import { reviewKeys } from '../query-keys';

export const getSubmissions = (filter: QueueFilter) =>
  unwrap(api.GET('/api/v1/submissions', { params: { query: queueQuery(filter) } }));

export const submissionsQueryOptions = (filter: QueueFilter) =>
  queryOptions({
    queryKey: reviewKeys.queue(filter),
    queryFn: () => getSubmissions(filter),
    placeholderData: keepPreviousData,
    staleTime: 2_000, // the route's prefetch (app/prefetch.ts) is not fetched again on mount
  });

export const useSubmissions = (filter: QueueFilter) => useQuery(submissionsQueryOptions(filter));
