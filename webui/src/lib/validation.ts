// Shared zod/mini building blocks bound to the message catalogue. zod/mini keeps /login light.
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from './email';
import { limits, messages } from './messages';

// Unicode White_Space, as the daemon's text::trim and text::is_blank (lib/core/text.cpp): ASCII
// blanks, U+00A0, U+2003, the ideographic space U+3000 a Japanese keyboard types ...
// (String.prototype.trim differs: it keeps U+0085 and drops U+FEFF, which is not a space.)
const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;
const ONLY_SPACE = /^\p{White_Space}*$/u;

/** `value` without leading and trailing White_Space. */
export const trimSpace = (value: string) => value.replace(EDGE_SPACE, '');
/** Nothing but White_Space (or nothing): what "required, not only whitespace" refuses. */
export const isBlank = (value: string) => ONLY_SPACE.test(value);
/** zod check: trims White_Space from the value (before minLength/maxLength checks). */
export const trimmed = () => z.overwrite<string>(trimSpace);
/** zod check: required and not only whitespace. */
export const notBlank = (message: string) => z.refine<string>((value) => !isBlank(value), message);

export const emailField = () =>
  z.string().check(z.trim(), z.minLength(1, messages.email_required), z.regex(EMAIL_PATTERN, messages.email_format));

export const passwordField = () =>
  z
    .string()
    .check(
      z.minLength(1, messages.password_required),
      z.minLength(limits.password_min, messages.password_too_short),
      z.maxLength(limits.password_max, messages.password_too_long),
    );

// Text that may reach a mail header (titles, names): no control character (C0, DEL, C1) and no
// Unicode line or paragraph separator, as the daemon's text::one_line.
const breaksTheLine = (code: number) =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
export const isOneLine = (value: string) => ![...value].some((c) => breaksTheLine(c.codePointAt(0) ?? 0));

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
