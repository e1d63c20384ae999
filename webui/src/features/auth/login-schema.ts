import * as z from 'zod/mini';
import { messages } from '../../lib/messages';
import { emailField, passwordField } from '../../lib/validation';

// Login form (spec §5): e-mail required and well-formed; password required, 8–16 characters.
export const loginSchema = z.object({
  email: emailField(),
  password: passwordField(),
});

export type LoginValues = z.infer<typeof loginSchema>;

export const LOGIN_FAILED_MESSAGE = messages.login_failed;
export const LOGIN_THROTTLED_MESSAGE = messages.login_throttled;
export const LOGIN_REQUIRED_MESSAGE = messages.login_prompt;
