import { api, unwrap } from '../../../lib/api-client';

export interface Acceptance {
  nickname: string;
  password: string;
  password_confirmation: string;
}

// Creates the account; answers {jwt} like POST /api/v1/account_token.
export const acceptInvitation = (id: string, invitation: Acceptance) =>
  unwrap(api.POST('/api/v1/invitations/{id}/acceptance', { params: { path: { id } }, body: { invitation } }));
