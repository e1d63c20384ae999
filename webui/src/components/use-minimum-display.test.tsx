import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMinimumDisplay } from './use-minimum-display';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading indicator minimum display', () => {
  it('stays 200 ms even when the load is faster', () => {
    const { result, rerender } = renderHook(({ active }) => useMinimumDisplay(active, 200), {
      initialProps: { active: false },
    });
    expect(result.current).toBe(false);
    rerender({ active: true });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(50));
    rerender({ active: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('hides at once after a long load', () => {
    const { result, rerender } = renderHook(({ active }) => useMinimumDisplay(active, 200), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(500));
    rerender({ active: false });
    expect(result.current).toBe(false);
  });
});
