import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Question } from '../types';

export const putSolution = (questionId: number, answerId: number): Promise<Question> =>
  apiRequest<Question>(`/api/v1/questions/${questionId}/solution`, { method: 'PUT', json: { answer_id: answerId } });

export function usePutSolution(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: number) => putSolution(questionId, answerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
}
