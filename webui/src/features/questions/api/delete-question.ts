import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const deleteQuestion = (id: number) =>
  unwrap(api.DELETE('/api/v1/questions/{id}', { params: { path: { id } } }));

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.lists() }),
  });
}
