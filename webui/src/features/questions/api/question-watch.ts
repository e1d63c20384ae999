import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

const path = (id: number) => ({ params: { path: { id } } });

export const getQuestionWatch = (id: number) => unwrap(api.GET('/api/v1/questions/{id}/watch', path(id)));
export const watchQuestion = (id: number) => unwrap(api.PUT('/api/v1/questions/{id}/watch', path(id)));
export const unwatchQuestion = (id: number) => unwrap(api.DELETE('/api/v1/questions/{id}/watch', path(id)));

export const questionWatchQueryOptions = (id: number) =>
  queryOptions({ queryKey: questionKeys.watch(id), queryFn: () => getQuestionWatch(id) });

export const useQuestionWatch = (id: number) => useQuery(questionWatchQueryOptions(id));

/** Watch (true) or stop watching (false); the answer is the state now. */
export function useSetQuestionWatch(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) => (watching ? watchQuestion(id) : unwatchQuestion(id)),
    onSuccess: (state) => queryClient.setQueryData(questionKeys.watch(id), state),
  });
}
