import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export const MENU_OPEN_DELAY_MS = 10;

// The hamburger drawer opens after 10 ms and closes on every route change.
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { pathname } = useLocation();

  const openMenu = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), MENU_OPEN_DELAY_MS);
  }, []);
  const closeMenu = useCallback(() => setOpen(false), []);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { open, openMenu, closeMenu };
}
