import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Gantt } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

export const getGantt = (id: number): Promise<Gantt> =>
  unwrap(api.GET('/api/v1/students/{id}/gantt', { params: { path: { id } } }));

export const useGantt = (id: number) => useQuery({ queryKey: studentKeys.gantt(id), queryFn: () => getGantt(id) });
