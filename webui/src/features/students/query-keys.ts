// Every TanStack Query key of the students feature, in one place: invalidations name a prefix.
import type { StudentListState } from './list-state';

export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: (state: StudentListState) => [...studentKeys.lists(), state] as const,
  detail: (id: number) => [...studentKeys.all, 'detail', id] as const,
  mentorings: (id: number) => [...studentKeys.all, 'detail', id, 'mentorings'] as const,
  gantt: (id: number) => [...studentKeys.all, 'detail', id, 'gantt'] as const,
  submissions: (id: number) => [...studentKeys.all, 'detail', id, 'submissions'] as const,
  questions: (id: number) => [...studentKeys.all, 'detail', id, 'questions'] as const,
  mentors: ['mentors'] as const,
};
