import { api, unwrap } from '../../../lib/api-client';

export const leaveEvent = (id: number) =>
  unwrap(api.DELETE('/api/v1/events/{id}/participation', { params: { path: { id } } }));
