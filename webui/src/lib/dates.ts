import dayjs from 'dayjs';
import 'dayjs/locale/ja';

dayjs.locale('ja');

export { dayjs };

export function currentYear(now: Date = new Date()): number {
  return dayjs(now).year();
}

/** 2026/11/20 10:00 in the browser's time zone. */
export const formatDateTime = (iso: string): string => dayjs(iso).format('YYYY/MM/DD HH:mm');

/** Whole days from `iso` to `now` (0 for today or the future). */
export function daysSince(iso: string, now: Date = new Date()): number {
  return Math.max(0, dayjs(now).diff(dayjs(iso), 'day'));
}
