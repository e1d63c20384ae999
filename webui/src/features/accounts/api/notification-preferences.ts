import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { NotificationPreferencesInput } from '../../../lib/api-types';

export const notificationPreferencesKey = ['accounts', 'me', 'notification-preferences'] as const;

export const getNotificationPreferences = () => unwrap(api.GET('/api/v1/notification_preferences'));

export const updateNotificationPreferences = (notification_preferences: NotificationPreferencesInput) =>
  unwrap(api.PUT('/api/v1/notification_preferences', { body: { notification_preferences } }));

// Always read afresh when the tab opens (an unsubscribe page may have changed them meanwhile).
export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferencesKey, queryFn: getNotificationPreferences, staleTime: 0 });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}
