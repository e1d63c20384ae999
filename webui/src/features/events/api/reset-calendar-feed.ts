import { api, unwrap } from '../../../lib/api-client';

// A new secret URL; the old one answers 404 from now on.
export const resetCalendarFeed = () => unwrap(api.POST('/api/v1/calendar_feed/reset'));
