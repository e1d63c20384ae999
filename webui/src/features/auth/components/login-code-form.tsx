import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { createTwoFactorSession } from '../api/create-account-token';
import { LoginField } from './login-field';

// The login's second step for two-factor login: the authenticator app's code (or a recovery
// code) with the challenge the password step gave. An expired challenge starts over.
export function LoginCodeForm({
  challenge,
  onLoggedIn,
  onRestart,
}: {
  challenge: string;
  onLoggedIn: () => void;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const error = touched && code.trim() === '' ? messages.two_factor_code_required : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (code.trim() === '' || submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const { jwt } = await withLoading(() => createTwoFactorSession(challenge, code.trim()));
      setToken(jwt);
      onLoggedIn();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && e.message === messages.two_factor_challenge_expired)
        onRestart(e.message);
      else if (e instanceof ApiError && e.status === 429) setFailure(messages.login_throttled);
      else if (e instanceof ApiError && (e.status === 401 || e.status === 422))
        setFailure(e.fields.code?.[0] ?? e.message);
      else setFailure(messages.login_not_completed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="login-form" aria-label="二段階認証">
      <p className="login-form__hint">
        認証アプリに表示されている6桁の確認コードを入力してください。スマートフォンが手元にないときは、リカバリーコードを使えます。
      </p>
      {failure && (
        <p className="login-form__failure" role="alert">
          {failure}
        </p>
      )}
      <LoginField
        id="login-code"
        label="確認コード"
        type="text"
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error}
        registration={{
          name: 'code',
          value: code,
          onChange: (e) => setCode(e.target.value),
          onBlur: () => setTouched(true),
        }}
      />
      <button type="submit" className="button-primary" disabled={submitting}>
        確認
      </button>
    </form>
  );
}
