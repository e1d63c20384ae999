// What a student typed into a questionnaire, kept per account and kind in sessionStorage, so it
// survives leaving the page, a reload and the step to the confirm page and back (the event
// draft is the model). sessionStorage rather than localStorage: income and employment answers
// should not outlive the tab on a shared computer. The draft is dropped after a submission.
//
// Spec §4: "Setting a nonexistent questionnaire field is ignored with a console warning": the
// setter knows the definition's keys and refuses any other, so a stale or mistyped key never
// reaches the payload.
import { createStore, type Store } from '../../lib/store';
import type { QuestionnaireKind } from './kinds';
import type { Answers, AnswerValue } from './types';

const PREFIX = 'camp.questionnaire-draft.';

export const draftStorageKey = (accountId: number, kind: QuestionnaireKind) => `${PREFIX}${accountId}.${kind}`;

function read(key: string): Answers {
  try {
    const raw = sessionStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const answers: Answers = {};
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>))
      if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string')))
        answers[name] = value as AnswerValue;
    return answers;
  } catch {
    return {};
  }
}

function write(key: string, answers: Answers): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // Storage full or disabled: the in-memory draft still carries the step to the confirm page.
  }
}

export interface QuestionnaireDraft {
  readonly store: Store<Answers>;
  /** Sets one field; a key the definition does not have is ignored with a console warning. */
  setField(key: string, value: AnswerValue): boolean;
  clear(): void;
}

const drafts = new Map<string, QuestionnaireDraft>();

// One draft object per account, kind and set of known keys; answers stored under keys the
// definition no longer has are dropped when it is opened.
export function openDraft(accountId: number, kind: QuestionnaireKind, keys: readonly string[]): QuestionnaireDraft {
  const storageKey = draftStorageKey(accountId, kind);
  const cacheKey = `${storageKey}|${keys.join(',')}`;
  const existing = drafts.get(cacheKey);
  if (existing) return existing;

  const known = new Set(keys);
  const initial = Object.fromEntries(Object.entries(read(storageKey)).filter(([key]) => known.has(key)));
  const store = createStore<Answers>(initial);
  store.subscribe(() => write(storageKey, store.get()));

  const draft: QuestionnaireDraft = {
    store,
    setField(key, value) {
      if (!known.has(key)) {
        console.warn(`questionnaire ${kind}: ignored a value for the nonexistent field "${key}"`);
        return false;
      }
      store.set((answers) => ({ ...answers, [key]: value }));
      return true;
    },
    clear() {
      store.set({});
      try {
        sessionStorage.removeItem(storageKey);
      } catch {
        // Nothing stored.
      }
    },
  };
  drafts.set(cacheKey, draft);
  return draft;
}

// Forgets the in-memory drafts (tests: a fresh page load rereads sessionStorage).
export function forgetOpenDrafts(): void {
  drafts.clear();
}
