import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { QuestionSearch } from '../search-state';
import type { QuestionPage } from '../types';

export const QUESTIONS_PER_PAGE = 20;

export function questionsPath(search: QuestionSearch, per = QUESTIONS_PER_PAGE): string {
  const params = new URLSearchParams();
  if (search.keywords.trim()) params.set('keywords', search.keywords.trim());
  if (search.categoryId !== null) params.set('category_id', String(search.categoryId));
  params.set('status', search.status);
  params.set('page', String(search.page));
  params.set('per', String(per));
  return `/api/v1/questions?${params.toString()}`;
}

export const getQuestions = (search: QuestionSearch): Promise<QuestionPage> =>
  apiRequest<QuestionPage>(questionsPath(search));

export const questionsQueryOptions = (search: QuestionSearch) =>
  queryOptions({
    queryKey: ['questions', 'list', search],
    queryFn: () => getQuestions(search),
    placeholderData: keepPreviousData,
  });

export const useQuestions = (search: QuestionSearch) => useQuery(questionsQueryOptions(search));
