// The tabs of /notifications, in the catalogue's words (messages notification_category_*).
import type { NotificationCategory, UnreadCounts } from '../../lib/api-types';
import { messages } from '../../lib/messages';

export const categories: readonly NotificationCategory[] = ['review', 'question', 'event', 'student', 'announcement'];

export const categoryLabel = (category: NotificationCategory): string => messages[`notification_category_${category}`];

export const isCategory = (value: string | null): value is NotificationCategory =>
  categories.includes(value as NotificationCategory);

/** Unread of one tab (null: すべて). */
export const unreadOf = (unread: UnreadCounts | undefined, category: NotificationCategory | null): number =>
  !unread ? 0 : category ? unread.by_category[category] : unread.total;

/** A notification's link is a path of this app; anything else is not followed. */
export const isAppPath = (link: string): boolean => link.startsWith('/') && !link.startsWith('//') && !link.includes('\\');
