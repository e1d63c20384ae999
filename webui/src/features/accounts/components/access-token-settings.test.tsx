import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmationHost } from '../../../components/confirmation-host';
import type { AccessToken, TokenScope } from '../../../lib/api-types';
import { snackbarStore } from '../../../lib/feedback';
import { fill, messages } from '../../../lib/messages';
import { apiError, mockApi } from '../../../test/api-mock';
import { AccessTokenSettings } from './access-token-settings';

const PATH = '/api/v1/accounts/me/tokens';
const SCOPES: TokenScope[] = [
  'read',
  'students:write',
  'events:write',
  'accounts:write',
  'questionnaires:write',
  'questionnaires:export',
  'notifications:write',
  'seed:write',
];
const SECRET = `camp_pat_${'a'.repeat(43)}`;

function token(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    id: 3,
    name: '受講生の一括登録',
    scopes: ['read', 'students:write'],
    created_at: '2026-11-27T01:00:00Z',
    expires_at: '2026-12-27T01:00:00Z',
    last_used_at: null,
    expired: false,
    ...overrides,
  };
}

function renderSettings() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccessTokenSettings />
      <ConfirmationHost />
    </QueryClientProvider>,
  );
}

describe('アクセストークン settings', () => {
  it('lists tokens with Japanese scope labels and times in school time', async () => {
    mockApi({
      [`GET ${PATH}`]: [
        200,
        {
          data: [token(), token({ id: 4, name: '古い', expired: true, last_used_at: '2026-11-28T15:30:00Z' })],
          scopes: SCOPES,
        },
      ],
    });
    renderSettings();
    const [first, second] = await screen.findAllByTestId('access-token-row');
    expect(first).toHaveTextContent('受講生の一括登録');
    expect(first).toHaveTextContent('閲覧（取得のみ）');
    expect(first).toHaveTextContent('受講生の登録・変更');
    expect(first).toHaveTextContent('作成 2026/11/27 10:00');
    expect(first).toHaveTextContent('最終利用 なし');
    expect(first).toHaveTextContent('有効期限 2026/12/27 10:00');
    expect(second).toHaveTextContent('最終利用 2026/11/29 00:30');
    expect(second).toHaveTextContent('期限切れ');
  });

  it('checks the form as the daemon does, creates a token and shows its secret once', async () => {
    let rows: AccessToken[] = [];
    const api = mockApi({
      [`GET ${PATH}`]: () => [200, { data: rows, scopes: SCOPES }],
      [`POST ${PATH}`]: () => {
        rows = [token({ id: 9, name: 'CI', scopes: ['read', 'events:write'], expires_at: '2027-02-25T01:00:00Z' })];
        return [201, { token: rows[0], secret: SECRET }];
      },
    });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'トークンを作成する' }));
    const dialog = within(await screen.findByRole('dialog', { name: '新しいアクセストークン' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: '閲覧（取得のみ）' }));
    await userEvent.click(dialog.getByRole('button', { name: '作成する' }));
    expect(await dialog.findByText(messages.access_token_name_required)).toBeInTheDocument();
    expect(dialog.getByText(messages.access_token_scopes_required)).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: '名前（用途）' }), ' CI ');
    await userEvent.click(dialog.getByRole('checkbox', { name: '閲覧（取得のみ）' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'イベントの作成・変更' }));
    await userEvent.click(dialog.getByRole('combobox', { name: '有効期限' }));
    await userEvent.click(await screen.findByRole('option', { name: '90日後' }));
    await userEvent.click(dialog.getByRole('button', { name: '作成する' }));

    const shown = await screen.findByTestId('access-token-created');
    expect(within(shown).getByTestId('access-token-secret')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('このトークンが表示されるのは今だけです');
    expect(snackbarStore.get().message).toBe(messages.access_token_created);
    const post = api.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ token: { name: 'CI', scopes: ['read', 'events:write'], expires_in_days: 90 } });
    expect(await screen.findByTestId('access-token-row')).toHaveTextContent('イベントの作成・変更');

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(shown).getByRole('button', { name: 'コピー', hidden: true }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(snackbarStore.get().message).toBe(messages.access_token_copied);
  });

  it("puts the daemon's 422 under its field", async () => {
    mockApi({
      [`GET ${PATH}`]: [200, { data: [], scopes: SCOPES }],
      [`POST ${PATH}`]: [422, apiError(422, messages.access_tokens_too_many, { name: [messages.access_tokens_too_many] })],
    });
    renderSettings();
    expect(await screen.findByText('作成したトークンはまだありません。')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'トークンを作成する' }));
    const dialog = within(await screen.findByRole('dialog', { name: '新しいアクセストークン' }));
    await userEvent.type(dialog.getByRole('textbox', { name: '名前（用途）' }), '21個目');
    await userEvent.click(dialog.getByRole('button', { name: '作成する' }));
    expect(await dialog.findByText(messages.access_tokens_too_many)).toBeInTheDocument();
  });

  it('deletes a token after confirmation', async () => {
    let rows = [token()];
    const api = mockApi({
      [`GET ${PATH}`]: () => [200, { data: rows, scopes: SCOPES }],
      [`DELETE ${PATH}/3`]: () => {
        rows = [];
        return [204];
      },
    });
    renderSettings();
    await userEvent.click(within(await screen.findByTestId('access-token-row')).getByRole('button', { name: '削除' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(fill(messages.access_token_delete_confirm, { name: '受講生の一括登録' }));
    await userEvent.click(within(confirm).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(snackbarStore.get().message).toBe(messages.access_token_deleted));
    await waitFor(() => expect(screen.queryByTestId('access-token-row')).toBeNull());
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
