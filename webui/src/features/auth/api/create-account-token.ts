import { apiRequest } from '../../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

export const createAccountToken = (auth: Credentials): Promise<{ jwt: string }> =>
  apiRequest<{ jwt: string }>('/api/v1/account_token', { method: 'POST', json: { auth }, auth: false });
