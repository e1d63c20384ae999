// TanStack Query keys of the unsubscribe pages.
import type { UnsubscribeTopic } from './topics';

export const unsubscribeKeys = {
  all: ['mail-unsubscriptions'] as const,
  link: (topic: UnsubscribeTopic, id: string) => [...unsubscribeKeys.all, topic, id] as const,
};
