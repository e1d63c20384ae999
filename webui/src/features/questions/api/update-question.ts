import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';
import type { QuestionInput } from '../types';

export const updateQuestion = (id: number, question: QuestionInput) =>
  unwrap(api.PATCH('/api/v1/questions/{id}', { params: { path: { id } }, body: { question } }));

export function useUpdateQuestion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: QuestionInput) => updateQuestion(id, question),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
