import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { apiError, mockApi } from '../../test/api-mock';
import { AnonymiseDialog } from './components/anonymise-dialog';

const student = { id: 7, account_id: 42, display_name: '受講生 花子' };
const PATH = 'POST /api/v1/accounts/42/anonymisation';

function show(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AnonymiseDialog student={student} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('AnonymiseDialog', () => {
  it('says it cannot be undone and what goes and what stays', () => {
    mockApi({});
    show();
    const title = document.getElementById('anonymise-dialog-title');
    expect(title?.textContent).toBe('退会処理（匿名化）');
    expect(title?.closest('[role="dialog"]')?.getAttribute('aria-labelledby')).toBe('anonymise-dialog-title');
    expect(screen.getByText(messages.anonymisation_irreversible)).toBeTruthy();
    expect(screen.getByText(messages.anonymisation_removed)).toBeTruthy();
    expect(screen.getByText(messages.anonymisation_kept)).toBeTruthy();
  });

  it('asks for a reason and the display name before it sends anything', async () => {
    const api = mockApi({ [PATH]: [200, { account_id: 42, display_name: '退会したユーザー' }] });
    show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '匿名化する' }));
    expect(screen.getByText(messages.anonymisation_reason_required)).toBeTruthy();
    expect(screen.getByText(messages.anonymisation_confirm_name)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /理由/ }), '\u3000 ');
    await user.type(screen.getByRole('textbox', { name: /表示名/ }), '受講生');
    await user.click(screen.getByRole('button', { name: '匿名化する' }));
    expect(screen.getByText(messages.anonymisation_reason_required)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the trimmed reason and closes when the account is anonymised', async () => {
    const api = mockApi({ [PATH]: [200, { account_id: 42, display_name: '退会したユーザー' }] });
    const onClose = show();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /理由/ }), ' 本人からの削除依頼 ');
    await user.type(screen.getByRole('textbox', { name: /表示名/ }), '受講生 花子');
    await user.click(screen.getByRole('button', { name: '匿名化する' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(api.requests[0]!.body!)).toEqual({ reason: '本人からの削除依頼' });
  });

  it("shows the daemon's refusal (already anonymised) and stays open", async () => {
    mockApi({ [PATH]: [409, apiError(409, messages.anonymisation_already_done)] });
    const onClose = show();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /理由/ }), '削除依頼');
    await user.type(screen.getByRole('textbox', { name: /表示名/ }), '受講生 花子');
    await user.click(screen.getByRole('button', { name: '匿名化する' }));
    expect(await screen.findByTestId('anonymise-error')).toHaveProperty(
      'textContent',
      messages.anonymisation_already_done,
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
