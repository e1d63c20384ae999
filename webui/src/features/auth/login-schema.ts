import { EMAIL_PATTERN } from '../../lib/email';
import { limits, messages } from '../../lib/messages';

// Login form (spec §5): e-mail required and well-formed; password required, 8–16 characters.
// The same rules and messages as lib/validation's emailField and passwordField, written without
// zod: /login is the first page most people load, and this is all it checks.
export interface LoginValues {
  email: string;
  password: string;
}
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email.length === 0) return messages.email_required;
  if (!EMAIL_PATTERN.test(email)) return messages.email_format;
  return undefined;
}

export function passwordError(value: string): string | undefined {
  if (value.length === 0) return messages.password_required;
  if (value.length < limits.password_min) return messages.password_too_short;
  if (value.length > limits.password_max) return messages.password_too_long;
  return undefined;
}

export function loginErrors(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password);
  if (password) errors.password = password;
  return errors;
}

export const LOGIN_FAILED_MESSAGE = messages.login_failed;
export const LOGIN_THROTTLED_MESSAGE = messages.login_throttled;
export const LOGIN_REQUIRED_MESSAGE = messages.login_prompt;
