import { apiRequest } from '../../../lib/api-client';

export interface MilestoneResponse {
  milestone_type: string | null;
}

export const getMilestone = (): Promise<MilestoneResponse> =>
  apiRequest<MilestoneResponse>('/api/v1/x_share_milestones');
