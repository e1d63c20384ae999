import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventKeys } from '../query-keys';

export const getCalendarFeed = () => unwrap(api.GET('/api/v1/calendar_feed'));

export const calendarFeedQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: eventKeys.calendarFeed, queryFn: getCalendarFeed, enabled });

export const useCalendarFeed = (enabled: boolean) => useQuery(calendarFeedQueryOptions(enabled));
