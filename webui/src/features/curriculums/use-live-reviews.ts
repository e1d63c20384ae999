import { useQueryClient } from '@tanstack/react-query';
import { useNotificationMessages } from '../../lib/notification-bus';
import { curriculumKeys } from './query-keys';

// A review (or a milestone) of the student arrives as a `review` notification: the curriculum
// pages load their tasks, submissions and reviews again, so it shows without a reload. So does
// a reconnection (`unread`: something may have been missed).
export function useLiveReviews() {
  const queryClient = useQueryClient();
  useNotificationMessages((message) => {
    const review = message.type === 'created' && message.notification.category === 'review';
    if (review || message.type === 'unread') void queryClient.invalidateQueries({ queryKey: curriculumKeys.all });
  });
}
