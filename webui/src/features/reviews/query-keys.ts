// Every TanStack Query key of the review pages, in one place: invalidations name a prefix.
import type { ReviewNoteName } from '../../lib/api-types';
import type { QueueFilter } from './queue-filter';

export const reviewKeys = {
  all: ['reviews'] as const,
  queues: () => [...reviewKeys.all, 'queue'] as const,
  queue: (filter: QueueFilter) => [...reviewKeys.queues(), filter] as const,
  details: () => [...reviewKeys.all, 'submission'] as const,
  detail: (id: number) => [...reviewKeys.details(), id] as const,
  curriculums: () => [...reviewKeys.all, 'curriculums'] as const,
  note: (name: ReviewNoteName) => [...reviewKeys.all, 'note', name] as const,
};
