import { api, unwrap } from '../../../lib/api-client';

// Participant, or waitlisted when full (my_participation tells which).
export const joinEvent = (id: number) =>
  unwrap(api.POST('/api/v1/events/{id}/participation', { params: { path: { id } } }));
