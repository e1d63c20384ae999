import * as z from 'zod/mini';
import { emailField, newPasswordShape, passwordsMatch } from '../../lib/validation';

// /reset-password: the e-mail (spec §5 rules).
export const resetRequestSchema = z.object({ email: emailField() });
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

// /reset-password/:token/edit: the new password (8–16) and its confirmation.
export const newPasswordSchema = z.object(newPasswordShape).check(passwordsMatch());
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

// Server field → form field (422 answers).
export const newPasswordFieldMap = { password: 'password', password_confirmation: 'passwordConfirmation' } as const;
