import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Curriculum, Role } from '../../lib/api-types';
import { clearErrorPage, errorPageStore } from '../../lib/feedback';
import { messages } from '../../lib/messages';
import { clearPersistedState, readCourseState } from '../../lib/persisted-state';
import { apiError, mockApi } from '../../test/api-mock';
import { review, SOURCE, submissionDetail, taskDetail } from '../../test/curriculum-samples';
import { TaskSection } from './components/task-section';
import { currentCurriculum, useCourseState } from './course-state';
import { submitPanel } from './submit-state';

afterEach(clearErrorPage);

const wrap = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

const curriculum = (name: string, position: number, approved: number, total = 3): Curriculum => ({
  name,
  title: name,
  description: '説明',
  position,
  progress: { total, approved },
  tasks: [],
});

describe('what a task offers under its body', () => {
  it.each<[Role, boolean, string, string]>([
    ['student', true, 'not_started', 'form'],
    ['student', true, 'changes_requested', 'form'],
    ['student', false, 'submitted', messages.submission_pending],
    ['student', false, 'approved', messages.task_already_approved],
    ['trial', false, 'not_started', messages.trial_cannot_submit],
    ['admin', false, 'not_started', 'none'],
    ['basic_mentor', false, 'not_started', 'none'],
  ])('%s, can_submit %s, %s → %s', (role, can_submit, status, expected) => {
    const panel = submitPanel(role, { can_submit, status: status as never });
    expect(panel.kind === 'notice' ? panel.message : panel.kind).toBe(expected);
  });
});

describe('course state', () => {
  it('defaults to the aside open and no active curriculum; changes are kept in the cookie', () => {
    const { result } = renderHook(() => useCourseState());
    expect(result.current.isAsideContentsOpen).toBe(true);
    expect(result.current.activeCourseId).toBeNull();
    act(() => result.current.setActiveCourse(2));
    act(() => result.current.toggleAside());
    expect(readCourseState()).toEqual({ activeCourseId: 2, isAsideContentsOpen: false });
  });

  it('logout forgets the active curriculum but not the aside', () => {
    const { result } = renderHook(() => useCourseState());
    act(() => result.current.setActiveCourse(4));
    act(() => result.current.toggleAside());
    clearPersistedState();
    expect(readCourseState()).toEqual({ activeCourseId: null, isAsideContentsOpen: false });
  });

  it('points out the curriculum opened last, else a student’s next one', () => {
    const list = [curriculum('html-css', 1, 3), curriculum('javascript', 2, 1, 6), curriculum('ruby', 3, 0, 4)];
    expect(currentCurriculum(list, 3, true)?.name).toBe('ruby');
    expect(currentCurriculum(list, null, true)?.name).toBe('javascript');
    expect(currentCurriculum(list, 99, false)).toBeNull();
  });
});

describe('task section', () => {
  it('a student sees the body, the clone source, the form and the review thread', () => {
    const task = taskDetail({
      status: 'changes_requested',
      submissions: [submissionDetail({ status: 'changes_requested', reviews: [review()] })],
    });
    render(<TaskSection task={task} role="student" />, { wrapper: wrap });
    // Headings themselves are checked in Chromium (e2e): happy-dom defeats DOMPurify's markup.
    expect(screen.getByTestId('task-body')).toHaveTextContent('ポートフォリオサイトを模写します。');
    expect(screen.getByTestId('task-status')).toHaveTextContent('修正依頼');
    expect(within(screen.getByTestId('source-repository')).getByText(`git clone ${SOURCE}`)).toBeInTheDocument();
    expect(screen.getByTestId('submission-form')).toBeInTheDocument();
    expect(screen.getByTestId('submission-status')).toHaveTextContent('修正依頼');
    expect(screen.getByTestId('review-comment')).toHaveTextContent('見出しの構造を直してください');
  });

  it('trial sees the content and why there is no form', () => {
    render(<TaskSection task={taskDetail({ can_submit: false })} role="trial" />, { wrapper: wrap });
    expect(screen.getByTestId('task-body')).toHaveTextContent('ポートフォリオサイトを模写します。');
    expect(screen.queryByTestId('submission-form')).toBeNull();
    expect(screen.getByTestId('submit-notice')).toHaveTextContent(messages.trial_cannot_submit);
  });
});

describe('submit form', () => {
  const field = () => screen.getByLabelText('提出するリポジトリのURL');
  const submit = () => screen.getByRole('button', { name: '提出する' });

  it('refuses the clone source before sending, then posts the URL', async () => {
    const fetchMock = mockApi({ 'POST /api/v1/tasks/3/submissions': [201, submissionDetail()] });
    render(<TaskSection task={taskDetail()} role="student" />, { wrapper: wrap });
    fireEvent.input(field(), { target: { value: `${SOURCE}.git` } });
    expect(await screen.findByText(messages.repository_url_original_source)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    fireEvent.input(field(), { target: { value: ' https://github.com/hanako/portfolio ' } });
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    await waitFor(() => expect(fetchMock.requests).toHaveLength(1));
    expect(JSON.parse(fetchMock.requests[0]?.body ?? '')).toEqual({
      submission: { repository_url: 'https://github.com/hanako/portfolio' },
    });
    await waitFor(() => expect(field()).toHaveValue(''));
  });

  it("shows a 409 (already waiting) in place and a 422's message under the field", async () => {
    let status = 409;
    mockApi({
      'POST /api/v1/tasks/3/submissions': () =>
        status === 409
          ? [409, apiError(409, messages.submission_pending)]
          : [422, apiError(422, 'x', { repository_url: [messages.url_format] })],
    });
    render(<TaskSection task={taskDetail()} role="student" />, { wrapper: wrap });
    fireEvent.input(field(), { target: { value: 'https://github.com/hanako/portfolio' } });
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    expect(await screen.findByText(messages.submission_pending)).toBeInTheDocument();
    status = 422;
    await userEvent.click(submit());
    expect(await screen.findByText(messages.url_format)).toBeInTheDocument();
    expect(errorPageStore.get()).toBeNull();
  });
});
