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
      z.minLength(limits.passwordMin, messages.password_too_short),
      z.maxLength(limits.passwordMax, messages.password_too_long),
    );

// Text that may reach a mail header (titles, names): no control character (C0, DEL, C1) and no
// Unicode line or paragraph separator, as the daemon's text::one_line.
const breaksTheLine = (code: number) =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
export const isOneLine = (value: string) => ![...value].some((c) => breaksTheLine(c.codePointAt(0) ?? 0));

export const nicknameField = () => z.string().check(z.maxLength(limits.nicknameMax, messages.nickname_too_long));

// Images: jpg, jpeg, png, webp only, checked before uploading.
export function imageFileError(file: Pick<File, 'name' | 'type'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const extOk = (limits.imageExtensions as readonly string[]).includes(extension);
  const typeOk = file.type === '' || (limits.imageMimeTypes as readonly string[]).includes(file.type);
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
