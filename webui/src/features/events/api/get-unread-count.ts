import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventKeys } from '../query-keys';

export const getUnreadEventCount = () => unwrap(api.GET('/api/v1/events/unread_count'));

// Fetched only for students (not U29) and graduates (spec §6): `enabled` says who.
export const unreadEventCountQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: eventKeys.unreadCount, queryFn: getUnreadEventCount, enabled });

export const useUnreadEventCount = (enabled: boolean) => useQuery(unreadEventCountQueryOptions(enabled));
