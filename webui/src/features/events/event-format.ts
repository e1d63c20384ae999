// Dates and times of events as students read them: Japanese, in school time (lib/dates).
import { schoolTime } from '../../lib/dates';
import type { EventItem } from './types';

// '2026年12月5日(土) 19:00〜21:00'; an event past midnight names its end day too.
export function formatEventSchedule(event: Pick<EventItem, 'starts_at' | 'ends_at'>): string {
  const start = schoolTime(event.starts_at);
  const end = schoolTime(event.ends_at);
  const day = start.format('YYYY年M月D日(dd)');
  const endText = end.isSame(start, 'day') ? end.format('HH:mm') : end.format('M月D日(dd) HH:mm');
  return `${day} ${start.format('HH:mm')}〜${endText}`;
}

// '定員 20名 / 参加 12名'; the waitlist only when someone waits.
export function formatCapacity(event: Pick<EventItem, 'capacity' | 'participants_count' | 'waitlist_count'>): string {
  const base = `定員 ${event.capacity}名 / 参加 ${event.participants_count}名`;
  return event.waitlist_count > 0 ? `${base} / キャンセル待ち ${event.waitlist_count}名` : base;
}

export const isFull = (event: Pick<EventItem, 'capacity' | 'participants_count'>) =>
  event.participants_count >= event.capacity;

export const hasEnded = (event: Pick<EventItem, 'ends_at'>, now: Date = new Date()) =>
  Date.parse(event.ends_at) < now.getTime();
