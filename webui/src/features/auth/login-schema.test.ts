import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { emailField, passwordField } from '../../lib/validation';
import { loginErrors } from './login-schema';

// /login checks its two fields without zod; every other form uses lib/validation's zod fields.
// Both must give the same answer, message for message.
const zodLogin = z.object({ email: emailField(), password: passwordField() });
const zodErrors = (values: { email: string; password: string }) => {
  const result = zodLogin.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

describe('login rules', () => {
  const emails = [
    '',
    '   ',
    'nope',
    'a@b',
    'a@b.c',
    ' student@example.com ',
    'x.y+z@school.co.jp',
    '.a@b.jp',
    'a..b@c.jp',
    'ｓ@example.com',
  ];
  const passwords = [
    '',
    'short',
    'a'.repeat(7),
    'a'.repeat(8),
    'a'.repeat(16),
    'a'.repeat(17),
    '        ',
    'パスワード1234',
  ];
  it.each(emails.flatMap((email) => passwords.map((password) => [email, password])))(
    'agrees with the zod fields for %j / %j',
    (email, password) => {
      expect(loginErrors({ email, password })).toEqual(zodErrors({ email, password }));
    },
  );
});
