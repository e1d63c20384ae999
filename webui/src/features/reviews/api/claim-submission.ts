import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { reviewKeys } from '../query-keys';

export const claimSubmission = (id: number) =>
  unwrap(api.POST('/api/v1/submissions/{id}/claim', { params: { path: { id } } }));

// Success or a 409 (someone else was quicker): the queue and the submission reload either way.
export function useClaimSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
