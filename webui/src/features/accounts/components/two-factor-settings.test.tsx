import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { snackbarStore } from '../../../lib/feedback';
import { apiError, mockApi } from '../../../test/api-mock';
import { TwoFactorSettings } from './two-factor-settings';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = [...'23456789kp'].map((c) => `abcd${c}-efgh${c}`);

function renderSettings() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TwoFactorSettings />
    </QueryClientProvider>,
  );
}

describe('two-factor settings', () => {
  it('enrols: QR code and key, the first code, then the recovery codes once', async () => {
    let enabled = false;
    const confirmed: unknown[] = [];
    mockApi({
      'GET /api/v1/accounts/me/two_factor': () => [
        200,
        { enabled, required: false, recovery_codes_left: enabled ? 10 : 0 },
      ],
      'POST /api/v1/accounts/me/two_factor': () => [
        201,
        { secret: SECRET, otpauth_uri: `otpauth://totp/camp:a%40example.com?secret=${SECRET}&issuer=camp` },
      ],
      'POST /api/v1/accounts/me/two_factor/confirmation': (init) => {
        const body = JSON.parse(String(init.body)) as { code: string };
        confirmed.push(body);
        if (body.code !== '123456')
          return [422, apiError(422, '入力内容に誤りがあります', { code: ['確認コードが正しくありません'] })];
        enabled = true;
        return [200, { enabled: true, recovery_codes: CODES }];
      },
    });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: '設定を始める' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent(SECRET);
    // Drawn here as SVG: the secret goes to no QR service.
    const qr = await screen.findByTestId('two-factor-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    await userEvent.type(screen.getByLabelText('確認コード'), '000000');
    await userEvent.click(screen.getByRole('button', { name: '有効にする' }));
    expect(await screen.findByText('確認コードが正しくありません')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('確認コード'));
    await userEvent.type(screen.getByLabelText('確認コード'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '有効にする' }));
    const list = await screen.findByTestId('two-factor-recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await userEvent.click(screen.getByRole('button', { name: '保管しました' }));
    expect(await screen.findByText('二段階認証は有効です。リカバリーコードの残り: 10個')).toBeInTheDocument();
    expect(snackbarStore.get().message).toBe('二段階認証を有効にしました');
    expect(confirmed).toEqual([{ code: '000000' }, { code: '123456' }]);
    expect(screen.queryByText(CODES[0])).not.toBeInTheDocument();
  });

  it('a required role sees no way to turn it off', async () => {
    mockApi({ 'GET /api/v1/accounts/me/two_factor': [200, { enabled: true, required: true, recovery_codes_left: 3 }] });
    renderSettings();
    expect(await screen.findByText(/この役割では二段階認証が必須のため、無効にできません/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '二段階認証を無効にする' })).not.toBeInTheDocument();
  });

  it('turns it off with a code', async () => {
    let enabled = true;
    mockApi({
      'GET /api/v1/accounts/me/two_factor': () => [
        200,
        { enabled, required: false, recovery_codes_left: enabled ? 9 : 0 },
      ],
      'DELETE /api/v1/accounts/me/two_factor': () => {
        enabled = false;
        return [204];
      },
    });
    renderSettings();
    await userEvent.type(await screen.findByLabelText('確認コード'), 'abcd2-efgh2');
    await userEvent.click(screen.getByRole('button', { name: '二段階認証を無効にする' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '設定を始める' })).toBeInTheDocument());
    expect(snackbarStore.get().message).toBe('二段階認証を無効にしました');
  });
});
