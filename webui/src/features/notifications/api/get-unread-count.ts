import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { notificationKeys } from '../query-keys';

export const getNotificationUnreadCount = () => unwrap(api.GET('/api/v1/notifications/unread_count'));

// The bell and the tabs. NotificationChannel keeps it current (setQueryData), so it never goes stale.
export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.unreadCount(), queryFn: getNotificationUnreadCount, staleTime: Infinity });

export const useNotificationUnreadCount = () => useQuery(unreadCountQueryOptions());
