// Every "required, not only whitespace" rule of the web forms refuses Unicode spaces too (the
// ideographic space a Japanese keyboard types, the no-break space, the em space), as the daemon
// does (text::is_blank, lib/core/text.cpp).
import { describe, expect, it } from 'vitest';
import { chatSchema } from '../features/ai-chat/chat-schema';
import { eventSchema } from '../features/events/event-schema';
import { tagNameProblem } from '../features/events/tag-name';
import { fieldError } from '../features/questionnaires/definition';
import type { QuestionnaireField } from '../features/questionnaires/types';
import { answerSchema, questionSchema } from '../features/questions/question-schema';
import { reviewSchema } from '../features/reviews/review-schema';
import { mentoringSchema } from '../features/students/mentoring-schema';
import { messages } from '../lib/messages';
import { isBlank, trimSpace } from '../lib/validation';

const SPACES = { 'U+3000': '\u3000', 'U+00A0': '\u00a0', 'U+2003': '\u2003' };
const blanks = Object.entries(SPACES).flatMap(([name, space]) => [
  [`${name} alone`, space],
  [`${name} three times with ASCII blanks`, ` ${space}\t${space}\n${space}`],
]);

type Issue = { message: string; path: PropertyKey[] };
type Parsed = { success: true } | { success: false; error: { issues: Issue[] } };
const messagesAt = (result: Parsed, field: string) =>
  result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);

const textField: QuestionnaireField = {
  key: 'satisfactionReason',
  label: '満足度の理由',
  type: 'textarea',
  required: true,
  options: [],
  depends_on: null,
  visible_when: null,
  min: null,
  max: null,
  max_length: 400,
  max_items: null,
  unit: null,
  placeholder: null,
  help: null,
};

const event = {
  title: 'x',
  tagId: '1',
  image: '',
  description: '',
  capacity: '10',
  startDate: '2026-12-05',
  startAt: '19:00',
  endAt: '21:00',
  meetingUrl: '',
};

// Each rule: the messages it gives for a value (empty when the value passes), its "required"
// message, and a value it accepts once trimmed.
const rules: [string, (value: string) => string[], string, string?][] = [
  [
    'review comment',
    (v) => messagesAt(reviewSchema.safeParse({ comment: v, status: 'approved' }), 'comment'),
    messages.review_comment_required,
  ],
  [
    'mentoring body',
    (v) => messagesAt(mentoringSchema.safeParse({ heldAt: '2026-11-25 10:00', body: v }), 'body'),
    messages.mentoring_body_required,
  ],
  [
    'mentoring date',
    (v) => messagesAt(mentoringSchema.safeParse({ heldAt: v, body: 'x' }), 'heldAt'),
    messages.mentoring_date_required,
    '2026-11-25 10:00',
  ],
  [
    'question title',
    (v) => messagesAt(questionSchema.safeParse({ categoryId: '1', title: v, body: '' }), 'title'),
    messages.title_required,
  ],
  ['answer body', (v) => messagesAt(answerSchema.safeParse({ body: v }), 'body'), messages.answer_required],
  ['event title', (v) => messagesAt(eventSchema().safeParse({ ...event, title: v }), 'title'), messages.title_required],
  ['AI chat input', (v) => messagesAt(chatSchema.safeParse({ input: v }), 'input'), messages.ai_chat_input_required],
  ['event tag name', (v) => [tagNameProblem(v)].filter((m) => m !== undefined), messages.event_tag_name_required],
  [
    'questionnaire text',
    (v) => [fieldError(textField, v, {})].filter((m) => m !== null),
    messages.questionnaire_required_input.replace('{label}', textField.label),
  ],
];

describe('required, not only whitespace', () => {
  describe.each(rules)('%s', (_name, check, required, accepted = '内容') => {
    it.each(blanks)('refuses %s', (_label, value) => {
      expect(check(value)).toEqual([required]);
    });
    it('accepts text between Unicode spaces', () => {
      expect(check(`\u3000${accepted}\u00a0`)).toEqual([]);
    });
  });

  it('trims and tests every White_Space, and nothing else', () => {
    expect(trimSpace('\u3000\u2003 タイトル\u00a0\u0085\n')).toBe('タイトル');
    expect(trimSpace('a\u3000b')).toBe('a\u3000b');
    expect(isBlank('')).toBe(true);
    expect(isBlank('\u0085\u2028\u205f\u202f')).toBe(true);
    // Zero-width space and BOM are not White_Space (String.prototype.trim drops the BOM).
    expect(isBlank('\u200b')).toBe(false);
    expect(isBlank('\ufeff')).toBe(false);
  });
});
