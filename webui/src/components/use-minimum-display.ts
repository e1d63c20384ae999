import { useEffect, useRef, useState } from 'react';

// Once shown, an indicator stays at least `minimumMs` (page fetch minimum display: 200 ms).
export function useMinimumDisplay(active: boolean, minimumMs = 200): boolean {
  const [visible, setVisible] = useState(active);
  const shownAt = useRef<number | null>(active ? Date.now() : null);
  useEffect(() => {
    if (active) {
      shownAt.current = Date.now();
      setVisible(true);
      return undefined;
    }
    if (shownAt.current === null) return undefined;
    const remaining = minimumMs - (Date.now() - shownAt.current);
    if (remaining <= 0) {
      shownAt.current = null;
      setVisible(false);
      return undefined;
    }
    const timer = setTimeout(() => {
      shownAt.current = null;
      setVisible(false);
    }, remaining);
    return () => clearTimeout(timer);
  }, [active, minimumMs]);
  return visible;
}
