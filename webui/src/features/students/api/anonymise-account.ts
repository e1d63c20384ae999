import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { studentKeys } from '../query-keys';

// A deletion request (docs/privacy.md "Deletion requests"): irreversible, admins only.
export const anonymiseAccount = (accountId: number, reason: string) =>
  unwrap(api.POST('/api/v1/accounts/{id}/anonymisation', { params: { path: { id: accountId } }, body: { reason } }));

export function useAnonymiseAccount(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, reason }: { accountId: number; reason: string }) => anonymiseAccount(accountId, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studentKeys.detail(studentId) }),
        queryClient.invalidateQueries({ queryKey: studentKeys.lists() }),
      ]),
  });
}
