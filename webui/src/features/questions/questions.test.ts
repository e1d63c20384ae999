import type { Consumer, SubscriptionCallbacks } from '../../lib/cable/consumer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flattenCategories } from './categories';
import { createConnectionMonitor } from '../../lib/cable/connection-monitor';
import { renderMarkdown } from '../../lib/markdown';
import { joinQuestionChannel, parseQuestionChange } from './question-channel';
import {
  addAnsweringAccount,
  applyAnsweringMessage,
  clearAnsweringAccounts,
  createDraftStore,
  emptyDraft,
  removeAnsweringAccount,
} from './question-draft';
import { answerSchema, questionSchema } from './question-schema';
import { questionsQuery } from './api/get-questions';
import { emptySearch, parseSearch, toSearchParams } from './search-state';
import type { AccountSummary, CableReport, QuestionChange } from './types';

const alice: AccountSummary = { id: 1, display_name: 'アリス', image_url: null, role: 'student' };
const bob: AccountSummary = { id: 2, display_name: 'ボブ', image_url: '/uploads/b.png', role: 'basic_mentor' };

describe('question draft', () => {
  it('adds answering accounts once, removes and clears them', () => {
    let d = addAnsweringAccount(emptyDraft, alice);
    d = addAnsweringAccount(d, bob);
    const again = addAnsweringAccount(d, { ...alice, display_name: 'other' });
    expect(again).toBe(d);
    expect(d.answeringAccounts.map((a) => a.id)).toEqual([1, 2]);
    expect(removeAnsweringAccount(d, 1).answeringAccounts).toEqual([bob]);
    expect(removeAnsweringAccount(d, 99)).toBe(d);
    expect(clearAnsweringAccounts(d).answeringAccounts).toEqual([]);
    expect(d.categoryId).toBeNull();
    expect(d.isPickUp).toBe(false);
  });

  it('applies channel messages: is_answering true adds, anything else removes', () => {
    let d = applyAnsweringMessage(emptyDraft, { is_answering: true, account: alice });
    d = applyAnsweringMessage(d, { is_answering: true, account: alice });
    expect(d.answeringAccounts).toEqual([alice]);
    d = applyAnsweringMessage(d, { is_answering: false, account: alice });
    expect(d.answeringAccounts).toEqual([]);
    expect(applyAnsweringMessage(d, null as never)).toBe(d);
  });
});

function fakeConsumer() {
  let callbacks: SubscriptionCallbacks = {};
  const sub = { perform: vi.fn(() => true), unsubscribe: vi.fn() };
  const consumer = {
    open: true,
    subscriptions: {
      create: vi.fn((_params: Record<string, unknown>, cb: SubscriptionCallbacks) => {
        callbacks = cb;
        return sub;
      }),
    },
    connection: { isOpen: () => consumer.open },
    disconnect: vi.fn(),
  };
  return { consumer, sub, callbacks: () => callbacks };
}

describe('question channel', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the list, clears it on disconnect and rejection, and tears down on leave', () => {
    vi.useFakeTimers();
    const { consumer, sub, callbacks } = fakeConsumer();
    const draft = createDraftStore();
    const reports: CableReport[] = [];
    const channel = joinQuestionChannel({
      consumer: consumer as unknown as Consumer,
      questionId: 7,
      draft,
      report: (e) => reports.push(e),
      onChanged: () => undefined,
    });
    expect(consumer.subscriptions.create).toHaveBeenCalledWith(
      { channel: 'QuestionChannel', id: 7 },
      expect.anything(),
    );
    callbacks().received?.({ is_answering: true, account: alice });
    callbacks().received?.({ is_answering: true, account: bob });
    expect(draft.get().answeringAccounts).toHaveLength(2);
    callbacks().disconnected?.();
    expect(draft.get().answeringAccounts).toEqual([]);
    callbacks().received?.({ is_answering: true, account: alice });
    callbacks().rejected?.();
    expect(draft.get().answeringAccounts).toEqual([]);
    expect(reports).toEqual(['disconnected', 'rejected']);

    channel.answering();
    channel.cancelAnswering();
    expect(sub.perform.mock.calls).toEqual([['answering'], ['cancel_answering']]);

    consumer.open = false;
    vi.advanceTimersByTime(5000);
    expect(reports.at(-1)).toBe('failed first connection');
    callbacks().received?.({ is_answering: true, account: alice });
    channel.leave();
    expect(sub.unsubscribe).toHaveBeenCalledOnce();
    expect(consumer.disconnect).toHaveBeenCalledOnce();
    expect(draft.get().answeringAccounts).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(3); // the monitor stopped
  });
});

describe('question channel changes', () => {
  it('a `changed` message asks for a reload and leaves the answering list alone', () => {
    const { consumer, callbacks } = fakeConsumer();
    const draft = createDraftStore();
    const changes: (QuestionChange | null)[] = [];
    const channel = joinQuestionChannel({
      consumer: consumer as unknown as Consumer,
      questionId: 7,
      draft,
      report: () => undefined,
      onChanged: (c) => changes.push(c),
    });
    callbacks().connected?.(); // the first connection: nothing was missed
    expect(changes).toEqual([]);
    callbacks().received?.({ is_answering: true, account: alice });
    callbacks().received?.({ changed: 'answer_created', answer_id: 31 });
    callbacks().received?.({ changed: 'solution_cleared', answer_id: null });
    callbacks().received?.({ changed: 'question_pinned', answer_id: 1 }); // not a kind: ignored
    callbacks().received?.({ changed: 'answer_updated', answer_id: 'x' });
    expect(changes).toEqual([
      { changed: 'answer_created', answer_id: 31 },
      { changed: 'solution_cleared', answer_id: null },
      { changed: 'answer_updated', answer_id: null },
    ]);
    expect(draft.get().answeringAccounts).toEqual([alice]);

    // A reconnection after a loss is a catch-up: everything is loaded again.
    callbacks().disconnected?.();
    callbacks().connected?.();
    expect(changes.at(-1)).toBeNull();
    expect(changes).toHaveLength(4);
    callbacks().connected?.(); // connected again without a loss in between: nothing more
    expect(changes).toHaveLength(4);

    channel.leave();
    callbacks().received?.({ changed: 'answer_deleted', answer_id: 3 });
    expect(changes).toHaveLength(4);
  });

  it('parses only the seven kinds', () => {
    expect(parseQuestionChange({ changed: 'solution_chosen', answer_id: 4 })).toEqual({
      changed: 'solution_chosen',
      answer_id: 4,
    });
    expect(parseQuestionChange({ is_answering: true, account: alice })).toBeNull();
    expect(parseQuestionChange(null)).toBeNull();
    expect(parseQuestionChange('answer_created')).toBeNull();
  });
});

describe('connection monitor', () => {
  it('reports the first failure, then at 3 consecutive failures, and resets when connected', () => {
    let connected = false;
    const reports: CableReport[] = [];
    const m = createConnectionMonitor(
      () => connected,
      (e) => reports.push(e),
    );
    m.check();
    expect(reports).toEqual(['failed first connection']);
    m.check();
    expect(reports).toHaveLength(1);
    m.check();
    expect(reports).toEqual(['failed first connection', 'failed to retry']);
    m.check();
    expect(reports).toHaveLength(2);
    connected = true;
    m.check();
    expect(m.failures()).toBe(0);
    connected = false;
    m.check();
    expect(reports.at(-1)).toBe('failed first connection');
    expect(reports).toHaveLength(3);
  });

  it('polls every 5 s once started, until stopped', () => {
    vi.useFakeTimers();
    const isConnected = vi.fn(() => true);
    const m = createConnectionMonitor(isConnected, () => undefined);
    m.start();
    vi.advanceTimersByTime(14_999);
    expect(isConnected).toHaveBeenCalledTimes(2);
    m.stop();
    vi.advanceTimersByTime(20_000);
    expect(isConnected).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});

describe('categories', () => {
  it('flattens parents and children, naming a child by search_name or parent - child', () => {
    const flat = flattenCategories([
      {
        id: 1,
        name: 'Ruby',
        lists: [
          { id: 2, name: '基礎', search_name: 'Ruby - 基礎' },
          { id: 3, name: 'Gem', search_name: ' ' },
          { id: 4, name: '例外', search_name: '' },
        ],
      },
      { id: 5, name: 'Git', lists: [] },
    ]);
    expect(flat).toEqual([
      { id: 1, name: 'Ruby' },
      { id: 2, name: 'Ruby - 基礎' },
      { id: 3, name: 'Ruby - Gem' },
      { id: 4, name: 'Ruby - 例外' },
      { id: 5, name: 'Git' },
    ]);
  });
});

describe('search state in the URL', () => {
  it('round-trips keywords, category and status', () => {
    const search = {
      keywords: 'マイグレ エラー',
      categoryId: 20,
      categoryName: 'Rails - ActiveRecord',
      status: 'unsolved' as const,
      unanswered: false,
      page: 3,
    };
    const params = toSearchParams(search);
    expect(params.get('keywords')).toBe('マイグレ エラー');
    expect(parseSearch(new URLSearchParams(params.toString()))).toEqual(search);
  });

  it("keeps the dashboard's unanswered filter and sends it to the daemon", () => {
    const search = parseSearch(new URLSearchParams('unanswered=true'));
    expect(search).toEqual({ ...emptySearch, unanswered: true });
    expect(toSearchParams(search).toString()).toBe('unanswered=true');
    expect(questionsQuery(search)).toEqual({ status: 'all', unanswered: true, page: 1, per: 20 });
    expect(questionsQuery(emptySearch)).not.toHaveProperty('unanswered');
  });

  it('falls back to defaults for missing or broken values', () => {
    expect(parseSearch(new URLSearchParams('categoryId=abc&categoryName=x&status=bogus&unanswered=1&page=0'))).toEqual(
      emptySearch,
    );
    expect(toSearchParams(emptySearch).toString()).toBe('');
  });
});

describe('forms', () => {
  it('uses the spec messages for category and title', () => {
    const result = questionSchema.safeParse({ categoryId: '', title: '   ', body: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('カテゴリーは必須です');
    expect(messages).toContain('タイトルは必須です');
    expect(questionSchema.safeParse({ categoryId: '3', title: 'エラー', body: '' }).success).toBe(true);
    // The title is the subject of the reminder mail: one line.
    const twoLines = questionSchema.safeParse({ categoryId: '3', title: 'エラー\n二行目', body: '' });
    expect(twoLines.error?.issues.map((i) => i.message)).toEqual(['タイトルに改行や制御文字は使用できません']);
    expect(answerSchema.safeParse({ body: ' ' }).success).toBe(false);
  });
});

describe('markdown', () => {
  // Sanitizing: markdown.test.ts (jsdom) and tests/e2e/questions.spec.ts (Chromium).
  it('renders Markdown (GFM, line breaks, code)', () => {
    const html = renderMarkdown('**太字**\n`code`\n\n```\nx\n```');
    expect(html).toContain('<strong>太字</strong>');
    expect(html).toContain('<br>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<pre><code>x');
  });
});
