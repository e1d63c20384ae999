// School time, the one way: every date and time the app shows or sends is on the school's
// clock (Asia/Tokyo), whatever the browser's own zone is (a student abroad sees the times the
// school announces). dayjs with its utc/timezone plugins (Intl underneath); nothing else in the
// app converts zones or adds offsets by hand.
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ja');
// dayjs asks `Date#toString() === 'Invalid Date'` (in isValid, so in every format()): the first
// toString of a page loads the browser zone's display names, 80 ms of a cold /mypage on a slow
// core. A Date is invalid exactly when its time is NaN, which costs nothing to ask.
dayjs.extend((_options, Dayjs) => {
  Dayjs.prototype.isValid = function isValid(this: dayjs.Dayjs) {
    return !Number.isNaN(this.valueOf());
  };
});

export const SCHOOL_TIME_ZONE = 'Asia/Tokyo';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Japan has kept +09:00 without summer time since September 1951 (IANA tzdata, rule "Japan"): an
// instant from 1952 on is +540 minutes without asking Intl, whose first use (the zone's rules)
// cost 30–65 ms of a page's first render. Earlier instants (the 1948–51 summer times) ask the
// zone's rules through one formatter, made on first need (dayjs' tz() builds a new one per call).
const FIXED_OFFSET_SINCE = Date.UTC(1952, 0, 1);
const FIXED_OFFSET_MINUTES = 9 * 60;
let schoolClock: Intl.DateTimeFormat | undefined;

/** Minutes the school's clock is ahead of UTC at `at`. */
function schoolOffset(at: Date): number {
  if (at.getTime() >= FIXED_OFFSET_SINCE) return FIXED_OFFSET_MINUTES;
  schoolClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SCHOOL_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of schoolClock.formatToParts(at)) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** An instant (ISO 8601 with offset, or a Date) on the school's clock, for dayjs formatting. */
export function schoolTime(at: string | Date) {
  const instant = dayjs(at);
  return instant.isValid() ? instant.utcOffset(schoolOffset(instant.toDate())) : instant;
}

/** 2026/11/20 10:00 (or `pattern`, dayjs tokens, ja locale) in school time. */
export const formatDateTime = (iso: string, pattern = 'YYYY/MM/DD HH:mm'): string => schoolTime(iso).format(pattern);

/** A day as people read it everywhere in the app: 2026/11/26 (a YYYY-MM-DD, or an instant's
 * school day); '' when it is not a date. With formatDateTime, the one format family. */
export function formatDate(value: string | Date): string {
  const day = schoolDate(value);
  return day ? day.replaceAll('-', '/') : '';
}

/** The school day (YYYY-MM-DD) of an instant; a bare YYYY-MM-DD stays as it is, anything else is ''. */
export function schoolDate(value: string | Date): string {
  if (typeof value === 'string' && ISO_DATE.test(value)) return value;
  const at = schoolTime(value);
  return at.isValid() ? at.format('YYYY-MM-DD') : '';
}

/** Today in school time. */
export const schoolToday = (now: Date = new Date()): string => schoolDate(now);

/** The year in school time (the footer's ©). */
export const currentYear = (now: Date = new Date()): number => schoolTime(now).year();

/** A school wall-clock date and time (what a form holds: 2026-12-05, 19:00 or 19:00:30) as the
 * ISO 8601 instant the server takes: 2026-12-05T19:00:00+09:00. */
export const schoolInstant = (date: string, time: string): string =>
  dayjs.tz(`${date} ${time}`, SCHOOL_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ssZ');

/** Whole days from `iso` to `now` (0 for today or the future). */
export function daysSince(iso: string, now: Date = new Date()): number {
  return Math.max(0, dayjs(now).diff(dayjs(iso), 'day'));
}
