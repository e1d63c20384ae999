import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { studentKeys } from '../query-keys';
import type { Mentoring, MentoringInput } from '../../../lib/api-types';

export const updateMentoring = (id: number, mentoringId: number, mentoring: MentoringInput): Promise<Mentoring> =>
  unwrap(
    api.PATCH('/api/v1/students/{id}/mentorings/{mid}', {
      params: { path: { id, mid: mentoringId } },
      body: { mentoring },
    }),
  );

export function useUpdateMentoring(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mentoringId, mentoring }: { mentoringId: number; mentoring: MentoringInput }) =>
      updateMentoring(id, mentoringId, mentoring),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.detail(id) }),
  });
}
