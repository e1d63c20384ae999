import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const getPasswordReset = (token: string) =>
  unwrap(api.GET('/api/v1/password_resets/{token}', { params: { path: { token } } }));

// Whether the link still works (404: unknown, used or expired). Not cached: a link is checked once.
export const usePasswordReset = (token: string | undefined) =>
  useQuery({
    queryKey: ['password-reset', token ?? ''],
    queryFn: () => getPasswordReset(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    gcTime: 0,
  });
