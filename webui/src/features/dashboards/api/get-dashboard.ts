import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { StudentCourse } from '../../../lib/student-types';
import { dashboardKeys } from '../query-keys';

export interface CourseCount {
  course: StudentCourse;
  count: number;
  link: string;
}

export type AgeBucket = 'within_1_day' | 'within_3_days' | 'within_7_days' | 'over_7_days';

export interface Dashboard {
  today: string;
  active_by_course: CourseCount[];
  behind: { count: number; by_course: CourseCount[]; link: string };
  waiting_submissions: {
    count: number;
    oldest_created_at: string | null;
    buckets: { key: AgeBucket; count: number }[];
    link: string;
  };
  unanswered_questions: { count: number; link: string | null };
  upcoming_events: {
    count: number;
    data: {
      id: number;
      title: string;
      starts_at: string;
      ends_at: string;
      participants_count: number;
      capacity: number;
    }[];
    link: string;
  };
  new_students_this_month: { count: number; link: string | null };
  failed_mails: { count: number; link: string | null };
}

export const getDashboard = (): Promise<Dashboard> => unwrap(api.GET('/api/v1/dashboard'));

export const useDashboard = () => useQuery({ queryKey: dashboardKeys.all, queryFn: getDashboard });
