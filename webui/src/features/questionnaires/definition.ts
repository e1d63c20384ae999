// Pure rules over a questionnaire definition (GET /api/v1/questionnaires/{kind}/definition):
// which fields show, which options a dependent select offers, the client-side checks (the
// same rules as the daemon, which checks again) and the payload sent on submit.
import { fill, messages } from '../../lib/messages';
import { isBlank as isBlankText } from '../../lib/validation';
import type { Answers, AnswerValue, QuestionnaireDefinition, QuestionnaireField, QuestionnaireOption } from './types';

export const allFields = (definition: QuestionnaireDefinition): QuestionnaireField[] =>
  definition.sections.flatMap((section) => section.fields);

export function fieldByKey(definition: QuestionnaireDefinition): Map<string, QuestionnaireField> {
  return new Map(allFields(definition).map((field) => [field.key, field]));
}

export const isMultiple = (field: QuestionnaireField) => field.type === 'multiple_choice';

export const emptyValueOf = (field: QuestionnaireField): AnswerValue => (isMultiple(field) ? [] : '');

const asList = (value: AnswerValue | undefined): string[] =>
  Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];

export const isBlank = (value: AnswerValue | undefined) => asList(value).every(isBlankText);

// Shown when its condition's field is itself shown and holds one of the listed values.
export function isVisible(
  field: QuestionnaireField,
  answers: Answers,
  fields: Map<string, QuestionnaireField>,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const rule = field.visible_when;
  if (!rule) return true;
  const parent = fields.get(rule.field);
  if (!parent || seen.has(parent.key)) return false;
  if (!isVisible(parent, answers, fields, new Set([...seen, field.key]))) return false;
  return asList(answers[rule.field]).some((value) => rule.in.includes(value));
}

// A dependent select (job category medium under major, …) offers the options whose parent is
// the value chosen above it; nothing until that is chosen.
export function optionsOf(field: QuestionnaireField, answers: Answers): QuestionnaireOption[] {
  const options = field.options;
  if (!field.depends_on) return options;
  const parent = answers[field.depends_on];
  if (typeof parent !== 'string' || parent === '') return [];
  return options.filter((option) => option.parent === parent);
}

// Fields to clear when `key` changes: those depending on it, and theirs in turn.
export function dependentsOf(definition: QuestionnaireDefinition, key: string): string[] {
  const out: string[] = [];
  const queue = [key];
  while (queue.length) {
    const current = queue.shift() as string;
    for (const field of allFields(definition))
      if (field.depends_on === current && !out.includes(field.key)) {
        out.push(field.key);
        queue.push(field.key);
      }
  }
  return out;
}

const INTEGER = /^[0-9]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const isChoice = (field: QuestionnaireField) =>
  field.type === 'single_choice' || field.type === 'multiple_choice' || field.type === 'prefecture';

const yen = (field: QuestionnaireField, n: number) => (field.type === 'yen' ? n.toLocaleString('ja-JP') : String(n));

function numberError(field: QuestionnaireField, text: string): string | null {
  const label = field.label;
  if (!INTEGER.test(text) || text.length > 15) return fill(messages.questionnaire_integer_required, { label });
  const number = Number(text);
  const min = typeof field.min === 'number' ? field.min : null;
  const max = typeof field.max === 'number' ? field.max : null;
  if ((min !== null && number < min) || (max !== null && number > max))
    return fill(messages.questionnaire_number_range, {
      label,
      min: min === null ? '-' : yen(field, min),
      max: max === null ? '-' : yen(field, max),
    });
  return null;
}

function dateError(field: QuestionnaireField, text: string): string | null {
  const outside =
    (typeof field.min === 'string' && text < field.min) || (typeof field.max === 'string' && text > field.max);
  return isRealDate(text) && !outside ? null : fill(messages.questionnaire_date_invalid, { label: field.label });
}

// The first problem of one shown field's value, in the catalogue's Japanese (the daemon's
// messages); null when fine.
export function fieldError(field: QuestionnaireField, value: AnswerValue | undefined, answers: Answers): string | null {
  const label = field.label;
  if (isBlank(value)) {
    if (!field.required) return null;
    return fill(isChoice(field) ? messages.questionnaire_required_choice : messages.questionnaire_required_input, {
      label,
    });
  }
  const values = asList(value);
  switch (field.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'prefecture': {
      const allowed = new Set(optionsOf(field, answers).map((option) => option.value));
      if (values.some((v) => !allowed.has(v))) return fill(messages.questionnaire_unknown_option, { label });
      if (field.max_items !== null && values.length > field.max_items)
        return fill(messages.questionnaire_too_many, { label, max: field.max_items });
      return null;
    }
    case 'integer':
    case 'yen':
      return numberError(field, values[0].trim());
    case 'date':
      return dateError(field, values[0].trim());
    case 'text':
    case 'textarea':
      if (field.max_length !== null && [...values[0].trim()].length > field.max_length)
        return fill(messages.questionnaire_too_long, { label, max: field.max_length });
      return null;
  }
}

// Every shown field's first problem, by field key.
export function validateAnswers(definition: QuestionnaireDefinition, answers: Answers): Record<string, string> {
  const fields = fieldByKey(definition);
  const errors: Record<string, string> = {};
  for (const field of fields.values()) {
    if (!isVisible(field, answers, fields)) continue;
    const problem = fieldError(field, answers[field.key], answers);
    if (problem) errors[field.key] = problem;
  }
  return errors;
}

export type PayloadValue = string | number | string[];

// What POST …/answer receives: shown, non-blank fields only; integers and yen as numbers,
// text trimmed. Hidden fields (employment details of someone not employed) are never sent.
export function payloadOf(definition: QuestionnaireDefinition, answers: Answers): Record<string, PayloadValue> {
  const fields = fieldByKey(definition);
  const payload: Record<string, PayloadValue> = {};
  for (const field of fields.values()) {
    const value = answers[field.key];
    if (!isVisible(field, answers, fields) || isBlank(value)) continue;
    if (Array.isArray(value)) payload[field.key] = value;
    else if (field.type === 'integer' || field.type === 'yen') payload[field.key] = Number(value.trim());
    else payload[field.key] = value.trim();
  }
  return payload;
}

// The draft's form of a stored answer (numbers back to text) — the confirm page of a submitted
// answer and the admin's view read it.
export function answersOf(definition: QuestionnaireDefinition, stored: Record<string, unknown>): Answers {
  const answers: Answers = {};
  for (const field of allFields(definition)) {
    const value = stored[field.key];
    if (Array.isArray(value)) answers[field.key] = value.map(String);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      answers[field.key] = String(value);
  }
  return answers;
}

// The text shown for an answer: option labels in Japanese (multiple ones joined by 、), yen with
// separators and 円, the rest as typed.
export function displayValue(field: QuestionnaireField, value: AnswerValue | undefined): string {
  const values = asList(value)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0) return '未回答';
  if (field.options.length > 0) {
    const labels = new Map(field.options.map((option) => [option.value, option.label]));
    return values.map((v) => labels.get(v) ?? v).join('、');
  }
  const unit = field.unit ?? (field.type === 'yen' ? '円' : '');
  if (field.type === 'yen' || field.type === 'integer') return `${Number(values[0]).toLocaleString('ja-JP')}${unit}`;
  return values[0];
}
