import { ApiError } from '../../lib/api-client';
import { messages } from '../../lib/messages';

// The message to show for a failed code (enrolment, turning off, the login's code step): the
// daemon's own (wrong, malformed, expired, throttled), else a generic one.
export function codeFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return messages.login_throttled;
  if (error instanceof ApiError && [401, 403, 409, 422].includes(error.status))
    return error.fields.code?.[0] ?? error.message;
  return messages.login_not_completed;
}
