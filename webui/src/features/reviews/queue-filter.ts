// The review queue's filters, kept in the URL query (a filtered queue can be shared and
// survives a reload), and the GET /api/v1/submissions query they make.
import type { SubmissionQuery } from '../../lib/api-types';

export type QueueStatus = NonNullable<SubmissionQuery['status']>;
/** 担当: mine, nobody's, or any. */
export type MentorFilter = 'all' | 'me' | 'none';

export interface QueueFilter {
  status: QueueStatus;
  curriculum: string; // '' = every curriculum
  taskId: number | null;
  mentor: MentorFilter;
  /** Waiting at least this many whole days (URL `age`) and fewer than newerThanDays (`age_below`):
   * the dashboard's age buckets link here. */
  olderThanDays: number | null;
  newerThanDays: number | null;
  page: number;
}

export const defaultQueueFilter: QueueFilter = {
  status: 'waiting',
  curriculum: '',
  taskId: null,
  mentor: 'all',
  olderThanDays: null,
  newerThanDays: null,
  page: 1,
};

export const QUEUE_PER_PAGE = 20;
export const queueStatuses: readonly QueueStatus[] = ['waiting', 'changes_requested', 'approved', 'all'];
/** The 経過日数 choices: [from, below] in whole days (null: open), the dashboard's buckets first. */
export const ageChoices: readonly (readonly [number | null, number | null])[] = [
  [null, 1],
  [1, 3],
  [3, 7],
  [1, null],
  [3, null],
  [7, null],
  [14, null],
];

const wholeNumber = (raw: string | null, min: number): number | null => {
  if (raw === null || !/^[0-9]{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min ? value : null;
};

export function parseQueueFilter(params: URLSearchParams): QueueFilter {
  const status = params.get('status') as QueueStatus | null;
  const mentor = params.get('mentor') as MentorFilter | null;
  const curriculum = params.get('curriculum') ?? '';
  return {
    status: status && queueStatuses.includes(status) ? status : defaultQueueFilter.status,
    curriculum: /^[a-z0-9][a-z0-9-]{0,99}$/.test(curriculum) ? curriculum : '',
    taskId: wholeNumber(params.get('task'), 1),
    mentor: mentor === 'me' || mentor === 'none' ? mentor : 'all',
    olderThanDays: wholeNumber(params.get('age'), 0),
    newerThanDays: wholeNumber(params.get('age_below'), 1),
    page: wholeNumber(params.get('page'), 1) ?? 1,
  };
}

/** The URL query of a filter: only what differs from the defaults. */
export function queueSearchParams(filter: QueueFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status !== defaultQueueFilter.status) params.set('status', filter.status);
  if (filter.curriculum) params.set('curriculum', filter.curriculum);
  if (filter.taskId !== null) params.set('task', String(filter.taskId));
  if (filter.mentor !== 'all') params.set('mentor', filter.mentor);
  if (filter.olderThanDays !== null) params.set('age', String(filter.olderThanDays));
  if (filter.newerThanDays !== null) params.set('age_below', String(filter.newerThanDays));
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** The daemon's query for a filter (the contract's names: task_id, claimed_by, older_than_days,
 * newer_than_days). */
export function queueQuery(filter: QueueFilter, per = QUEUE_PER_PAGE): SubmissionQuery {
  const query: SubmissionQuery = { status: filter.status, page: filter.page, per };
  if (filter.curriculum) query.curriculum = filter.curriculum;
  if (filter.taskId !== null) query.task_id = filter.taskId;
  if (filter.mentor !== 'all') query.claimed_by = filter.mentor;
  if (filter.olderThanDays !== null) query.older_than_days = filter.olderThanDays;
  if (filter.newerThanDays !== null) query.newer_than_days = filter.newerThanDays;
  return query;
}

/** A changed filter starts again at page 1; a task belongs to one curriculum. */
export function changeFilter(filter: QueueFilter, change: Partial<Omit<QueueFilter, 'page'>>): QueueFilter {
  const next = { ...filter, ...change, page: 1 };
  if (change.curriculum !== undefined && change.curriculum !== filter.curriculum && change.taskId === undefined)
    next.taskId = null;
  return next;
}
