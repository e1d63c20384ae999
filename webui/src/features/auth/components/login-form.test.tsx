import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/auth-token';
import { apiError, mockApi } from '../../../test/api-mock';
import { LoginForm } from './login-form';

const email = () => screen.getByLabelText('メールアドレス');
const password = () => screen.getByLabelText('パスワード');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'ログイン' }));

describe('login form', () => {
  it('requires both fields', async () => {
    mockApi({});
    render(<LoginForm onLoggedIn={() => {}} />);
    await submit();
    expect(await screen.findByText('メールアドレスは必須です')).toBeInTheDocument();
    expect(screen.getByText('パスワードは必須です')).toBeInTheDocument();
  });

  it('checks the e-mail format and the 8–16 password length', async () => {
    mockApi({});
    render(<LoginForm onLoggedIn={() => {}} />);
    await userEvent.type(email(), 'nope');
    await userEvent.type(password(), 'short');
    await submit();
    expect(await screen.findByText('不正なメールアドレスです')).toBeInTheDocument();
    expect(screen.getByText('パスワードは8文字以上でご入力ください')).toBeInTheDocument();
    await userEvent.clear(password());
    await userEvent.type(password(), 'a'.repeat(17));
    expect(await screen.findByText('パスワードは16文字以下でご入力ください')).toBeInTheDocument();
  });

  it('stores the JWT and reports success', async () => {
    let sent: unknown = null;
    mockApi({
      'POST /api/v1/account_token': (init) => {
        sent = JSON.parse(String(init?.body));
        return [201, { jwt: 'header.payload.sig' }];
      },
    });
    const onLoggedIn = vi.fn();
    render(<LoginForm onLoggedIn={onLoggedIn} />);
    await userEvent.type(email(), 'student@example.com');
    await userEvent.type(password(), 'demo-pass-1234');
    await submit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(sent).toEqual({ auth: { email: 'student@example.com', password: 'demo-pass-1234' } });
    expect(getToken()).toBe('header.payload.sig');
    expect(localStorage.getItem('auth._token.local')).toBe('Bearer header.payload.sig');
  });

  it('says so when the credentials are wrong', async () => {
    mockApi({ 'POST /api/v1/account_token': [401, apiError(401)] });
    render(<LoginForm onLoggedIn={() => {}} />);
    await userEvent.type(email(), 'student@example.com');
    await userEvent.type(password(), 'wrong-pass-1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスまたはパスワードが正しくありません');
    expect(getToken()).toBeNull();
  });

  it('asks for the code after the password when two-factor login is on, then stores the JWT', async () => {
    const sent: unknown[] = [];
    mockApi({
      'POST /api/v1/account_token': [200, { two_factor_required: true, challenge: 'c'.repeat(64) }],
      'POST /api/v1/sessions/two_factor': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return sent.length === 1
          ? [401, apiError(401, '確認コードが正しくありません')]
          : [201, { jwt: 'header.payload.two' }];
      },
    });
    const onLoggedIn = vi.fn();
    render(<LoginForm onLoggedIn={onLoggedIn} />);
    await userEvent.type(email(), 'admin@example.com');
    await userEvent.type(password(), 'demo-pass-1234');
    await submit();
    const code = await screen.findByLabelText('確認コード');
    expect(getToken()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByText('確認コードを入力してください')).toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('確認コードが正しくありません');
    await userEvent.clear(code);
    await userEvent.type(code, ' 654321 ');
    await userEvent.click(screen.getByRole('button', { name: '確認' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(sent).toEqual([
      { challenge: 'c'.repeat(64), code: '123456' },
      { challenge: 'c'.repeat(64), code: '654321' },
    ]);
    expect(getToken()).toBe('header.payload.two');
  });

  it('goes back to the password when the challenge expired', async () => {
    const expired = 'ログインの有効期限が切れました。メールアドレスとパスワードからもう一度ログインしてください';
    mockApi({
      'POST /api/v1/account_token': [200, { two_factor_required: true, challenge: 'c'.repeat(64) }],
      'POST /api/v1/sessions/two_factor': [401, apiError(401, expired)],
    });
    render(<LoginForm onLoggedIn={() => {}} />);
    await userEvent.type(email(), 'admin@example.com');
    await userEvent.type(password(), 'demo-pass-1234');
    await submit();
    await userEvent.type(await screen.findByLabelText('確認コード'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(password()).toHaveValue('');
    expect(email()).toHaveValue('admin@example.com');
  });
});
