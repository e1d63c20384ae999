// Shapes of the questionnaire definition and the admin's status rows: the contract's types
// (lib/api-types.ts, generated from daemon/openapi.yaml), plus the form's own shapes.
import type { Schemas } from '../../lib/api-types';

export type QuestionnaireDefinition = Schemas['QuestionnaireDefinition'];
// Every member is present; null when it does not apply. min/max are numbers for integer and
// yen, YYYY-MM-DD strings for dates.
export type QuestionnaireField = Schemas['QuestionnaireField'];
export type QuestionnaireOption = QuestionnaireField['options'][number];
export type FieldType = QuestionnaireField['type'];
// One row of GET /questionnaires/status (admin).
export type StatusRow = Schemas['QuestionnaireStatusRow'];

// What the student typed, by field key: text for every single-value type, a list for multiple
// choices. Numbers stay text until they are sent.
export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue>;
