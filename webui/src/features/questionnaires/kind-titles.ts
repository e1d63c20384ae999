import type { QuestionnaireKind } from './kinds';

// Headings before the definition has loaded (the definition's own title is the same text).
export const kindTitles: Record<QuestionnaireKind, string> = {
  'pre-curriculum': '受講前アンケート',
  'post-curriculum': '受講後アンケート',
  'post-job-change': '転職後アンケート',
  'follow-up': 'フォローアップアンケート',
};
