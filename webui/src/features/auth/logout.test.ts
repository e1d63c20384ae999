import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/auth-token';
import { loadingStore, snackbarStore } from '../../lib/feedback';
import { readAccountState, writeAccountState } from '../../lib/persisted-state';
import { apiError, mockApi } from '../../test/api-mock';
import { logout } from './logout';

describe('logout', () => {
  it('ends the server session, forgets everything, goes to /login and says so', async () => {
    setToken('a.b.c');
    writeAccountState({ authenticated: true, role: 'admin', course: null, imageUrl: null });
    const fetchMock = mockApi({ 'DELETE /api/v1/account_token': [204] });
    const client = new QueryClient();
    client.setQueryData(['accounts', 'me'], { id: 1 });
    const seenLoading: number[] = [];
    const goToLogin = vi.fn(() => {
      seenLoading.push(loadingStore.get());
    });

    await logout(client, goToLogin);

    expect(fetchMock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/v1/account_token']);
    expect(getToken()).toBeNull();
    expect(readAccountState().authenticated).toBe(false);
    expect(client.getQueryData(['accounts', 'me'])).toBeUndefined();
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(seenLoading).toEqual([1]); // loading was on during the logout
    expect(loadingStore.get()).toBe(0);
    expect(snackbarStore.get()).toEqual({ message: 'ログアウトしました。', isOpen: true });
  });

  it('still logs out locally when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setToken('a.b.c');
    mockApi({ 'DELETE /api/v1/account_token': [503, apiError(503)] });
    await logout(new QueryClient(), () => {});
    expect(getToken()).toBeNull();
  });
});
