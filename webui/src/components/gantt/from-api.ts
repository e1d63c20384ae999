// The daemon's Gantt periods (GET /students/{id}/gantt, /mypage) → the chart's rows. A task with
// a first-submission period shows its approval period as the revision (修正) period.
import type { GanttApiPeriod } from '../../lib/api-types';
import type { GanttPeriod } from './gantt-model';

export function ganttPeriods(periods: GanttApiPeriod[]): GanttPeriod[] {
  const withFirst = new Set(periods.filter((p) => p.kind === 'first_submission').map((p) => p.task_id));
  return periods.map((p) => ({
    key: String(p.index),
    label: p.task_title || `課題${p.task_id}`,
    kind: p.kind === 'first_submission' ? 'first' : withFirst.has(p.task_id) ? 'revision' : 'task',
    plannedStart: p.starts_on,
    plannedEnd: p.ends_on,
    submittedAt: p.submitted_on,
    approvedAt: p.approved_on,
    behind: p.state === 'behind',
  }));
}

export const periodStateLabels: Record<GanttApiPeriod['state'], string> = {
  done: '完了',
  behind: '遅れ',
  paused: '休止中',
  in_progress: '進行中',
  upcoming: '予定',
};
