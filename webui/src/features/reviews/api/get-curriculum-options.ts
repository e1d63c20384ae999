import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { reviewKeys } from '../query-keys';

// The curriculums and their tasks, for the queue's curriculum and task filters.
export const getCurriculumOptions = () =>
  unwrap(api.GET('/api/v1/curriculums')).then((page) =>
    page.data.map((c) => ({ name: c.name, title: c.title, tasks: c.tasks.map((t) => ({ id: t.id, title: t.title })) })),
  );

export type CurriculumOption = Awaited<ReturnType<typeof getCurriculumOptions>>[number];

export const curriculumOptionsQueryOptions = () =>
  queryOptions({ queryKey: reviewKeys.curriculums(), queryFn: getCurriculumOptions, staleTime: 10 * 60_000 });

export const useCurriculumOptions = () => useQuery(curriculumOptionsQueryOptions());
