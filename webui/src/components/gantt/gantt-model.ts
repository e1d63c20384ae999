// The Gantt chart's geometry as pure functions (no React): days, weekday labels, bar positions,
// the today line. Dates are school calendar days (Asia/Tokyo) as YYYY-MM-DD strings; timestamps
// from the daemon (ISO 8601 with offset) are turned into the school's day before drawing.

import { schoolDate } from '../../lib/dates';

export const WEEKDAY_LABELS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** What the chart draws per row (each feature maps its API shape onto this). */
export interface GanttPeriod {
  key: string;
  label: string;
  /** 'first' = first submission, 'revision' = revision until approval, 'task' = a whole task. */
  kind: 'first' | 'revision' | 'task';
  plannedStart: string; // YYYY-MM-DD
  plannedEnd: string; // YYYY-MM-DD, inclusive
  submittedAt?: string | null; // ISO timestamp of the first submission
  approvedAt?: string | null; // ISO timestamp of the approval
  behind: boolean;
}

export interface GanttInput {
  periods: GanttPeriod[];
  today: string; // YYYY-MM-DD (school time)
}

export const DAY_WIDTH = 16;
export const ROW_HEIGHT = 30;
export const HEADER_HEIGHT = 44; // month/day row + weekday row

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date (NaN when it is not one). */
export function dayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 日..土 for a YYYY-MM-DD date (1970-01-01 was a Thursday). */
export function weekdayLabel(date: string): string {
  return WEEKDAY_LABELS[(((dayNumber(date) + 4) % 7) + 7) % 7]!;
}

export interface GanttDay {
  date: string;
  x: number;
  dayOfMonth: number;
  weekday: string;
  weekend: 'sun' | 'sat' | null;
  monthStart: boolean;
}

export interface GanttBar {
  x: number;
  width: number;
}

export interface GanttRow {
  period: GanttPeriod;
  y: number;
  planned: GanttBar;
  /** From the planned start to the submission (first) or approval (revision, task); none yet: null. */
  actual: GanttBar | null;
  submittedX: number | null;
  approvedX: number | null;
}

export interface GanttLayout {
  first: string;
  days: GanttDay[];
  rows: GanttRow[];
  width: number;
  height: number;
  todayX: number | null;
}

const barBetween = (firstDay: number, from: number, to: number): GanttBar => ({
  x: (Math.min(from, to) - firstDay) * DAY_WIDTH,
  width: (Math.abs(to - from) + 1) * DAY_WIDTH,
});

const centreOf = (firstDay: number, day: number) => (day - firstDay + 0.5) * DAY_WIDTH;

// The drawn range: the planned periods, stretched to the actual dates and today when they lie
// outside (a late approval stays visible), at most 60 days beyond the plan each way.
function range(input: GanttInput): [number, number] {
  const planned = input.periods.flatMap((p) => [dayNumber(p.plannedStart), dayNumber(p.plannedEnd)]);
  if (planned.length === 0) return [Number.NaN, Number.NaN];
  const lo = Math.min(...planned);
  const hi = Math.max(...planned);
  const extra = input.periods
    .flatMap((p) => [p.submittedAt, p.approvedAt])
    .filter((v): v is string => Boolean(v))
    .map((v) => dayNumber(schoolDate(v)))
    .concat(dayNumber(input.today))
    .filter((d) => Number.isFinite(d) && d >= lo - 60 && d <= hi + 60);
  return [Math.min(lo, ...extra), Math.max(hi, ...extra)];
}

export function layoutGantt(input: GanttInput): GanttLayout {
  const [firstDay, lastDay] = range(input);
  if (!Number.isFinite(firstDay))
    return { first: '', days: [], rows: [], width: 0, height: HEADER_HEIGHT, todayX: null };
  const days: GanttDay[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const date = dateOfDayNumber(day);
    const weekday = weekdayLabel(date);
    const dayOfMonth = Number(date.slice(8));
    days.push({
      date,
      x: (day - firstDay) * DAY_WIDTH,
      dayOfMonth,
      weekday,
      weekend: weekday === '日' ? 'sun' : weekday === '土' ? 'sat' : null,
      monthStart: dayOfMonth === 1 || day === firstDay,
    });
  }
  const rows = input.periods.map((period, index): GanttRow => {
    const start = dayNumber(period.plannedStart);
    const submitted = period.submittedAt ? dayNumber(schoolDate(period.submittedAt)) : Number.NaN;
    const approved = period.approvedAt ? dayNumber(schoolDate(period.approvedAt)) : Number.NaN;
    const done = period.kind === 'first' ? submitted : approved;
    const visible = (d: number) => Number.isFinite(d) && d >= firstDay && d <= lastDay;
    return {
      period,
      y: HEADER_HEIGHT + index * ROW_HEIGHT,
      planned: barBetween(firstDay, start, dayNumber(period.plannedEnd)),
      actual: visible(done) ? barBetween(firstDay, start, done) : null,
      submittedX: visible(submitted) ? centreOf(firstDay, submitted) : null,
      approvedX: visible(approved) ? centreOf(firstDay, approved) : null,
    };
  });
  const today = dayNumber(input.today);
  return {
    first: dateOfDayNumber(firstDay),
    days,
    rows,
    width: days.length * DAY_WIDTH,
    height: HEADER_HEIGHT + rows.length * ROW_HEIGHT,
    todayX: today >= firstDay && today <= lastDay ? centreOf(firstDay, today) : null,
  };
}

/** Short text of a date for labels and titles: 11/25(水). */
export function shortDate(date: string): string {
  return `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}(${weekdayLabel(date)})`;
}
