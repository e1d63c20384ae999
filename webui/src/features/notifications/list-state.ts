// What /notifications shows, kept in the URL (?category=review&unread=1&page=2) so a reload or
// a shared link keeps the tab.
import type { NotificationCategory, NotificationQuery } from '../../lib/api-types';
import { isNotificationCategory } from '../../lib/notification-categories';

export const PER_PAGE = 20;

export interface NotificationListState {
  category: NotificationCategory | null;
  unreadOnly: boolean;
  page: number;
}

export function parseListState(params: URLSearchParams): NotificationListState {
  const category = params.get('category');
  const page = Number(params.get('page'));
  return {
    category: isNotificationCategory(category) ? category : null,
    unreadOnly: params.get('unread') === '1',
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function toSearchParams(state: NotificationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.unreadOnly) params.set('unread', '1');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export const toQuery = (state: NotificationListState): NotificationQuery => ({
  ...(state.category ? { category: state.category } : {}),
  ...(state.unreadOnly ? { unread: true } : {}),
  page: state.page,
  per: PER_PAGE,
});
