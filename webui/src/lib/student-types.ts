// Shapes of the students routes (issue 12, /work/contracts/students.md "Shapes"), shared by the
// students, dashboards and mypage features. The api/ files check them against the types
// generated from daemon/openapi.yaml, so a drift from the contract is a type error.
export type StudentStatus = 'active' | 'on_leave' | 'graduated';

export interface StudentCourse {
  code: string;
  name: string;
  months: number;
}

export interface Person {
  id: number;
  nickname: string;
  role: string;
  image_url: string | null;
}

export interface StudentSummary {
  id: number;
  account_id: number | null;
  registered: boolean;
  name: string;
  nickname: string;
  email: string;
  image_url: string | null;
  course: StudentCourse;
  start_date: string;
  status: StudentStatus;
  mentor: Person | null;
  behind: boolean;
  due_on: string | null;
  created_at: string;
}

export interface GanttApiPeriod {
  index: number;
  task_id: number;
  task_title: string;
  curriculum_name: string;
  kind: 'approval' | 'first_submission';
  start_day: number;
  end_day: number;
  starts_on: string;
  ends_on: string;
  submitted_on: string | null;
  approved_on: string | null;
  state: 'done' | 'behind' | 'paused' | 'in_progress' | 'upcoming';
  late: boolean;
}

export interface Gantt {
  student_id: number;
  course: StudentCourse;
  start_date: string;
  end_date: string;
  today: string;
  status: StudentStatus;
  behind: boolean;
  weekday_labels: string[];
  periods: GanttApiPeriod[];
}

export interface StudentQuestion {
  id: number;
  title: string;
  answers_count: number;
  solved: boolean;
  created_at: string;
}
