import * as z from 'zod/mini';
import { newPasswordShape, nicknameField, passwordsMatch } from '../../lib/validation';

// /account/new/:id: nickname (optional, at most 80), password (8–16) and its confirmation.
export const acceptInvitationSchema = z
  .object({ nickname: nicknameField(), ...newPasswordShape })
  .check(passwordsMatch());
export type AcceptInvitationValues = z.infer<typeof acceptInvitationSchema>;

// Server field → form field (422 answers).
export const acceptFieldMap = {
  nickname: 'nickname',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
} as const;
