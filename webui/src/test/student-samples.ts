// Sample answers of the students routes (the contract's shapes), for the route tests.
import type { Gantt, GanttApiPeriod, Person, StudentSummary } from '../lib/api-types';

export const mentorPerson = (id: number, displayName: string): Person => ({
  id,
  display_name: displayName,
  role: 'advanced_mentor',
  image_url: null,
});

export const sampleStudent = (overrides: Partial<StudentSummary> = {}): StudentSummary => ({
  id: 41,
  account_id: 120,
  registered: true,
  name: '山田 太郎',
  nickname: 'たろう',
  display_name: 'たろう',
  email: 'taro@example.com',
  image_url: null,
  course: { code: 'rails_4m', name: 'Railsキャリアコース', months: 4 },
  start_date: '2026-08-03',
  status: 'active',
  mentor: mentorPerson(3, '佐藤メンター'),
  behind: true,
  due_on: '2026-09-01',
  created_at: '2026-08-01T10:00:00+09:00',
  ...overrides,
});

export const sampleDetail = (overrides: Partial<StudentSummary> = {}) => ({
  ...sampleStudent(overrides),
  mentor_history: [
    {
      mentor: mentorPerson(3, '佐藤メンター'),
      changed_by: { ...mentorPerson(1, '管理者'), role: 'admin' },
      changed_at: '2026-08-03T09:00:00+09:00',
    },
  ],
  counts: { mentorings: 1, submissions: 2, approved_tasks: 1, questions: 1 },
});

const period = (
  index: number,
  task_id: number,
  kind: GanttApiPeriod['kind'],
  starts_on: string,
  ends_on: string,
  state: GanttApiPeriod['state'],
): GanttApiPeriod => ({
  index,
  task_id,
  task_title: `課題${task_id}`,
  curriculum_name: 'ruby',
  kind,
  start_day: 1,
  end_day: 14,
  starts_on,
  ends_on,
  submitted_on: state === 'done' ? starts_on : null,
  approved_on: state === 'done' ? ends_on : null,
  state,
  late: false,
});

export const sampleGantt = (): Gantt => ({
  student_id: 41,
  course: { code: 'rails_4m', name: 'Railsキャリアコース', months: 4 },
  start_date: '2026-08-03',
  end_date: '2026-11-22',
  today: '2026-08-20',
  status: 'active',
  behind: true,
  weekday_labels: ['日', '月', '火', '水', '木', '金', '土'],
  periods: [
    period(1, 13, 'approval', '2026-08-03', '2026-08-16', 'behind'),
    period(2, 14, 'approval', '2026-08-17', '2026-09-06', 'in_progress'),
  ],
});

// GET /api/v1/mypage for a student (any test that opens the student's home).
export const sampleMyPage = () => ({
  student: sampleStudent(),
  progress: [{ curriculum_name: 'ruby', title: 'Ruby', tasks_count: 4, submitted_count: 3, approved_count: 2 }],
  gantt: sampleGantt(),
  next_task: {
    task_id: 13,
    task_title: '課題13',
    curriculum_name: 'ruby',
    kind: 'approval' as const,
    ends_on: '2026-08-16',
    state: 'behind' as const,
  },
  open_questions: [],
  upcoming_events: [],
});
