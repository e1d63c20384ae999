import { api, unwrap } from '../../../lib/api-client';
import type { EventInput } from '../types';

// A new event starts as a draft (201).
export const createEvent = (event: EventInput) => unwrap(api.POST('/api/v1/events', { body: { event } }));
