import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { SHARE_HASHTAG, shareContent, shareUrl } from './share-content';
import { useMilestoneCheck } from './use-milestone-check';

// Lets the stubbed fetch (it answers at once) and the hook's promise chain finish.
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

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
  const setup = () =>
    renderHook(
      () => {
        const navigate = useNavigate();
        return { check: useMilestoneCheck(true), navigate };
      },
      { wrapper },
    );

  it('shows the milestone; closing marks it shown and it does not come back on the next route', async () => {
    // The daemon keeps answering the milestone until it has processed mark_as_shown.
    const fetchMock = mockApi({
      'GET /api/v1/x_share_milestones': [200, { milestone_type: 'ruby_tasks_approved' }],
      'POST /api/v1/x_share_milestones/mark_as_shown': [204],
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.check.milestone).toBe('ruby_tasks_approved'));
    act(() => result.current.check.close());
    expect(result.current.check.milestone).toBeNull();
    await waitFor(() =>
      expect(fetchMock.requests.find((r) => r.method === 'POST')?.body).toBe(
        JSON.stringify({ milestone_type: 'ruby_tasks_approved' }),
      ),
    );
    await act(() => result.current.navigate('/curriculums'));
    await waitFor(() => expect(fetchMock.requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    await settle();
    expect(result.current.check.milestone).toBeNull();
  });

  it('checks again on every route change and shows a newer milestone', async () => {
    let answer: string | null = null;
    mockApi({ 'GET /api/v1/x_share_milestones': () => [200, { milestone_type: answer }] });
    const { result } = setup();
    await waitFor(() => expect(result.current.check.milestone).toBeNull());
    answer = 'html_css_tasks_approved';
    await act(() => result.current.navigate('/mypage'));
    await waitFor(() => expect(result.current.check.milestone).toBe('html_css_tasks_approved'));
  });

  it('null means nothing to show', async () => {
    const fetchMock = mockApi({ 'GET /api/v1/x_share_milestones': [200, { milestone_type: null }] });
    const { result } = setup();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    expect(result.current.check.milestone).toBeNull();
  });

  it('only logs failures of either call and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/v1/x_share_milestones': [503, apiError(503, '混雑')],
    });
    const { result } = setup();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('milestone check failed', expect.anything()));
    expect(result.current.check.milestone).toBeNull();
  });

  it('a failed mark_as_shown is only logged and the dialog stays closed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/v1/x_share_milestones': [200, { milestone_type: 'first_login' }],
      'POST /api/v1/x_share_milestones/mark_as_shown': [503, apiError(503, '混雑')],
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.check.milestone).toBe('first_login'));
    act(() => result.current.check.close());
    await waitFor(() => expect(warn).toHaveBeenCalledWith('marking the milestone failed', expect.anything()));
    expect(result.current.check.milestone).toBeNull();
  });

  it('does not call the server when disabled', () => {
    const fetchMock = mockApi({});
    renderHook(() => useMilestoneCheck(false), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
