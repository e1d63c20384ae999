// Labels of the curriculum and review states, shared by the curriculum pages and
// the review queue: a task's status for a student, a submission's status, a review's verdict
// and a task's review level.
import type { ReviewLevel, ReviewStatus, SubmissionStatus, TaskStatus } from './api-types';

export const taskStatusLabels: Record<TaskStatus, string> = {
  not_started: '未着手',
  submitted: '提出済み',
  changes_requested: '修正依頼',
  approved: '合格',
};

export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  waiting: 'レビュー待ち',
  changes_requested: '修正依頼',
  approved: '合格',
};

/** The two verdicts a review form offers, in the order shown. */
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  approved: '合格',
  changes_requested: '修正依頼',
};

export const reviewLevelLabels: Record<ReviewLevel, string> = {
  basic: 'ベーシック',
  advanced: '上級',
};

/** A waiting submission's age range in whole days, [from, below) (null: open), as the review
 * queue's filter and the dashboard's buckets name it: 1日未満, 1〜3日, 7日以上. */
export function ageLabel(from: number | null, below: number | null): string {
  if (from !== null && below !== null) return `${from}〜${below}日`;
  if (below !== null) return `${below}日未満`;
  return from === null ? 'すべて' : `${from}日以上`;
}

export type StatusTone = 'neutral' | 'pending' | 'changes' | 'done';

/** How a status looks: not started (neutral), waiting (pending), changes requested, approved. */
export function statusTone(status: TaskStatus | SubmissionStatus): StatusTone {
  switch (status) {
    case 'submitted':
    case 'waiting':
      return 'pending';
    case 'changes_requested':
      return 'changes';
    case 'approved':
      return 'done';
    default:
      return 'neutral';
  }
}
