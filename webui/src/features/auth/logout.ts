import type { QueryClient } from '@tanstack/react-query';
import { withLoading, showSnackbar } from '../../lib/feedback';
import { messages } from '../../lib/messages';
import { endLocalSession } from '../../lib/session';
import { deleteAccountToken } from './api/delete-account-token';

// Logout (spec §4): loading starts, the server session ends, role/course/image url/active
// course are cleared, the user is marked logged out, snackbar 'ログアウトしました。', then /login.
export async function logout(queryClient: QueryClient, goToLogin: () => Promise<void> | void): Promise<void> {
  await withLoading(async () => {
    try {
      await deleteAccountToken();
    } catch (error) {
      console.warn('logout: the server session could not be ended', error);
    }
    endLocalSession();
    await goToLogin();
    queryClient.clear();
    showSnackbar(messages.logged_out);
  });
}
