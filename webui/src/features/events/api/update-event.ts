import { api, unwrap } from '../../../lib/api-client';
import type { EventInput } from '../types';

export const updateEvent = (id: number, event: EventInput) =>
  unwrap(api.PATCH('/api/v1/events/{id}', { params: { path: { id } }, body: { event } }));
