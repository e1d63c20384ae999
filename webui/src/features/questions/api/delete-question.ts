import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const deleteQuestion = (id: number): Promise<void> =>
  apiRequest<void>(`/api/v1/questions/${id}`, { method: 'DELETE' });

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions', 'list'] }),
  });
}
