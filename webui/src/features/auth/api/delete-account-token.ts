import { apiRequest } from '../../../lib/api-client';

export const deleteAccountToken = (): Promise<void> => apiRequest<void>('/api/v1/account_token', { method: 'DELETE' });
