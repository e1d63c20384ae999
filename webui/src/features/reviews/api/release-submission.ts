import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { reviewKeys } from '../query-keys';

export const releaseSubmission = (id: number) =>
  unwrap(api.DELETE('/api/v1/submissions/{id}/claim', { params: { path: { id } } }));

export function useReleaseSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
