// Local side of a session: what the browser keeps and forgets.
import type { Account } from './api-types';
import { clearToken } from './auth-token';
import { clearPersistedState, writeAccountState } from './persisted-state';

export function rememberAccount(account: Account): void {
  writeAccountState({
    authenticated: true,
    role: account.role,
    course: account.course?.code ?? null,
    imageUrl: account.image_url,
  });
}

// Forget the token and the account/curriculum state (role, course, image url, active course).
export function endLocalSession(): void {
  clearToken();
  clearPersistedState();
}
