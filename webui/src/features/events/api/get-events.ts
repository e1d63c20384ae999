import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventKeys, type EventScope } from '../query-keys';

export const EVENTS_PER_PAGE = 20;

export const getEvents = (scope: EventScope, page: number) =>
  unwrap(api.GET('/api/v1/events', { params: { query: { scope, page, per: EVENTS_PER_PAGE } } }));

export const eventsQueryOptions = (scope: EventScope, page: number) =>
  queryOptions({
    queryKey: eventKeys.list(scope, page),
    queryFn: () => getEvents(scope, page),
    placeholderData: keepPreviousData,
  });

export const useEvents = (scope: EventScope, page: number) => useQuery(eventsQueryOptions(scope, page));
