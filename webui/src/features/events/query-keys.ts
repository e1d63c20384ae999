// Every TanStack Query key of the events feature, in one place: invalidations name a prefix.
export type EventScope = 'upcoming' | 'past' | 'drafts';

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (scope: EventScope, page: number) => [...eventKeys.lists(), scope, page] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  participants: (id: number) => [...eventKeys.all, 'detail', id, 'participants'] as const,
  // The badge next to イベント (the frame shows it; /events invalidates it once the list loads).
  unreadCount: ['events', 'unread_count'] as const,
  tags: ['event_tags'] as const,
  calendarFeed: ['calendar_feed'] as const,
};
