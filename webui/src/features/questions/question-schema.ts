import * as z from 'zod/mini';
import { messages } from '../../lib/messages';
import { isOneLine, trimmed } from '../../lib/validation';

// Question form (spec: category required, title required); the body is Markdown.
export const questionSchema = z.object({
  categoryId: z.string().check(z.minLength(1, messages.category_required)),
  title: z
    .string()
    .check(trimmed(), z.minLength(1, messages.title_required), z.refine(isOneLine, messages.title_one_line)),
  body: z.string(),
});

export type QuestionValues = z.infer<typeof questionSchema>;

// Server field names (422 `fields`) → form fields.
export const questionFieldMap: Record<string, keyof QuestionValues> = {
  category_id: 'categoryId',
  category: 'categoryId',
  title: 'title',
  body: 'body',
};

export const answerSchema = z.object({
  body: z.string().check(trimmed(), z.minLength(1, messages.answer_required)),
});
export type AnswerValues = z.infer<typeof answerSchema>;

export const answerFieldMap: Record<string, keyof AnswerValues> = { body: 'body' };

export const TITLE_PLACEHOLDER = '〇〇のエラーが解決できない';

export const BODY_PLACEHOLDER = [
  '## 実現したいこと',
  '〇〇の機能を実装したい',
  '',
  '## エラーメッセージ',
  '```',
  'エラーメッセージを貼り付けてください',
  '```',
  '',
  '## わからないこと',
  '〇〇の部分で△△となる原因がわからない',
  '',
  '## 調べたこと',
  '〇〇について調べた（参考にしたURLなど）',
  '',
  '## 試したこと',
  '〇〇を試したが△△となった',
].join('\n');
