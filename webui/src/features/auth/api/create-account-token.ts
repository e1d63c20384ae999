import { api, unwrap } from '../../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

export const createAccountToken = (auth: Credentials) => unwrap(api.POST('/api/v1/account_token', { body: { auth } }));
