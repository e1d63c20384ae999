// The student list's search, filters, sort and page live in the URL query, under the daemon's own
// parameter names (?q=…&course=rails_4m&mentor_id=3&status=active&behind=true&sort=name&order=asc
// &page=2), so a list can be shared, bookmarked and survives a reload, and the dashboard's figure
// links (/students?behind=true&course=rails_4m) open it filtered.
export const STUDENT_STATUSES = ['active', 'on_leave', 'graduated'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const STUDENT_SORTS = ['start_date', 'name', 'email', 'due_on', 'created_at'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const statusLabels: Record<StudentStatus, string> = {
  active: '受講中',
  on_leave: '休会中',
  graduated: '卒業',
};

export const sortLabels: Record<StudentSort, string> = {
  start_date: '開始日',
  name: '氏名',
  email: 'メールアドレス',
  due_on: '期限',
  created_at: '登録日',
};

export interface StudentListState {
  q: string;
  course: string; // '' = every course
  mentorId: number | 'none' | null; // null = any, 'none' = unassigned
  status: StudentStatus | '';
  behind: boolean;
  startedFrom: string; // YYYY-MM-DD or ''
  startedTo: string;
  sort: StudentSort;
  order: SortOrder;
  page: number;
}

export const defaultListState: StudentListState = {
  q: '',
  course: '',
  mentorId: null,
  status: '',
  behind: false,
  startedFrom: '',
  startedTo: '',
  sort: 'start_date',
  order: 'desc',
  page: 1,
};

const positive = (raw: string | null): number | null => {
  if (!raw || !/^[1-9][0-9]{0,17}$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
};

const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | null =>
  list.includes(raw as T) ? (raw as T) : null;

// Unknown or broken values fall back to the defaults (a hand-edited URL never breaks the page).
const date = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : '');

export function parseListState(params: URLSearchParams): StudentListState {
  const course = params.get('course') ?? '';
  return {
    q: [...(params.get('q') ?? '')].slice(0, 100).join(''),
    course: /^[a-z0-9_]{1,40}$/.test(course) ? course : '',
    mentorId: params.get('mentor_id') === 'none' ? 'none' : positive(params.get('mentor_id')),
    status: oneOf(STUDENT_STATUSES, params.get('status')) ?? '',
    behind: params.get('behind') === 'true',
    startedFrom: date(params.get('started_from')),
    startedTo: date(params.get('started_to')),
    sort: oneOf(STUDENT_SORTS, params.get('sort')) ?? defaultListState.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultListState.order,
    page: positive(params.get('page')) ?? 1,
  };
}

// Only what differs from the defaults goes into the URL; the same parameters go to the daemon.
export function toListParams(state: StudentListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.course) params.set('course', state.course);
  if (state.mentorId !== null) params.set('mentor_id', String(state.mentorId));
  if (state.status) params.set('status', state.status);
  if (state.behind) params.set('behind', 'true');
  if (state.startedFrom) params.set('started_from', state.startedFrom);
  if (state.startedTo) params.set('started_to', state.startedTo);
  if (state.sort !== defaultListState.sort) params.set('sort', state.sort);
  if (state.order !== defaultListState.order) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A change of search or filter starts again at page 1. */
export function withFilter(state: StudentListState, change: Partial<StudentListState>): StudentListState {
  return { ...state, ...change, page: 1 };
}

/** Clicking a column: the same column flips the order, another one starts ascending. */
export function withSort(state: StudentListState, sort: StudentSort): StudentListState {
  const order: SortOrder = state.sort === sort && state.order === 'asc' ? 'desc' : 'asc';
  return { ...state, sort, order, page: 1 };
}
