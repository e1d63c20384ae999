import { ApiError } from '../../lib/api-client';

/**
 * The server's words for a refusal the user should read in place (409: another mentor claimed
 * or reviewed it first; 403: a level this mentor does not review), or null for anything else.
 */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ApiError && (error.status === 409 || error.status === 403)) return error.message;
  return null;
}
