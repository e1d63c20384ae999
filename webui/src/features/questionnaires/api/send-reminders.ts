import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';

// Admin: reminds (a notification, and mail as each chose; 202 queued/skipped); no ids = everyone who owes the kind.
export const sendReminders = (kind: QuestionnaireKind, accountIds?: number[]) =>
  unwrap(api.POST('/api/v1/questionnaires/reminders', { body: { reminder: { kind, account_ids: accountIds } } }));
