import type { StatusFilter } from './types';

// Question search state (spec: keywords, categoryId, categoryName), kept in the URL query so a
// search can be shared and survives a reload. status, unanswered (the dashboard's 未回答の質問:
// no answer yet) and page ride along.
export interface QuestionSearch {
  keywords: string;
  categoryId: number | null;
  categoryName: string;
  status: StatusFilter;
  unanswered: boolean;
  page: number;
}

export const emptySearch: QuestionSearch = {
  keywords: '',
  categoryId: null,
  categoryName: '',
  status: 'all',
  unanswered: false,
  page: 1,
};

const positive = (value: string | null): number | null => {
  if (!value || !/^[1-9][0-9]{0,17}$/.test(value)) return null;
  return Number(value);
};

export function parseSearch(params: URLSearchParams): QuestionSearch {
  const status = params.get('status');
  const categoryId = positive(params.get('categoryId'));
  return {
    keywords: params.get('keywords') ?? '',
    categoryId,
    categoryName: categoryId === null ? '' : (params.get('categoryName') ?? ''),
    status: status === 'solved' || status === 'unsolved' ? status : 'all',
    unanswered: params.get('unanswered') === 'true',
    page: positive(params.get('page')) ?? 1,
  };
}

export function toSearchParams(search: QuestionSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.keywords.trim()) params.set('keywords', search.keywords.trim());
  if (search.categoryId !== null) {
    params.set('categoryId', String(search.categoryId));
    if (search.categoryName) params.set('categoryName', search.categoryName);
  }
  if (search.status !== 'all') params.set('status', search.status);
  if (search.unanswered) params.set('unanswered', 'true');
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}
