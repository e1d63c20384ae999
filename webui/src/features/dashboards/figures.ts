// The dashboard's answer as chart rows (pure, unit-tested).
import type { AgeBucket, CourseCount, Dashboard } from '../../lib/api-types';
import type { Bar } from './components/bar-list';

export const bucketLabels: Record<AgeBucket, string> = {
  within_1_day: '1日以内',
  within_3_days: '1〜3日',
  within_7_days: '3〜7日',
  over_7_days: '7日より前',
};

// Old waits are the ones to look at: the review queue filtered by age (docs/webui.md).
const bucketLinks: Record<AgeBucket, string> = {
  within_1_day: '/reviews',
  within_3_days: '/reviews?age=1',
  within_7_days: '/reviews?age=3',
  over_7_days: '/reviews?age=7',
};

export const courseBars = (counts: CourseCount[], tone: Bar['tone'] = 'primary'): Bar[] =>
  counts.map((c) => ({
    key: c.course.code,
    label: `${c.course.name}(${c.course.months}ヶ月)`,
    count: c.count,
    link: c.link,
    tone,
  }));

export const bucketBars = (dashboard: Dashboard): Bar[] =>
  dashboard.waiting_submissions.buckets.map((b) => ({
    key: b.key,
    label: bucketLabels[b.key] ?? b.key,
    count: b.count,
    link: bucketLinks[b.key] ?? dashboard.waiting_submissions.link,
    tone: b.key === 'over_7_days' ? 'error' : 'info',
  }));

export const activeTotal = (dashboard: Dashboard) => dashboard.active_by_course.reduce((sum, c) => sum + c.count, 0);
