import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Question, QuestionInput } from '../types';

export const updateQuestion = (id: number, question: QuestionInput): Promise<Question> =>
  apiRequest<Question>(`/api/v1/questions/${id}`, { method: 'PATCH', json: { question } });

export function useUpdateQuestion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: QuestionInput) => updateQuestion(id, question),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
}
