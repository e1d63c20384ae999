import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MobileDrawer from './components/mobile-drawer';
import { MENU_OPEN_DELAY_MS, useMobileMenu } from './use-mobile-menu';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('hamburger menu', () => {
  it('opens 10 ms after the click', () => {
    const { result } = renderHook(() => useMobileMenu(), { wrapper });
    act(() => result.current.openMenu());
    expect(result.current.open).toBe(false);
    act(() => vi.advanceTimersByTime(MENU_OPEN_DELAY_MS - 1));
    expect(result.current.open).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(true);
    expect(MENU_OPEN_DELAY_MS).toBe(10);
  });

  it('closes on route change', async () => {
    let menu: ReturnType<typeof useMobileMenu> | null = null;
    function Probe() {
      menu = useMobileMenu();
      return null;
    }
    const router = createMemoryRouter([{ path: '*', Component: Probe }], { initialEntries: ['/mypage'] });
    render(<RouterProvider router={router} />);
    act(() => menu?.openMenu());
    act(() => vi.advanceTimersByTime(10));
    expect(menu!.open).toBe(true);
    await act(() => router.navigate('/curriculums'));
    expect(menu!.open).toBe(false);
  });

  it('blocks touch-move while open', () => {
    const props = { items: [], onSettings: () => {}, onLogout: () => {}, onClose: () => {} };
    const touch = () => {
      const event = new Event('touchmove', { cancelable: true });
      document.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { rerender } = render(<MobileDrawer {...props} open />, { wrapper });
    expect(touch()).toBe(true);
    rerender(<MobileDrawer {...props} open={false} />);
    expect(touch()).toBe(false);
  });
});
