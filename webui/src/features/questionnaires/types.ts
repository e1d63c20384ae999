// Shapes of the questionnaire definition and answers (contract: /work/contracts/questionnaires.md).
export type FieldType =
  'single_choice' | 'multiple_choice' | 'integer' | 'yen' | 'date' | 'prefecture' | 'text' | 'textarea';

export interface QuestionnaireOption {
  value: string;
  label: string;
  parent?: string | null;
}

// Every member is present; null when it does not apply. min/max are numbers for integer and
// yen, YYYY-MM-DD strings for dates.
export interface QuestionnaireField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: QuestionnaireOption[];
  depends_on: string | null;
  visible_when: { field: string; in: string[] } | null;
  min: number | string | null;
  max: number | string | null;
  max_length: number | null;
  max_items: number | null;
  unit: string | null;
  placeholder: string | null;
  help: string | null;
}

export interface QuestionnaireDefinition {
  kind: string;
  title: string;
  description: string;
  sections: { title: string; fields: QuestionnaireField[] }[];
}

// What the student typed, by field key: text for every single-value type, a list for multiple
// choices. Numbers stay text until they are sent.
export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue>;

// One row of GET /questionnaires/status (admin).
export interface StatusRow {
  account_id: number;
  nickname: string;
  email: string;
  role: string;
  course: string | null;
  kind: string;
  state: 'owed' | 'answered';
  due_on: string | null;
  submitted_at: string | null;
  reminded_at: string | null;
}
