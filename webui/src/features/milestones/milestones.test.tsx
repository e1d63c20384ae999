import { renderHook, waitFor, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { SHARE_HASHTAG, shareContent, shareUrl } from './share-content';
import { useMilestoneCheck } from './use-milestone-check';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('share content', () => {
  it.each([
    ['html_css_tasks_approved', 'HTML/CSS'],
    ['javascript_tasks_approved', 'JavaScript'],
    ['ruby_tasks_approved', 'Ruby'],
    ['ruby_on_rails_tasks_approved', 'Ruby on Rails'],
  ])('%s has its own text', (kind, subject) => {
    expect(shareContent(kind).shareText).toContain(`${subject}の課題をすべてクリアしました`);
  });

  it('any other kind (first login) gets the default dialog', () => {
    expect(shareContent('first_login').title).toBe('ようこそ！');
    expect(shareContent('anything').shareText).toContain('学習をスタートしました');
  });

  it('the share link carries the text and the hashtag', () => {
    const url = new URL(shareUrl(shareContent('ruby_tasks_approved')));
    expect(url.searchParams.get('hashtags')).toBe(SHARE_HASHTAG);
    expect(url.searchParams.get('text')).toContain('Ruby');
  });
});

describe('milestone check', () => {
  it('shows the milestone and marks it shown on close', async () => {
    let marked: unknown = null;
    mockApi({
      'GET /api/v1/x_share_milestones': [200, { milestone_type: 'ruby_tasks_approved' }],
      'POST /api/v1/x_share_milestones/mark_as_shown': (init) => {
        marked = JSON.parse(String(init?.body));
        return [204];
      },
    });
    const { result } = renderHook(() => useMilestoneCheck(true), { wrapper });
    await waitFor(() => expect(result.current.milestone).toBe('ruby_tasks_approved'));
    act(() => result.current.close());
    expect(result.current.milestone).toBeNull();
    await waitFor(() => expect(marked).toEqual({ milestone_type: 'ruby_tasks_approved' }));
  });

  it('only logs failures and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /api/v1/x_share_milestones': [500] });
    const { result } = renderHook(() => useMilestoneCheck(true), { wrapper });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(result.current.milestone).toBeNull();
  });

  it('does not call the server when disabled', () => {
    const fetchMock = mockApi({});
    renderHook(() => useMilestoneCheck(false), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
