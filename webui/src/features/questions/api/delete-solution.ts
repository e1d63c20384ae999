import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const deleteSolution = (questionId: number) =>
  unwrap(api.DELETE('/api/v1/questions/{id}/solution', { params: { path: { id: questionId } } }));

export function useDeleteSolution(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSolution(questionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
