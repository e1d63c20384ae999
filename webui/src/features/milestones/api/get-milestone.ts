import { api, unwrap } from '../../../lib/api-client';

// GET /api/v1/x_share_milestones: the caller's oldest milestone not yet shown, or null.
export const getMilestone = () => unwrap(api.GET('/api/v1/x_share_milestones'));
