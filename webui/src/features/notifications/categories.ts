// The tabs of /notifications and what a notification may lead to.
import type { NotificationCategory, UnreadCounts } from '../../lib/api-types';

/** Unread of one tab (null: すべて). */
export const unreadOf = (unread: UnreadCounts | undefined, category: NotificationCategory | null): number =>
  !unread ? 0 : category ? unread.by_category[category] : unread.total;

/** A notification's link is a path of this app; anything else is not followed. */
export const isAppPath = (link: string): boolean =>
  link.startsWith('/') && !link.startsWith('//') && !link.includes('\\');
