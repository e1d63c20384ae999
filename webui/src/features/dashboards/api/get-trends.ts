import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { DashboardTrends } from '../../../lib/api-types';
import { dashboardKeys } from '../query-keys';

/** The weeks the dashboard shows (this one and the eleven before). */
export const TREND_WEEKS = 12;

export const getTrends = (weeks = TREND_WEEKS): Promise<DashboardTrends> =>
  unwrap(api.GET('/api/v1/dashboard/trends', { params: { query: { weeks } } }));

export const useTrends = (weeks = TREND_WEEKS) =>
  useQuery({ queryKey: dashboardKeys.trends(weeks), queryFn: () => getTrends(weeks) });
