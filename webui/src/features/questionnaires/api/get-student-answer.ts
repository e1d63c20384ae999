import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';

// Admin: one student's answer, decrypted; the daemon writes an audit row with the reason.
export const getStudentAnswer = (kind: QuestionnaireKind, accountId: number, reason: string) =>
  unwrap(
    api.GET('/api/v1/questionnaires/{kind}/answers/{account_id}', {
      params: { path: { kind, account_id: accountId }, query: { reason } },
    }),
  );
