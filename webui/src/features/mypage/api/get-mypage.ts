import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Gantt, GanttApiPeriod, StudentQuestion, StudentSummary } from '../../../lib/student-types';
import { mypageKeys } from '../query-keys';

export interface CurriculumProgress {
  curriculum_name: string;
  title: string;
  tasks_count: number;
  submitted_count: number;
  approved_count: number;
}

export interface NextTask {
  task_id: number;
  task_title: string;
  curriculum_name: string;
  kind: GanttApiPeriod['kind'];
  ends_on: string;
  state: GanttApiPeriod['state'];
}

export interface MyPage {
  student: StudentSummary;
  progress: CurriculumProgress[];
  gantt: Gantt;
  next_task: NextTask | null;
  open_questions: StudentQuestion[];
  upcoming_events: { id: number; title: string; starts_at: string; ends_at: string }[];
}

export const getMyPage = (): Promise<MyPage> => unwrap(api.GET('/api/v1/mypage'));

export const useMyPage = () => useQuery({ queryKey: mypageKeys.all, queryFn: getMyPage });
