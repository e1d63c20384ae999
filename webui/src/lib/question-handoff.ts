// How the question list composes with the AI chat (the layout-ai-chat route layout; features
// never import each other, docs/webui.md): the layout hands the list page its AI chat panel
// through the outlet context, and a conversation the student turns into a question arrives as
// the router's location state of /questions, which opens 質問する filled in.
import type { ReactNode } from 'react';

export interface QuestionsOutletContext {
  aiChat?: ReactNode;
}

export interface QuestionDraftOffer {
  title: string;
  body: string;
}

export const questionDraftState = (draft: QuestionDraftOffer) => ({ questionDraft: draft });

// The draft in a location state, or null (anything else: a reload of another page's state).
export function questionDraftOf(state: unknown): QuestionDraftOffer | null {
  if (typeof state !== 'object' || state === null || !('questionDraft' in state)) return null;
  const draft = state.questionDraft as Partial<QuestionDraftOffer> | null;
  return typeof draft?.title === 'string' && typeof draft.body === 'string' ? { title: draft.title, body: draft.body } : null;
}
