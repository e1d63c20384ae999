import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { snackbarStore } from '../../../lib/feedback';
import { account, apiError, mockApi } from '../../../test/api-mock';
import { meQueryKey } from '../api/get-me';
import SettingsDialog from './settings-dialog';

function renderDialog(onClose = () => {}, prefill = null as null | { nickname?: string }) {
  const client = new QueryClient();
  client.setQueryData(meQueryKey, account());
  render(
    <QueryClientProvider client={client}>
      <SettingsDialog open prefill={prefill} onClose={onClose} />
    </QueryClientProvider>,
  );
}

const save = () => screen.getByRole('button', { name: '保存' });

describe('settings dialog', () => {
  it('prefills from the account and shows the image controls', async () => {
    mockApi({});
    renderDialog();
    expect(screen.getByRole('heading', { name: '設定' })).toBeInTheDocument();
    expect(screen.getByLabelText('ニックネーム')).toHaveValue('受講生 花子');
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue('student@example.com');
    expect(screen.getByRole('button', { name: 'ファイルを添付する' })).toBeInTheDocument();
    expect(screen.getByText('対応形式: jpg / jpeg / png / webp')).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('prefers the account query parameter', () => {
    mockApi({});
    renderDialog(undefined, { nickname: 'クエリ' });
    expect(screen.getByLabelText('ニックネーム')).toHaveValue('クエリ');
  });

  it('81 characters: message shown and 保存 disabled', async () => {
    mockApi({});
    renderDialog();
    fireEvent.input(screen.getByLabelText('ニックネーム'), { target: { value: 'あ'.repeat(81) } });
    expect(await screen.findByText('ニックネームは80文字以内でご入力ください')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('empty e-mail: message shown and 保存 disabled', async () => {
    mockApi({});
    renderDialog();
    await userEvent.clear(screen.getByLabelText(/メールアドレス/));
    expect(await screen.findByText('メールアドレスは必須です')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('refuses a GIF before uploading', async () => {
    const fetchMock = mockApi({});
    renderDialog();
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByTestId('profile-image-input'), { target: { files: [gif] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'jpg/png/webp いずれかの形式のファイルをアップロードしてください。',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with the spec payload, shows the snackbar and closes', async () => {
    let body: unknown = null;
    mockApi({
      'PATCH /api/v1/accounts/12': (init) => {
        body = JSON.parse(String(init?.body));
        return [200, account({ nickname: '新しい名前' })];
      },
      'GET /api/v1/accounts/me': [200, account({ nickname: '新しい名前' })],
    });
    let closed = false;
    renderDialog(() => (closed = true));
    fireEvent.input(screen.getByLabelText('ニックネーム'), { target: { value: '新しい名前' } });
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    await waitFor(() => expect(closed).toBe(true));
    expect(body).toEqual({
      account: { nickname__c: '新しい名前', personemail: 'student@example.com', account_image_01__c: '' },
    });
    expect(snackbarStore.get()).toEqual({ message: 'アカウント情報が変更されました', isOpen: true });
  });

  it('shows the server field messages of a 422', async () => {
    mockApi({
      'PATCH /api/v1/accounts/12': [422, apiError(422, 'x', { personemail: ['不正なメールアドレスです'] })],
    });
    renderDialog();
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    expect(await screen.findByText('不正なメールアドレスです')).toBeInTheDocument();
  });

  it('asks for the current password only when the e-mail changes, with the spec messages', async () => {
    mockApi({});
    renderDialog();
    expect(screen.queryByLabelText(/現在のパスワード/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/メールアドレス/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new-address@example.com');
    const password = await screen.findByLabelText(/現在のパスワード/);
    expect(password).toHaveAttribute('type', 'password');
    await waitFor(() => expect(save()).toBeDisabled());

    await userEvent.type(password, 'short');
    expect(await screen.findByText('パスワードは8文字以上でご入力ください')).toBeInTheDocument();
    await userEvent.type(password, '-but-far-too-long');
    expect(await screen.findByText('パスワードは16文字以下でご入力ください')).toBeInTheDocument();
    await userEvent.clear(password);
    expect(await screen.findByText('パスワードは必須です')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    // Back to the current e-mail: no password needed any more.
    await userEvent.clear(email);
    await userEvent.type(email, 'student@example.com');
    await waitFor(() => expect(screen.queryByLabelText(/現在のパスワード/)).not.toBeInTheDocument());
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('sends current_password with a new e-mail', async () => {
    let body: unknown = null;
    mockApi({
      'PATCH /api/v1/accounts/12': (init) => {
        body = JSON.parse(String(init?.body));
        return [200, account({ email: 'new-address@example.com' })];
      },
      'GET /api/v1/accounts/me': [200, account({ email: 'new-address@example.com' })],
    });
    let closed = false;
    renderDialog(() => (closed = true));
    const email = screen.getByLabelText(/メールアドレス/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new-address@example.com');
    await userEvent.type(await screen.findByLabelText(/現在のパスワード/), 'demo-pass-1234');
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    await waitFor(() => expect(closed).toBe(true));
    expect(body).toEqual({
      account: {
        nickname__c: '受講生 花子',
        personemail: 'new-address@example.com',
        account_image_01__c: '',
        current_password: 'demo-pass-1234',
      },
    });
  });

  it("shows the server's current_password message of a 422 under the password field", async () => {
    mockApi({
      'PATCH /api/v1/accounts/12': [
        422,
        {
          error: {
            status: 422,
            code: 'invalid',
            message: '現在のパスワードが正しくありません',
            fields: { current_password: ['現在のパスワードが正しくありません'] },
            request_id: 'r1',
          },
        },
      ],
    });
    renderDialog();
    const email = screen.getByLabelText(/メールアドレス/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new-address@example.com');
    const password = await screen.findByLabelText(/現在のパスワード/);
    await userEvent.type(password, 'wrong-pass-123');
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    expect(await screen.findByText('現在のパスワードが正しくありません')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('settings dialog: 通知', () => {
  const preferences = {
    mail: {
      review: 'immediately',
      question: 'never',
      event: 'immediately',
      student: 'daily',
      announcement: 'immediately',
    },
    defaults: {
      review: 'immediately',
      question: 'immediately',
      event: 'immediately',
      student: 'daily',
      announcement: 'immediately',
    },
    school_mail: false,
    magazine: true,
  } as const;

  it('shows each category with its default, saves every choice and turns school mail back on', async () => {
    let body: unknown = null;
    mockApi({
      'GET /api/v1/notification_preferences': [200, preferences],
      'PUT /api/v1/notification_preferences': (init) => {
        body = JSON.parse(String(init?.body));
        return [200, { ...preferences, mail: { ...preferences.mail, review: 'daily' }, school_mail: true }];
      },
    });
    let closed = false;
    renderDialog(() => (closed = true));
    await userEvent.click(screen.getByRole('tab', { name: '通知' }));
    const review = await screen.findByRole('combobox', { name: 'レビュー' });
    expect(review).toHaveTextContent('すぐにメール');
    expect(screen.getByRole('combobox', { name: '質問' })).toHaveTextContent('メールしない');
    expect(screen.getByRole('combobox', { name: '受講生' })).toHaveTextContent('1日1回まとめて');
    expect(screen.getAllByText('初期設定: すぐにメール')).toHaveLength(4);
    expect(screen.getByText('初期設定: 1日1回まとめて')).toBeInTheDocument();
    const schoolMail = screen.getByRole('switch', { name: 'スクールからのメールを受け取る' });
    expect(schoolMail).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'メールマガジンを受け取る' })).toBeChecked();

    await userEvent.click(review);
    await userEvent.click(await screen.findByRole('option', { name: '1日1回まとめて' }));
    await userEvent.click(schoolMail);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(body).toEqual({
      notification_preferences: {
        mail: { ...preferences.mail, review: 'daily' },
        school_mail: true,
        magazine: true,
      },
    });
    expect(snackbarStore.get()).toEqual({ message: '通知の設定を保存しました', isOpen: true });
  });

  it('a refused save goes to the error page and keeps the dialog open', async () => {
    const { errorPageStore } = await import('../../../lib/feedback');
    mockApi({
      'GET /api/v1/notification_preferences': [200, preferences],
      'PUT /api/v1/notification_preferences': [422, apiError(422, 'x', { mail: ['x'] })],
    });
    let closed = false;
    renderDialog(() => (closed = true));
    await userEvent.click(screen.getByRole('tab', { name: '通知' }));
    await userEvent.click(await screen.findByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorPageStore.get()).toBe(422));
    expect(closed).toBe(false);
    errorPageStore.set(null);
  });
});
