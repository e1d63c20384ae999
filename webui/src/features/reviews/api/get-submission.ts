import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { reviewKeys } from '../query-keys';

export const getSubmission = (id: number) => unwrap(api.GET('/api/v1/submissions/{id}', { params: { path: { id } } }));

export const submissionQueryOptions = (id: number) =>
  queryOptions({ queryKey: reviewKeys.detail(id), queryFn: () => getSubmission(id) });

export const useSubmission = (id: number) => useQuery(submissionQueryOptions(id));
