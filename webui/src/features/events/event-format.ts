// Dates and times of events as students read them: Japanese (dayjs ja), in the school's time
// zone (Asia/Tokyo) whatever the browser's zone is.
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dayjs } from '../../lib/dates';
import type { EventItem } from './types';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SCHOOL_TIME_ZONE = 'Asia/Tokyo';

const inSchoolZone = (iso: string) => dayjs(iso).tz(SCHOOL_TIME_ZONE);

// '2026年12月5日(土) 19:00〜21:00'; an event past midnight names its end day too.
export function formatEventSchedule(event: Pick<EventItem, 'starts_at' | 'ends_at'>): string {
  const start = inSchoolZone(event.starts_at);
  const end = inSchoolZone(event.ends_at);
  const day = start.format('YYYY年M月D日(dd)');
  const endText = end.isSame(start, 'day') ? end.format('HH:mm') : end.format('M月D日(dd) HH:mm');
  return `${day} ${start.format('HH:mm')}〜${endText}`;
}

// The draft's fields (already the school's wall-clock time) as the ISO instants the server sends.
export function schoolInstant(date: string, time: string): string {
  return `${date}T${time}:00+09:00`;
}

export function formatDateTime(iso: string): string {
  return inSchoolZone(iso).format('YYYY年M月D日 HH:mm');
}

// '定員 20名 / 参加 12名'; the waitlist only when someone waits.
export function formatCapacity(event: Pick<EventItem, 'capacity' | 'participants_count' | 'waitlist_count'>): string {
  const base = `定員 ${event.capacity}名 / 参加 ${event.participants_count}名`;
  return event.waitlist_count > 0 ? `${base} / キャンセル待ち ${event.waitlist_count}名` : base;
}

export const isFull = (event: Pick<EventItem, 'capacity' | 'participants_count'>) =>
  event.participants_count >= event.capacity;

export const hasEnded = (event: Pick<EventItem, 'ends_at'>, now: Date = new Date()) =>
  dayjs(event.ends_at).isBefore(dayjs(now));
