import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askConfirmation } from '../lib/feedback';
import { ConfirmationHost } from './confirmation-host';

// The app's confirmation replaces window.confirm: a themed dialog that answers a promise.
describe('askConfirmation', () => {
  it('resolves true when the action is confirmed, and closes', async () => {
    render(<ConfirmationHost />);
    const answer = askConfirmation({ message: 'この回答を削除しますか？', confirmLabel: '削除する', danger: true });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('この回答を削除しますか？');
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resolves false on キャンセル and on Escape', async () => {
    render(<ConfirmationHost />);
    const cancelled = askConfirmation({ message: 'カレンダーURLを再発行しますか？', confirmLabel: '再発行する' });
    await userEvent.click(await screen.findByRole('button', { name: 'キャンセル' }));
    await expect(cancelled).resolves.toBe(false);
    const escaped = askConfirmation({ message: 'このイベントを中止しますか？', confirmLabel: '中止する' });
    await screen.findByRole('button', { name: '中止する' });
    await userEvent.keyboard('{Escape}');
    await expect(escaped).resolves.toBe(false);
  });

  it('a second request answers the first with false', async () => {
    render(<ConfirmationHost />);
    const first = askConfirmation({ message: '一つ目', confirmLabel: '実行する' });
    const second = askConfirmation({ message: '二つ目', confirmLabel: '送信する' });
    await expect(first).resolves.toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: '送信する' }));
    await expect(second).resolves.toBe(true);
  });
});
