// Shapes of the question box API: the contract's types (lib/api-types.ts, generated from
// daemon/openapi.yaml), plus the client-only shapes.
import type {
  Answer,
  Author,
  Category,
  CategoryChild,
  Question,
  QuestionDetail,
  QuestionInput,
  QuestionPage,
} from '../../lib/api-types';

export type { Answer, CategoryChild, Question, QuestionDetail, QuestionInput, QuestionPage };
export type AccountSummary = Author;
export type CategoryNode = Category;

export interface CategoryOption {
  id: number;
  name: string;
}

export type QuestionStatus = Question['status'];
export type StatusFilter = 'all' | QuestionStatus;

// A message of QuestionChannel.
export interface AnsweringMessage {
  is_answering: boolean;
  account: AccountSummary;
}

// QuestionChannel's other message: the question or its answers changed (docs/realtime.md).
export interface QuestionChange {
  changed:
    | 'answer_created'
    | 'answer_updated'
    | 'answer_deleted'
    | 'solution_chosen'
    | 'solution_cleared'
    | 'question_updated'
    | 'question_deleted';
  answer_id: number | null;
}

export type { CableReport } from '../../lib/cable/connection-monitor';
