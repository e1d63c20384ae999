import { ApiError, apiRequest } from '../../../lib/api-client';

export interface MilestoneResponse {
  milestone_type: string | null;
}

// GET /api/v1/x_share_milestones is planned for the milestones issue and not in
// daemon/openapi.yaml yet: until the daemon serves it, its 404 means "no milestone".
export async function getMilestone(): Promise<MilestoneResponse> {
  try {
    return await apiRequest<MilestoneResponse>('/api/v1/x_share_milestones');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { milestone_type: null };
    throw error;
  }
}
