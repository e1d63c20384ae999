import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';
import type { QuestionInput } from '../types';

export const createQuestion = (question: QuestionInput) =>
  unwrap(api.POST('/api/v1/questions', { body: { question } }));

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.lists() }),
  });
}
