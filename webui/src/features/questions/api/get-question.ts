import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { QuestionDetail } from '../types';

export const questionQueryKey = (id: number) => ['questions', 'detail', id] as const;

export const getQuestion = (id: number): Promise<QuestionDetail> =>
  apiRequest<QuestionDetail>(`/api/v1/questions/${id}`);

export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: questionQueryKey(id), queryFn: () => getQuestion(id), retry: false });

export const useQuestion = (id: number) => useQuery(questionQueryOptions(id));
