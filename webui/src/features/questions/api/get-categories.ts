import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { flattenCategories } from '../categories';
import type { CategoryNode } from '../types';

export const getCategories = (): Promise<{ data: CategoryNode[] }> =>
  apiRequest<{ data: CategoryNode[] }>('/api/v1/categories');

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: getCategories,
    staleTime: 5 * 60_000,
    select: (answer) => flattenCategories(answer.data),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
