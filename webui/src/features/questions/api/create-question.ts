import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Question, QuestionInput } from '../types';

export const createQuestion = (question: QuestionInput): Promise<Question> =>
  apiRequest<Question>('/api/v1/questions', { method: 'POST', json: { question } });

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions', 'list'] }),
  });
}
