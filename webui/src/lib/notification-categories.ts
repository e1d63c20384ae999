// The categories of the notification centre (docs/notifications.md), in the catalogue's words
// (messages notification_category_*): the tabs of /notifications and the rows of the settings.
import type { NotificationCategory } from './api-types';
import { messages } from './messages';

export const notificationCategories: readonly NotificationCategory[] = [
  'review',
  'question',
  'event',
  'student',
  'announcement',
];

export const isNotificationCategory = (value: unknown): value is NotificationCategory =>
  notificationCategories.includes(value as NotificationCategory);

export const categoryLabel = (category: NotificationCategory): string => messages[`notification_category_${category}`];
