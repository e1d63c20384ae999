import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const twoFactorQueryKey = ['accounts', 'me', 'two_factor'] as const;

export const useTwoFactorStatus = () =>
  useQuery(
    queryOptions({
      queryKey: twoFactorQueryKey,
      queryFn: () => unwrap(api.GET('/api/v1/accounts/me/two_factor')),
      staleTime: 0,
      retry: false,
    }),
  );

export const beginTwoFactor = () => unwrap(api.POST('/api/v1/accounts/me/two_factor'));

export const confirmTwoFactor = (code: string) =>
  unwrap(api.POST('/api/v1/accounts/me/two_factor/confirmation', { body: { code } }));

export const disableTwoFactor = (code: string) =>
  unwrap(api.DELETE('/api/v1/accounts/me/two_factor', { body: { code } }));
