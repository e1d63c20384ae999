// Every TanStack Query key of the curriculum pages, in one place: invalidations name a prefix.
export const curriculumKeys = {
  all: ['curriculums'] as const,
  list: () => [...curriculumKeys.all, 'list'] as const,
  detail: (name: string) => [...curriculumKeys.all, 'detail', name] as const,
};
