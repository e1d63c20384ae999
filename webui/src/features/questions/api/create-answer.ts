import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Answer } from '../types';

export const createAnswer = (questionId: number, body: string): Promise<Answer> =>
  apiRequest<Answer>(`/api/v1/questions/${questionId}/answers`, { method: 'POST', json: { answer: { body } } });

export function useCreateAnswer(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createAnswer(questionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
}
