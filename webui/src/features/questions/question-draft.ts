// Question draft state (spec): categoryId, title, body, isPickUp and the accounts currently
// answering, keyed by account id. Shared with React through lib/store.
import { createStore, type Store } from '../../lib/store';
import type { AccountSummary, AnsweringMessage } from './types';

export interface QuestionDraft {
  categoryId: number | null;
  title: string;
  body: string;
  isPickUp: boolean;
  answeringAccounts: AccountSummary[];
}

export const emptyDraft: QuestionDraft = {
  categoryId: null,
  title: '',
  body: '',
  isPickUp: false,
  answeringAccounts: [],
};

export function addAnsweringAccount(draft: QuestionDraft, account: AccountSummary): QuestionDraft {
  if (draft.answeringAccounts.some((a) => a.id === account.id)) return draft;
  return { ...draft, answeringAccounts: [...draft.answeringAccounts, account] };
}

export function removeAnsweringAccount(draft: QuestionDraft, accountId: number): QuestionDraft {
  if (!draft.answeringAccounts.some((a) => a.id === accountId)) return draft;
  return { ...draft, answeringAccounts: draft.answeringAccounts.filter((a) => a.id !== accountId) };
}

export function clearAnsweringAccounts(draft: QuestionDraft): QuestionDraft {
  return draft.answeringAccounts.length === 0 ? draft : { ...draft, answeringAccounts: [] };
}

// A QuestionChannel message: is_answering true adds the account, anything else removes it.
export function applyAnsweringMessage(draft: QuestionDraft, message: AnsweringMessage): QuestionDraft {
  if (!message?.account || typeof message.account.id !== 'number') return draft;
  return message.is_answering === true
    ? addAnsweringAccount(draft, message.account)
    : removeAnsweringAccount(draft, message.account.id);
}

export type DraftStore = Store<QuestionDraft>;

export const createDraftStore = (initial: Partial<QuestionDraft> = {}): DraftStore =>
  createStore<QuestionDraft>({ ...emptyDraft, ...initial });
