import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { messages } from '../../../lib/messages';
import { withLoading } from '../../../lib/feedback';
import { createAccountToken } from '../api/create-account-token';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE, loginSchema, type LoginValues } from '../login-schema';
import { LoginField } from './login-field';

export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return LOGIN_FAILED_MESSAGE;
  if (error instanceof ApiError && error.status === 429) return LOGIN_THROTTLED_MESSAGE;
  if (error instanceof ApiError && error.status === 422) return error.message;
  return messages.login_not_completed;
}

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    mode: 'onTouched',
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { jwt } = await withLoading(() =>
        createAccountToken({ email: values.email.trim(), password: values.password }),
      );
      setToken(jwt);
      onLoggedIn();
    } catch (error) {
      setFailure(loginFailureMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="login-form" aria-label="ログイン">
      {failure && (
        <p className="login-form__failure" role="alert">
          {failure}
        </p>
      )}
      <LoginField
        id="login-email"
        label="メールアドレス"
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        registration={register('email')}
      />
      <LoginField
        id="login-password"
        label="パスワード"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        registration={register('password')}
      />
      <button type="submit" className="button-primary" disabled={formState.isSubmitting}>
        ログイン
      </button>
    </form>
  );
}
