import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const deleteAnswer = (id: number): Promise<void> =>
  apiRequest<void>(`/api/v1/answers/${id}`, { method: 'DELETE' });

export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
}
