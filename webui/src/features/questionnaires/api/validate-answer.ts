import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';
import type { PayloadValue } from '../definition';

// Checks an answer without storing it (the confirm page): 200 normalized, 409 answered, 422.
export const validateAnswer = (kind: QuestionnaireKind, answer: Record<string, PayloadValue>) =>
  unwrap(api.POST('/api/v1/questionnaires/{kind}/validation', { params: { path: { kind } }, body: { answer } }));
