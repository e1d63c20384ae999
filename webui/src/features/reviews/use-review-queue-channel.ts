import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../lib/auth-token';
import { createCableConsumer } from '../../lib/cable/consumer';
import { reviewKeys } from './query-keys';
import { joinReviewQueueChannel } from './review-queue-channel';

// Live updates of /reviews: each queue event refetches the queue (and the submission it names,
// when open); connection problems are only logged. Leaving the page unsubscribes and disconnects.
export function useReviewQueueChannel() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return undefined;
    const joined = joinReviewQueueChannel({
      consumer: createCableConsumer(token),
      onChange(event) {
        void queryClient.invalidateQueries({ queryKey: reviewKeys.queues() });
        if (event) void queryClient.invalidateQueries({ queryKey: reviewKeys.detail(event.submission_id) });
      },
      report: (problem) => console.warn(`ReviewQueueChannel: ${problem}`),
    });
    return () => joined.leave();
  }, [queryClient]);
}
