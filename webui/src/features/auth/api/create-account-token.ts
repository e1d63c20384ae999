import { api, unwrap } from '../../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

// The password step: a JWT, or (two-factor login on) a challenge to send with the code.
export const createAccountToken = (auth: Credentials) => unwrap(api.POST('/api/v1/account_token', { body: { auth } }));

// The code step: the JWT.
export const createTwoFactorSession = (challenge: string, code: string) =>
  unwrap(api.POST('/api/v1/sessions/two_factor', { body: { challenge, code } }));
