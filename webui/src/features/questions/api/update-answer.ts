import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const updateAnswer = (id: number, body: string) =>
  unwrap(api.PATCH('/api/v1/answers/{id}', { params: { path: { id } }, body: { answer: { body } } }));

export function useUpdateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => updateAnswer(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
