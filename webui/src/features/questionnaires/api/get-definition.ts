import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { QuestionnaireKind } from '../kinds';
import { questionnaireKeys } from '../query-keys';
import type { QuestionnaireDefinition } from '../types';

export const getDefinition = (kind: QuestionnaireKind): Promise<QuestionnaireDefinition> =>
  unwrap(api.GET('/api/v1/questionnaires/{kind}/definition', { params: { path: { kind } } }));

// The definition changes only with a deployment: kept for the session.
export const definitionQueryOptions = (kind: QuestionnaireKind) =>
  queryOptions({
    queryKey: questionnaireKeys.definition(kind),
    queryFn: () => getDefinition(kind),
    staleTime: Infinity,
  });

export const useDefinition = (kind: QuestionnaireKind, enabled = true) =>
  useQuery({ ...definitionQueryOptions(kind), enabled });
