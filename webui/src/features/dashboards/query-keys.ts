// Every TanStack Query key of the dashboards feature.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  trends: (weeks: number) => ['dashboard', 'trends', weeks] as const,
};
