import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Dashboard } from '../../../lib/api-types';
import { dashboardKeys } from '../query-keys';

export const getDashboard = (): Promise<Dashboard> => unwrap(api.GET('/api/v1/dashboard'));

export const useDashboard = () => useQuery({ queryKey: dashboardKeys.all, queryFn: getDashboard });
