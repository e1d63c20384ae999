import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { messages } from '../../../lib/messages';
import { withLoading } from '../../../lib/feedback';
import { createAccountToken } from '../api/create-account-token';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE, loginErrors, type LoginValues } from '../login-schema';
import { LoginField } from './login-field';
import { LoginCodeForm } from './login-code-form';

export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return LOGIN_FAILED_MESSAGE;
  if (error instanceof ApiError && error.status === 429) return LOGIN_THROTTLED_MESSAGE;
  if (error instanceof ApiError && error.status === 422) return error.message;
  return messages.login_not_completed;
}

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  // A field's error shows once it was left or the form was sent, then follows each keystroke.
  const [touched, setTouched] = useState<Record<keyof LoginValues, boolean>>({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  // Two-factor login: the password was right, the code comes next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const errors = loginErrors(values);
  const shown = (field: keyof LoginValues) => (touched[field] ? errors[field] : undefined);
  const field = (name: keyof LoginValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (Object.keys(errors).length > 0 || submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await withLoading(() =>
        createAccountToken({ email: values.email.trim(), password: values.password }),
      );
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      setToken(answer.jwt);
      onLoggedIn();
    } catch (error) {
      setFailure(loginFailureMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge) {
    return (
      <LoginCodeForm
        challenge={challenge}
        onLoggedIn={onLoggedIn}
        onRestart={(message) => {
          setChallenge(null);
          setValues((v) => ({ ...v, password: '' }));
          setTouched({ email: false, password: false });
          setFailure(message);
        }}
      />
    );
  }

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
        error={shown('email')}
        registration={field('email')}
      />
      <LoginField
        id="login-password"
        label="パスワード"
        type="password"
        autoComplete="current-password"
        error={shown('password')}
        registration={field('password')}
      />
      <button type="submit" className="button-primary" disabled={submitting}>
        ログイン
      </button>
    </form>
  );
}
