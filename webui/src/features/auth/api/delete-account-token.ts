import { api, unwrap } from '../../../lib/api-client';

export const deleteAccountToken = () => unwrap(api.DELETE('/api/v1/account_token'));
