import { api, unwrap } from '../../../lib/api-client';

// POST /api/v1/x_share_milestones/mark_as_shown (204; idempotent).
export const markMilestoneShown = (milestoneType: string): Promise<void> =>
  unwrap(api.POST('/api/v1/x_share_milestones/mark_as_shown', { body: { milestone_type: milestoneType } })).then(
    () => undefined,
  );
