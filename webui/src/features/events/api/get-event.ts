import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventKeys } from '../query-keys';

export const getEvent = (id: number) => unwrap(api.GET('/api/v1/events/{id}', { params: { path: { id } } }));

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id) });

export const useEvent = (id: number) => useQuery(eventQueryOptions(id));
