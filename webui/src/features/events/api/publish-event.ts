import { api, unwrap } from '../../../lib/api-client';

// Idempotent; the daemon queues the notification mails.
export const publishEvent = (id: number) =>
  unwrap(api.POST('/api/v1/events/{id}/publish', { params: { path: { id } } }));
