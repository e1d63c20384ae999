// Every TanStack Query key of the question box, in one place: invalidations name a prefix.
import type { QuestionSearch } from './search-state';

export const questionKeys = {
  all: ['questions'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (search: QuestionSearch) => [...questionKeys.lists(), search] as const,
  detail: (id: number) => [...questionKeys.all, 'detail', id] as const,
  watch: (id: number) => [...questionKeys.all, 'watch', id] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
};
