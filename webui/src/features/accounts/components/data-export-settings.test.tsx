import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '../../../lib/api-types';
import { snackbarStore } from '../../../lib/feedback';
import { fill, messages } from '../../../lib/messages';
import { apiError, mockApi } from '../../../test/api-mock';
import { DataExportSettings, nextRequestAt } from './data-export-settings';

const PATH = '/api/v1/accounts/me/data_exports';

function row(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: 7,
    status: 'ready',
    requested_at: '2026-11-27T10:00:00+09:00',
    ready_at: '2026-11-27T10:00:05+09:00',
    expires_at: '2026-12-04T10:00:05+09:00',
    size_bytes: 2048,
    ...overrides,
  };
}

let client: QueryClient;

function renderSettings() {
  client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <DataExportSettings />
    </QueryClientProvider>,
  );
}

// A pending export keeps the list polling: stopped with its client.
afterEach(() => client.clear());

describe('データのダウンロード settings', () => {
  it('requests an export: the snackbar, then the new row as 準備中', async () => {
    let rows: DataExport[] = [];
    const api = mockApi({
      [`GET ${PATH}`]: () => [200, { data: rows }],
      [`POST ${PATH}`]: () => {
        rows = [row({ id: 8, status: 'pending', ready_at: null, expires_at: null, size_bytes: null })];
        return [202, rows[0]];
      },
    });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'データのダウンロードを申請する' }));
    await waitFor(() => expect(snackbarStore.get().message).toBe(messages.data_export_requested));
    const item = await screen.findByTestId('data-export-row');
    expect(within(item).getByText(messages.data_export_status_pending)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'ダウンロード' })).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows a ready export with its expiry in school time and downloads it', async () => {
    // jsdom has no object URLs: downloadBlob's are stubbed (kept: it revokes after the test).
    const createObjectURL = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    // The browser's save, not jsdom's navigation.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = mockApi({
      [`GET ${PATH}`]: [200, { data: [row({ expires_at: '2026-12-04T01:00:05Z' })] }],
      [`GET ${PATH}/7/download`]: [200, 'PK'],
    });
    renderSettings();
    const item = await screen.findByTestId('data-export-row');
    expect(item).toHaveTextContent(messages.data_export_status_ready);
    // 01:00 UTC is 10:00 in Japan.
    expect(item).toHaveTextContent('2026/12/04 10:00までダウンロードできます');
    await userEvent.click(within(item).getByRole('button', { name: 'ダウンロード' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    save.mockRestore();
    expect(api.requests.some((r) => r.path === `${PATH}/7/download`)).toBe(true);
  });

  it('a request made meanwhile elsewhere (another tab): the daemon’s message, no error page', async () => {
    const limited = fill(messages.data_export_rate_limited, { hours: 24 });
    const weekAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    mockApi({
      [`GET ${PATH}`]: () => [200, { data: [row({ status: 'expired', requested_at: weekAgo, expires_at: null })] }],
      [`POST ${PATH}`]: () => [429, apiError(429, limited)],
    });
    renderSettings();
    expect(await screen.findByText(messages.data_export_status_expired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ダウンロード' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'データのダウンロードを申請する' }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
  });

  it('within a day of the last request: the button waits, and says until when in school time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T03:00:00Z')); // 12:00 in Japan
    try {
      mockApi({
        [`GET ${PATH}`]: () => [
          200,
          {
            data: [
              row({ id: 9, status: 'failed', requested_at: '2026-11-27T02:30:00Z', ready_at: null, expires_at: null }),
              row({ id: 8, requested_at: '2026-11-27T01:00:00Z' }),
            ],
          },
        ],
      });
      renderSettings();
      expect(await screen.findByTestId('data-export-next')).toHaveTextContent(
        '次に申請できるのは2026/11/28 10:00以降です',
      );
      expect(screen.getByRole('button', { name: 'データのダウンロードを申請する' })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('only failed requests in the last day: the button stays', () => {
    const now = Date.parse('2026-11-27T03:00:00Z');
    expect(nextRequestAt([row({ status: 'failed', requested_at: '2026-11-27T02:30:00Z' })], now)).toBeNull();
    expect(nextRequestAt([row({ requested_at: '2026-11-26T02:59:00Z' })], now)).toBeNull();
    expect(nextRequestAt([], now)).toBeNull();
  });

  it('an export that expired meanwhile: the daemon’s 404 message', async () => {
    mockApi({
      [`GET ${PATH}`]: () => [200, { data: [row()] }],
      [`GET ${PATH}/7/download`]: () => [404, apiError(404, messages.data_export_expired)],
    });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'ダウンロード' }));
    expect(await screen.findByText(messages.data_export_expired)).toBeInTheDocument();
  });
});
