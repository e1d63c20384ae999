import * as z from 'zod/mini';
import { emailField, passwordField } from '../../lib/validation';

// Login form (spec §5): e-mail required and well-formed; password required, 8–16 characters.
export const loginSchema = z.object({
  email: emailField(),
  password: passwordField(),
});

export type LoginValues = z.infer<typeof loginSchema>;

export const LOGIN_FAILED_MESSAGE = 'メールアドレスまたはパスワードが正しくありません';
export const LOGIN_THROTTLED_MESSAGE = 'ログインの試行回数が上限に達しました。しばらくしてから再度お試しください。';
export const LOGIN_REQUIRED_MESSAGE = 'ログインしてください';
