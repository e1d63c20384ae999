import { apiRequest } from '../../../lib/api-client';

export const markMilestoneShown = (milestoneType: string): Promise<void> =>
  apiRequest<void>('/api/v1/x_share_milestones/mark_as_shown', {
    method: 'POST',
    json: { milestone_type: milestoneType },
  });
