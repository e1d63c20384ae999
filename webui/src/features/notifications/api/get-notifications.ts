import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { NotificationQuery } from '../../../lib/api-types';
import { notificationKeys } from '../query-keys';

export const getNotifications = (query: NotificationQuery) =>
  unwrap(api.GET('/api/v1/notifications', { params: { query } }));

export const notificationsQueryOptions = (query: NotificationQuery, enabled = true) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: () => getNotifications(query),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useNotifications = (query: NotificationQuery, enabled = true) =>
  useQuery(notificationsQueryOptions(query, enabled));
