import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ReviewStatus } from '../../../lib/api-types';
import { reviewKeys } from '../query-keys';

export interface ReviewInput {
  comment: string;
  status: ReviewStatus;
}

export const createReview = (submissionId: number, review: ReviewInput) =>
  unwrap(api.POST('/api/v1/submissions/{id}/reviews', { params: { path: { id: submissionId } }, body: { review } }));

export function useCreateReview(submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => createReview(submissionId, review),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
