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
  });

export const useSubmissions = (filter: QueueFilter) => useQuery(submissionsQueryOptions(filter));
