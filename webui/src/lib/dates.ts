import dayjs from 'dayjs';
import 'dayjs/locale/ja';

dayjs.locale('ja');

export { dayjs };

export function currentYear(now: Date = new Date()): number {
  return dayjs(now).year();
}
