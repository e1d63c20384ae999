import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionKeys } from '../query-keys';

export const getQuestion = (id: number) => unwrap(api.GET('/api/v1/questions/{id}', { params: { path: { id } } }));

export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: questionKeys.detail(id), queryFn: () => getQuestion(id), retry: false });

export const useQuestion = (id: number) => useQuery(questionQueryOptions(id));
