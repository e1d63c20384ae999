import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const createAnswer = (questionId: number, body: string) =>
  unwrap(
    api.POST('/api/v1/questions/{id}/answers', { params: { path: { id: questionId } }, body: { answer: { body } } }),
  );

export function useCreateAnswer(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createAnswer(questionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
