import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError, errorStatus } from '../../lib/api-client';
import { showErrorPage } from '../../lib/feedback';
import { useDefinition } from './api/get-definition';
import { getOwnAnswer } from './api/get-own-answer';
import { allFields } from './definition';
import type { QuestionnaireKind } from './kinds';
import { questionnaireKeys } from './query-keys';
import { openDraft, type QuestionnaireDraft } from './questionnaire-draft';
import type { QuestionnaireDefinition } from './types';

export type StudentQuestionnaire =
  | { state: 'loading' }
  | { state: 'answered' }
  | { state: 'open'; definition: QuestionnaireDefinition; draft: QuestionnaireDraft };

// A student's questionnaire: the definition, whether it was answered already (then the pages
// show the conflict page) and the draft of what they typed so far.
export function useStudentQuestionnaire(
  kind: QuestionnaireKind,
  accountId: number,
  enabled = true,
): StudentQuestionnaire {
  const definition = useDefinition(kind, enabled);
  const answered = useQuery({
    queryKey: questionnaireKeys.answer(kind),
    queryFn: () =>
      getOwnAnswer(kind).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return false;
          throw error;
        },
      ),
    enabled,
  });
  const failure = definition.error ?? answered.error;
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
  if (answered.data === true) return { state: 'answered' };
  if (!definition.data || !draft || answered.data === undefined) return { state: 'loading' };
  return { state: 'open', definition: definition.data, draft };
}
