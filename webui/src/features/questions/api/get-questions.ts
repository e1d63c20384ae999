import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { operations } from '../../../lib/generated/api-schema';
import { questionKeys } from '../query-keys';
import type { QuestionSearch } from '../search-state';

export const QUESTIONS_PER_PAGE = 20;

type QuestionQuery = NonNullable<operations['listQuestions']['parameters']['query']>;

export function questionsQuery(search: QuestionSearch, per = QUESTIONS_PER_PAGE): QuestionQuery {
  const query: QuestionQuery = { status: search.status, page: search.page, per };
  if (search.keywords.trim()) query.keywords = search.keywords.trim();
  if (search.categoryId !== null) query.category_id = search.categoryId;
  if (search.unanswered) query.unanswered = true;
  return query;
}

export const getQuestions = (search: QuestionSearch) =>
  unwrap(api.GET('/api/v1/questions', { params: { query: questionsQuery(search) } }));

export const questionsQueryOptions = (search: QuestionSearch) =>
  queryOptions({
    queryKey: questionKeys.list(search),
    queryFn: () => getQuestions(search),
    placeholderData: keepPreviousData,
  });

export const useQuestions = (search: QuestionSearch) => useQuery(questionsQueryOptions(search));
