import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { NotificationCategory, UnreadCounts } from '../../../lib/api-types';
import { notificationKeys } from '../query-keys';

export const markNotificationRead = (id: number) =>
  unwrap(api.POST('/api/v1/notifications/{id}/read', { params: { path: { id } } }));

/** null: every category. */
export const markNotificationsRead = (category: NotificationCategory | null) =>
  unwrap(api.POST('/api/v1/notifications/read', { body: category ? { category } : {} }));

/** The counts the server answered, and every list loaded again (what was unread changed). */
export function applyUnread(queryClient: QueryClient, unread: UnreadCounts): void {
  queryClient.setQueryData(notificationKeys.unreadCount(), unread);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const onSuccess = ({ unread }: { unread: UnreadCounts }) => applyUnread(queryClient, unread);
  return {
    one: useMutation({ mutationFn: markNotificationRead, onSuccess }),
    all: useMutation({ mutationFn: markNotificationsRead, onSuccess }),
  };
}
