import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const deleteAnswer = (id: number) => unwrap(api.DELETE('/api/v1/answers/{id}', { params: { path: { id } } }));

export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
