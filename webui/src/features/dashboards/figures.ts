// The dashboard's answers as chart rows (pure, unit-tested).
import type { CourseCount, Dashboard, DashboardTrends } from '../../lib/api-types';
import { ageLabel } from '../../lib/review-status';

/** A theme colour of the palette (components/theme.ts). */
export type Tone = 'primary' | 'secondary' | 'warning' | 'error';

export interface Bar {
  key: string;
  /** Under the bar (short); `label` names the link. */
  tick: string;
  label: string;
  count: number;
  link: string | null;
  tone: Tone;
}

// Older waits call for action: slate, orange, amber, red.
const bucketTones: Tone[] = ['secondary', 'primary', 'warning', 'error'];

const courseTick = (c: CourseCount['course']) => (c.code === 'u29' ? 'U29' : `${c.months}ヶ月`);

export const courseBars = (counts: CourseCount[], tone: Tone = 'primary'): Bar[] =>
  counts.map((c) => ({
    key: c.course.code,
    tick: courseTick(c.course),
    label: `${c.course.name}(${c.course.months}ヶ月)`,
    count: c.count,
    link: c.link,
    tone,
  }));

export const bucketBars = (dashboard: Dashboard): Bar[] =>
  dashboard.waiting_submissions.buckets.map((b, i) => {
    const label = ageLabel(b.from_days || null, b.below_days);
    return { key: b.key, tick: label, label, count: b.count, link: b.link, tone: bucketTones[i] ?? 'error' };
  });

export const activeTotal = (dashboard: Dashboard) => dashboard.active_by_course.reduce((sum, c) => sum + c.count, 0);

/** A week on the axis: its Monday, 11/23週. */
export const weekLabel = (monday: string) => `${Number(monday.slice(5, 7))}/${Number(monday.slice(8, 10))}週`;

export interface TrendRows {
  weeks: string[];
  submissions: number[];
  reviews: number[];
  /** Hours, one decimal; null for a week without reviews (a gap in the line). */
  medianWait: (number | null)[];
  behind: number[];
}

export function trendRows(trends: DashboardTrends): TrendRows {
  const rows = trends.data;
  return {
    weeks: rows.map((w) => weekLabel(w.week_start)),
    submissions: rows.map((w) => w.submissions),
    reviews: rows.map((w) => w.reviews),
    medianWait: rows.map((w) =>
      w.median_review_wait_hours === null ? null : Math.round(w.median_review_wait_hours * 10) / 10,
    ),
    behind: rows.map((w) => w.behind),
  };
}
