import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventKeys } from '../query-keys';

export const getEventTags = () => unwrap(api.GET('/api/v1/event_tags')).then((answer) => answer.data);

export const eventTagsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.tags, queryFn: getEventTags, staleTime: 5 * 60_000 });

export const useEventTags = () => useQuery(eventTagsQueryOptions());
