import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { getMilestone } from './api/get-milestone';
import { markMilestoneShown } from './api/mark-milestone-shown';

// Milestone check when the main layout appears and on every route change (spec §4); closing
// the dialog marks the milestone as shown. Errors are only logged (spec §7, §8).
//
// A closed milestone never comes back in this page's life, even when a check started before
// the close (or the mark_as_shown call failed or is still on its way) answers with it again.
export function useMilestoneCheck(enabled: boolean) {
  const { pathname } = useLocation();
  const [milestone, setMilestone] = useState<string | null>(null);
  const closed = useRef(new Set<string>());

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    getMilestone()
      .then(({ milestone_type }) => {
        if (current && milestone_type && !closed.current.has(milestone_type)) setMilestone(milestone_type);
      })
      .catch((error: unknown) => console.warn('milestone check failed', error));
    return () => {
      current = false;
    };
  }, [enabled, pathname]);

  const close = useCallback(() => {
    if (!milestone) return;
    closed.current.add(milestone);
    setMilestone(null);
    markMilestoneShown(milestone).catch((error: unknown) => console.warn('marking the milestone failed', error));
  }, [milestone]);

  return { milestone, close };
}
