import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { studentKeys } from '../query-keys';
import type { Mentoring, MentoringInput } from '../../../lib/api-types';

export const createMentoring = (id: number, mentoring: MentoringInput): Promise<Mentoring> =>
  unwrap(api.POST('/api/v1/students/{id}/mentorings', { params: { path: { id } }, body: { mentoring } }));

export function useCreateMentoring(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mentoring: MentoringInput) => createMentoring(id, mentoring),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.detail(id) }),
  });
}
