import { apiRequest } from '../../../lib/api-client';

// Planned route (milestones issue), not served yet; only reached once a milestone was shown.
export const markMilestoneShown = (milestoneType: string): Promise<void> =>
  apiRequest<void>('/api/v1/x_share_milestones/mark_as_shown', {
    method: 'POST',
    json: { milestone_type: milestoneType },
  });
