import { useCallback, useEffect, useRef, useState } from 'react';
import type { Curriculum } from '../../lib/api-types';
import { readCourseState, writeCourseState, type CourseState } from '../../lib/persisted-state';

// The course state of the spec (30-day cookie `camp.course`, lib/persisted-state.ts): which
// curriculum the user last opened (activeCourseId: the curriculum's position, its stable number
// in curriculum.yaml; logout clears it) and whether the table of contents beside a curriculum's
// tasks is open (isAsideContentsOpen, open by default).
export function useCourseState() {
  const [state, setState] = useState<CourseState>(readCourseState);
  const changed = useRef(false);
  useEffect(() => {
    if (changed.current) writeCourseState(state);
  }, [state]);
  const update = useCallback((change: (prev: CourseState) => CourseState) => {
    setState((prev) => {
      const next = change(prev);
      if (next !== prev) changed.current = true;
      return next;
    });
  }, []);
  const setActiveCourse = useCallback(
    (position: number) =>
      update((prev) => (prev.activeCourseId === position ? prev : { ...prev, activeCourseId: position })),
    [update],
  );
  const toggleAside = useCallback(
    () => update((prev) => ({ ...prev, isAsideContentsOpen: !prev.isAsideContentsOpen })),
    [update],
  );
  return { ...state, setActiveCourse, toggleAside };
}

/**
 * The curriculum to point out on the list: the one opened last, else (students) the first one
 * not fully approved, else none.
 */
export function currentCurriculum(
  curriculums: Curriculum[],
  activeCourseId: number | null,
  isStudent: boolean,
): Curriculum | null {
  const opened = curriculums.find((c) => c.position === activeCourseId);
  if (opened) return opened;
  if (!isStudent) return null;
  return curriculums.find((c) => c.progress.approved < c.progress.total) ?? null;
}
