import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { curriculumKeys } from '../query-keys';

export const getCurriculum = (name: string) =>
  unwrap(api.GET('/api/v1/curriculums/{name}', { params: { path: { name } } }));

export const curriculumQueryOptions = (name: string) =>
  queryOptions({ queryKey: curriculumKeys.detail(name), queryFn: () => getCurriculum(name) });

export const useCurriculum = (name: string) => useQuery(curriculumQueryOptions(name));
