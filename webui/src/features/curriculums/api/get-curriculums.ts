import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { curriculumKeys } from '../query-keys';

export const getCurriculums = () => unwrap(api.GET('/api/v1/curriculums')).then((page) => page.data);

export const curriculumsQueryOptions = () => queryOptions({ queryKey: curriculumKeys.list(), queryFn: getCurriculums });

export const useCurriculums = () => useQuery(curriculumsQueryOptions());
