import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';
import { questionnaireKeys } from '../query-keys';

export type StatusState = 'owed' | 'answered' | 'all';

export const STATUS_PER_PAGE = 20;

// Admin: who owes (or answered) a questionnaire, by course stage and dates.
export const getStatus = (kind: QuestionnaireKind, state: StatusState, q: string, page: number) =>
  unwrap(
    api.GET('/api/v1/questionnaires/status', {
      params: { query: { kind, state, q: q || undefined, page, per: STATUS_PER_PAGE } },
    }),
  );

export const useStatus = (kind: QuestionnaireKind, state: StatusState, q: string, page: number) =>
  useQuery({
    queryKey: questionnaireKeys.status(kind, state, q, page),
    queryFn: () => getStatus(kind, state, q, page),
    placeholderData: keepPreviousData,
  });
