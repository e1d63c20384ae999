import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, NOT_SERVED } from '../../test/api-mock';
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

describe('milestone check (the daemon does not serve x_share_milestones yet)', () => {
  it('takes the 404 of the unserved route as "no milestone": nothing shown, nothing logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = mockApi({ 'GET /api/v1/x_share_milestones': NOT_SERVED });
    const { result } = renderHook(() => useMilestoneCheck(true), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(result.current.milestone).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('a route the contract does not have cannot be mocked as served', () => {
    expect(() => mockApi({ 'GET /api/v1/x_share_milestones': [200, { milestone_type: 'x' }] })).toThrow(
      /not in daemon\/openapi.yaml/,
    );
  });

  it('does not call the server when disabled', () => {
    const fetchMock = mockApi({});
    renderHook(() => useMilestoneCheck(false), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
