import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { curriculumKeys } from '../query-keys';

export const createSubmission = (taskId: number, repositoryUrl: string) =>
  unwrap(
    api.POST('/api/v1/tasks/{id}/submissions', {
      params: { path: { id: taskId } },
      body: { submission: { repository_url: repositoryUrl } },
    }),
  );

// A new submission changes the task's status and the curriculum's progress: both pages reload.
export function useCreateSubmission(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (repositoryUrl: string) => createSubmission(taskId, repositoryUrl),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
