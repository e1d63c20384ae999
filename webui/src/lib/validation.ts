// Shared zod/mini building blocks bound to the message catalogue. zod/mini keeps /login light.
import * as z from 'zod/mini';
import { limits, messages } from './messages';

export const emailField = () =>
  z.string().check(z.trim(), z.minLength(1, messages.email_required), z.regex(z.regexes.email, messages.email_format));

export const passwordField = () =>
  z
    .string()
    .check(
      z.minLength(1, messages.password_required),
      z.minLength(limits.password_min, messages.password_too_short),
      z.maxLength(limits.password_max, messages.password_too_long),
    );

export const nicknameField = () => z.string().check(z.maxLength(limits.nickname_max, messages.nickname_too_long));

// Images: jpg, jpeg, png, webp only, checked before uploading.
const imageExtensions = ['jpg', 'jpeg', 'png', 'webp'];
const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'];
export function imageFileError(file: Pick<File, 'name' | 'type'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const extOk = imageExtensions.includes(extension);
  const typeOk = file.type === '' || imageMimeTypes.includes(file.type);
  return extOk && typeOk ? null : messages.image_format;
}

// A new password twice (password reset, accepting an invitation): the password rules, then
// the confirmation required and equal.
export const newPasswordShape = {
  password: passwordField(),
  passwordConfirmation: z.string().check(z.minLength(1, messages.password_confirmation_required)),
};
export const passwordsMatch = () =>
  z.refine<{ password: string; passwordConfirmation: string }>((v) => v.password === v.passwordConfirmation, {
    message: messages.password_confirmation_mismatch,
    path: ['passwordConfirmation'],
  });
