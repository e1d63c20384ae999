import { api, unwrap } from '../../../lib/api-client';

// Always the same 202 whether the address is registered or not.
export const createPasswordReset = (email: string) =>
  unwrap(api.POST('/api/v1/password_resets', { body: { password_reset: { email } } }));
