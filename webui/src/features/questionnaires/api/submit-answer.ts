import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';
import type { PayloadValue } from '../definition';

// 201 the stored answer; 409 when this kind was answered before; 422 `fields.<key>`.
export const submitAnswer = (kind: QuestionnaireKind, answer: Record<string, PayloadValue>) =>
  unwrap(api.POST('/api/v1/questionnaires/{kind}/answer', { params: { path: { kind } }, body: { answer } }));
