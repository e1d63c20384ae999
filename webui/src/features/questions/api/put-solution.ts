import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const putSolution = (questionId: number, answerId: number) =>
  unwrap(
    api.PUT('/api/v1/questions/{id}/solution', { params: { path: { id: questionId } }, body: { answer_id: answerId } }),
  );

export function usePutSolution(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: number) => putSolution(questionId, answerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
