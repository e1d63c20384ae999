import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { getMilestone } from './api/get-milestone';
import { markMilestoneShown } from './api/mark-milestone-shown';

// Milestone check when the main layout appears and on every route change (spec §4); closing
// the dialog marks the milestone as shown. Errors are only logged.
export function useMilestoneCheck(enabled: boolean) {
  const { pathname } = useLocation();
  const [milestone, setMilestone] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    getMilestone()
      .then(({ milestone_type }) => {
        if (current && milestone_type) setMilestone(milestone_type);
      })
      .catch((error: unknown) => console.warn('milestone check failed', error));
    return () => {
      current = false;
    };
  }, [enabled, pathname]);

  const close = useCallback(() => {
    if (!milestone) return;
    setMilestone(null);
    markMilestoneShown(milestone).catch((error: unknown) => console.warn('marking the milestone failed', error));
  }, [milestone]);

  return { milestone, close };
}
