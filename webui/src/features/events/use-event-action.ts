import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorStatus } from '../../lib/api-client';
import { showErrorPage, showSnackbar, withLoading } from '../../lib/feedback';
import { eventKeys } from './query-keys';

// Runs one event call with the loading overlay, then refreshes every event list. A refusal the
// user can act on (409: cancelled or finished event; 422) shows the server's message in the
// snackbar; anything else opens the error page with its status.
export function useEventAction() {
  const queryClient = useQueryClient();
  return async function run<T>(work: () => Promise<T>, notice: (answer: T) => string): Promise<T | null> {
    try {
      const answer = await withLoading(work);
      showSnackbar(notice(answer));
      return answer;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) showSnackbar(error.message);
      else showErrorPage(errorStatus(error));
      return null;
    } finally {
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    }
  };
}
