import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { studentKeys } from '../query-keys';

export const deleteMentoring = (id: number, mentoringId: number) =>
  unwrap(api.DELETE('/api/v1/students/{id}/mentorings/{mid}', { params: { path: { id, mid: mentoringId } } }));

export function useDeleteMentoring(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mentoringId: number) => deleteMentoring(id, mentoringId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.detail(id) }),
  });
}
