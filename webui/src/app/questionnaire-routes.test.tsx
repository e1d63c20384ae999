// The questionnaire screens inside the real route table: confirm → complete, the conflict page
// on a 409, a 422 brought back under its field, who may open them, and an admin's audited read.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/auth-token';
import { clearErrorPage } from '../lib/feedback';
import { draftStorageKey, forgetOpenDrafts } from '../features/questionnaires/questionnaire-draft';
import { sampleDefinition } from '../features/questionnaires/test-fixtures';
import { account, mockApi, type Handler } from '../test/api-mock';
import { queryClient } from './query-client';
import { renderAt, site } from '../test/render-route';

const BASE = '/subsidy/questionnaire/pre-curriculum-questionnaire';
const API = '/api/v1/questionnaires/pre-curriculum';
const slow = { timeout: 8000 };
const stored = {
  kind: 'pre-curriculum',
  account_id: 12,
  display_name: '受講生 花子',
  submitted_at: '2026-11-25T09:30:00+09:00',
};
// GET /api/v1/questionnaires: the caller's state of each kind.
const overview = (preCurriculum: 'owed' | 'answered' | 'not_yet'): Handler => [
  200,
  {
    data: [
      {
        kind: 'pre-curriculum',
        title: '受講前アンケート',
        state: preCurriculum,
        submitted_at: preCurriculum === 'answered' ? stored.submitted_at : null,
      },
      { kind: 'follow-up', title: 'フォローアップアンケート', state: 'not_yet', submitted_at: null },
    ],
  },
];

function student(routes: Record<string, Handler>, who = account()) {
  setToken('jwt');
  return mockApi({
    'GET /api/v1/accounts/me': [200, who],
    'GET /api/v1/site': [200, site],
    'GET /api/v1/x_share_milestones': [200, { milestone_type: null }],
    'GET /api/v1/events/unread_count': [200, { unread_count: 0 }],
    [`GET ${API}/definition`]: [200, sampleDefinition],
    'GET /api/v1/questionnaires': overview('owed'),
    ...routes,
  });
}

const draft = { isEmployed: 'no', prefecture: '13', numberOfJobChange: '2', qualifications: ['fe'] };
const normalized = { isEmployed: 'no', prefecture: '13', numberOfJobChange: 2, qualifications: ['fe'] };

beforeEach(() => {
  sessionStorage.setItem(draftStorageKey(12, 'pre-curriculum'), JSON.stringify(draft));
  forgetOpenDrafts();
});
afterEach(() => {
  queryClient.clear();
  clearErrorPage();
  sessionStorage.clear();
});

describe('questionnaire flow (student)', { timeout: 30_000 }, () => {
  it('confirms with Japanese labels, submits, completes and forgets the draft', async () => {
    const api = student({
      [`POST ${API}/validation`]: [200, { answer: normalized, ignored_fields: [] }],
      [`POST ${API}/answer`]: [201, { ...stored, answer: normalized }],
    });
    const router = renderAt(`${BASE}/confirm`);
    const summary = await screen.findByTestId('answer-summary', {}, slow);
    for (const text of ['いいえ', '東京都', '2回', '基本情報技術者'])
      expect(within(summary).getByText(text)).toBeInTheDocument();
    expect(within(summary).queryByText('年収')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '回答を送信する' }));
    expect(await screen.findByTestId('questionnaire-complete', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subsidy/questionnaire/complete');
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === `${API}/answer`);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ answer: normalized });
    expect(sessionStorage.getItem(draftStorageKey(12, 'pre-curriculum'))).toBeNull();
  });

  it('a second submission goes to the conflict page', async () => {
    student({
      [`POST ${API}/validation`]: [200, { answer: normalized, ignored_fields: [] }],
      [`POST ${API}/answer`]: [
        409,
        { error: { status: 409, code: 'conflict', message: 'このアンケートは回答済みです', request_id: 'r' } },
      ],
    });
    const router = renderAt(`${BASE}/confirm`);
    await userEvent.click(await screen.findByRole('button', { name: '回答を送信する' }, slow));
    expect(await screen.findByTestId('questionnaire-conflict', {}, slow)).toHaveTextContent(
      'このアンケートは回答済みです',
    );
    expect(router.state.location.pathname).toBe(`${BASE}/conflict`);
  });

  it("brings the daemon's 422 back to the form, under its field", async () => {
    const message = 'お住まいの都道府県の選択肢が正しくありません';
    student({
      [`POST ${API}/validation`]: [
        422,
        { error: { status: 422, code: 'invalid', message: 'x', fields: { prefecture: [message] }, request_id: 'r' } },
      ],
    });
    const router = renderAt(`${BASE}/confirm`);
    expect(await screen.findByText(message, {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(BASE);
    expect(screen.getByLabelText(/お住まいの都道府県/, { selector: 'select' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens for a graduate; an answered kind shows the conflict page', async () => {
    student({ 'GET /api/v1/questionnaires': overview('answered') }, account({ role: 'graduate', course: null }));
    const router = renderAt(BASE);
    expect(await screen.findByTestId('questionnaire-conflict', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${BASE}/conflict`);
  });

  it('offers no form for a kind not due yet, not even its confirm page', async () => {
    const api = student({ 'GET /api/v1/questionnaires': overview('not_yet') });
    const router = renderAt(`${BASE}/confirm`);
    expect(await screen.findByTestId('questionnaire-not-due', {}, slow)).toHaveTextContent(
      'このアンケートはまだ回答の時期ではありません',
    );
    expect(router.state.location.pathname).toBe(BASE);
    expect(screen.queryByRole('button', { name: '確認画面へ' })).toBeNull();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it.each([
    ['a mentor', account({ role: 'basic_mentor', course: null }), BASE],
    ['another student’s id', account(), `${BASE}/99/confirm`],
  ])('is a 404 for %s', async (_, who, path) => {
    const api = student({}, who);
    renderAt(path);
    expect(await screen.findByText('This page could not be found', {}, slow)).toBeInTheDocument();
    expect(api.requests.some((r) => r.path.startsWith(API))).toBe(false);
  });
});

describe('an admin reads one answer', { timeout: 30_000 }, () => {
  it('asks for the reason first, then shows the answer', async () => {
    const api = student(
      {
        [`GET ${API}/answers/34`]: [200, { ...stored, account_id: 34, display_name: '渡辺 健太', answer: normalized }],
      },
      account({ role: 'admin', course: null }),
    );
    renderAt(`${BASE}/34`);
    await userEvent.click(await screen.findByRole('button', { name: '回答を表示する' }, slow));
    expect(screen.getByText('閲覧・出力の理由は必須です')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/閲覧理由/), '助成金事務局への報告');
    await userEvent.click(screen.getByRole('button', { name: '回答を表示する' }));
    const summary = await screen.findByTestId('answer-summary', {}, slow);
    expect(within(summary).getByText('東京都')).toBeInTheDocument();
    expect(screen.getByText(/渡辺 健太さんの回答・回答日時 2026-11-25 09:30/)).toBeInTheDocument();
    expect(screen.queryByText(/受講生ID/)).toBeNull();
    const read = api.requests.find((r) => r.path === `${API}/answers/34`);
    await waitFor(() => expect(read).toBeDefined());
    expect(api.requests.some((r) => r.path === `${API}/answer` || r.path === '/api/v1/questionnaires')).toBe(false);
  });
});
