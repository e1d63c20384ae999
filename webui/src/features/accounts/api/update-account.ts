import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Account, AccountUpdate } from '../../../lib/api-types';
import { meQueryKey } from './get-me';

export const updateAccount = (id: number, account: AccountUpdate): Promise<Account> =>
  unwrap(api.PATCH('/api/v1/accounts/{id}', { params: { path: { id } }, body: { account } }));

// After a successful save the account is reloaded (spec §7).
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, account }: { id: number; account: AccountUpdate }) => updateAccount(id, account),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
