import { useEffect, useMemo } from 'react';
import { errorStatus } from '../../lib/api-client';
import { showErrorPage } from '../../lib/feedback';
import { useDefinition } from './api/get-definition';
import { useQuestionnaires } from './api/get-questionnaires';
import { allFields } from './definition';
import type { QuestionnaireKind } from './kinds';
import { openDraft, type QuestionnaireDraft } from './questionnaire-draft';
import type { QuestionnaireDefinition } from './types';

export type StudentQuestionnaire =
  | { state: 'loading' }
  | { state: 'answered' }
  | { state: 'not_due' }
  | { state: 'open'; definition: QuestionnaireDefinition; draft: QuestionnaireDraft };

// A student's questionnaire: the definition, the account's state of the kind (answered → the
// conflict page; not owed yet → no form, as the daemon refuses it) and the draft typed so far.
export function useStudentQuestionnaire(
  kind: QuestionnaireKind,
  accountId: number,
  enabled = true,
): StudentQuestionnaire {
  const definition = useDefinition(kind, enabled);
  const overview = useQuestionnaires(enabled);
  const failure = definition.error ?? overview.error;
  useEffect(() => {
    if (failure) showErrorPage(errorStatus(failure));
  }, [failure]);

  const draft = useMemo(
    () =>
      definition.data
        ? openDraft(
            accountId,
            kind,
            allFields(definition.data).map((f) => f.key),
          )
        : null,
    [definition.data, accountId, kind],
  );
  const state = overview.data?.data.find((q) => q.kind === kind)?.state;
  if (state === 'answered') return { state: 'answered' };
  if (overview.data && state !== 'owed') return { state: 'not_due' };
  if (!definition.data || !draft || !overview.data) return { state: 'loading' };
  return { state: 'open', definition: definition.data, draft };
}
