import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Question } from '../types';

export const deleteSolution = (questionId: number): Promise<Question> =>
  apiRequest<Question>(`/api/v1/questions/${questionId}/solution`, { method: 'DELETE' });

export function useDeleteSolution(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSolution(questionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
}
