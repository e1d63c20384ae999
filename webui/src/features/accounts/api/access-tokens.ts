import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { AccessTokenInput } from '../../../lib/api-types';

export const accessTokensQueryKey = ['accounts', 'me', 'tokens'] as const;

export const useAccessTokens = () =>
  useQuery(
    queryOptions({
      queryKey: accessTokensQueryKey,
      queryFn: () => unwrap(api.GET('/api/v1/accounts/me/tokens')),
      staleTime: 0,
      retry: false,
    }),
  );

// The answer holds the secret: shown once, never cached.
export const createAccessToken = (token: AccessTokenInput) =>
  unwrap(api.POST('/api/v1/accounts/me/tokens', { body: { token } }));

export const deleteAccessToken = (id: number) =>
  unwrap(api.DELETE('/api/v1/accounts/me/tokens/{id}', { params: { path: { id } } }));
