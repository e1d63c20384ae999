import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';

// The student's own submitted answer; 404 while not answered yet.
export const getOwnAnswer = (kind: QuestionnaireKind) =>
  unwrap(api.GET('/api/v1/questionnaires/{kind}/answer', { params: { path: { kind } } }));
