import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { studentKeys } from '../query-keys';
import type { StudentDetail } from '../../../lib/api-types';

export const updateMentor = (id: number, mentorId: number): Promise<StudentDetail> =>
  unwrap(
    api.PATCH('/api/v1/students/{id}/mentor', { params: { path: { id } }, body: { student: { mentor_id: mentorId } } }),
  );

export function useUpdateMentor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mentorId: number) => updateMentor(id, mentorId),
    onSuccess: (student) => {
      queryClient.setQueryData(studentKeys.detail(id), student);
      return queryClient.invalidateQueries({ queryKey: studentKeys.lists() });
    },
  });
}
