import { api, unwrap } from '../../../lib/api-client';

export const updatePasswordReset = (token: string, password: string, password_confirmation: string) =>
  unwrap(
    api.PATCH('/api/v1/password_resets/{token}', {
      params: { path: { token } },
      body: { password_reset: { password, password_confirmation } },
    }),
  );
