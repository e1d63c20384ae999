// The dialog logic of the milestone check with the two calls replaced at the module level:
// the daemon does not serve x_share_milestones yet (see milestones.test.tsx), so no route is
// mocked here as if it did.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useMilestoneCheck } from './use-milestone-check';

const calls = vi.hoisted(() => ({
  get: vi.fn(async () => ({ milestone_type: 'ruby_tasks_approved' as string | null })),
  mark: vi.fn(async (_kind: string) => undefined),
}));
vi.mock('./api/get-milestone', () => ({ getMilestone: calls.get }));
vi.mock('./api/mark-milestone-shown', () => ({ markMilestoneShown: calls.mark }));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('milestone dialog logic', () => {
  it('shows the milestone and marks it shown on close', async () => {
    const { result } = renderHook(() => useMilestoneCheck(true), { wrapper });
    await waitFor(() => expect(result.current.milestone).toBe('ruby_tasks_approved'));
    act(() => result.current.close());
    expect(result.current.milestone).toBeNull();
    expect(calls.mark).toHaveBeenCalledWith('ruby_tasks_approved');
  });

  it('only logs other failures and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    calls.get.mockRejectedValueOnce(new Error('503'));
    const { result } = renderHook(() => useMilestoneCheck(true), { wrapper });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(result.current.milestone).toBeNull();
  });
});
