import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Answer } from '../types';

export const updateAnswer = (id: number, body: string): Promise<Answer> =>
  apiRequest<Answer>(`/api/v1/answers/${id}`, { method: 'PATCH', json: { answer: { body } } });

export function useUpdateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => updateAnswer(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
}
