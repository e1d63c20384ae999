// Every TanStack Query key of the notification centre, in one place: invalidations name a prefix.
import type { NotificationQuery } from '../../lib/api-types';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: NotificationQuery) => [...notificationKeys.lists(), query] as const,
};
