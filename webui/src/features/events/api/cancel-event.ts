import { api, unwrap } from '../../../lib/api-client';

export const cancelEvent = (id: number) => unwrap(api.POST('/api/v1/events/{id}/cancel', { params: { path: { id } } }));
