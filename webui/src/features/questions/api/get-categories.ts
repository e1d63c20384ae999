import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { flattenCategories } from '../categories';
import { categoryKeys } from '../query-keys';

export const getCategories = () => unwrap(api.GET('/api/v1/categories'));

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.all,
    queryFn: getCategories,
    staleTime: 5 * 60_000,
    select: (answer) => flattenCategories(answer.data),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
