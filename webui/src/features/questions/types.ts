// Shapes of the question box API (docs/api.md, issue 4).
import type { Role } from '../../lib/api-types';

export interface AccountSummary {
  id: number;
  nickname: string | null;
  image_url: string | null;
  role: Role;
}

export interface CategoryChild {
  id: number;
  name: string;
  search_name: string | null;
}

export interface CategoryNode {
  id: number;
  name: string;
  lists?: CategoryChild[] | null;
}

export interface CategoryOption {
  id: number;
  name: string;
}

export type QuestionStatus = 'solved' | 'unsolved';
export type StatusFilter = 'all' | QuestionStatus;

export interface Question {
  id: number;
  title: string;
  body: string;
  category: CategoryOption | null;
  is_pick_up: boolean;
  status: QuestionStatus;
  solved_answer_id: number | null;
  answers_count: number;
  account: AccountSummary;
  created_at: string;
  updated_at: string;
}

export interface Answer {
  id: number;
  question_id: number;
  body: string;
  account: AccountSummary;
  is_solution: boolean;
  created_at: string;
  updated_at: string;
}

export interface QuestionDetail extends Question {
  answers: Answer[];
}

export interface QuestionPage {
  data: Question[];
  meta: { page: number; per: number; total: number; total_capped: boolean };
}

export interface QuestionInput {
  category_id?: number;
  title?: string;
  body?: string;
  is_pick_up?: boolean;
}

// A message of QuestionChannel.
export interface AnsweringMessage {
  is_answering: boolean;
  account: AccountSummary;
}

export type CableReport = 'failed first connection' | 'failed to retry' | 'disconnected' | 'rejected';
