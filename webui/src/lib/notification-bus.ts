// What NotificationChannel says (docs/notifications.md "Live"), parsed, and the app-wide bus
// the frame's one subscription publishes it on: the bell, /notifications and any page that
// wants to react (a student's curriculum page refetches when a review arrives) listen here,
// so no feature imports another.
import { useEffect, useRef } from 'react';
import type { AppNotification, NotificationCategory, UnreadCounts } from './api-types';
import { isNotificationCategory, notificationCategories } from './notification-categories';

export type NotificationMessage =
  /** After every (re)connection: the counts now; lists reload (the catch-up). */
  | { type: 'unread'; unread: UnreadCounts }
  | { type: 'created'; notification: AppNotification; unread: UnreadCounts }
  /** Read elsewhere: some ids, or a whole category (null: every category). */
  | { type: 'read'; ids: number[] | null; category: NotificationCategory | null; unread: UnreadCounts };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function parseUnread(v: unknown): UnreadCounts | null {
  if (!isObject(v) || !isCount(v.total) || !isObject(v.by_category)) return null;
  const by = v.by_category;
  return notificationCategories.every((c) => isCount(by[c])) ? (v as unknown as UnreadCounts) : null;
}

function parseNotification(v: unknown): AppNotification | null {
  if (!isObject(v) || !isCount(v.id) || !isNotificationCategory(v.category)) return null;
  if (typeof v.title !== 'string' || typeof v.link !== 'string') return null;
  return v as unknown as AppNotification;
}

/** A message of the channel, or null for anything else (ignored). */
export function parseNotificationMessage(data: unknown): NotificationMessage | null {
  if (!isObject(data)) return null;
  const unread = parseUnread(data.unread);
  if (!unread) return null;
  if (data.type === 'unread') return { type: 'unread', unread };
  if (data.type === 'created') {
    const notification = parseNotification(data.notification);
    return notification ? { type: 'created', notification, unread } : null;
  }
  if (data.type === 'read') {
    const ids = Array.isArray(data.ids) && data.ids.every(isCount) ? (data.ids as number[]) : null;
    const category: NotificationCategory | null = isNotificationCategory(data.category) ? data.category : null;
    return { type: 'read', ids, category, unread };
  }
  return null;
}

type Listener = (message: NotificationMessage) => void;
const listeners = new Set<Listener>();

export function publishNotificationMessage(message: NotificationMessage): void {
  listeners.forEach((listener) => listener(message));
}

export function subscribeNotificationMessages(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Calls `listener` (the latest one given) with every message while the component is mounted. */
export function useNotificationMessages(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeNotificationMessages((m) => latest.current(m)), []);
}
