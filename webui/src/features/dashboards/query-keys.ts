// Every TanStack Query key of the dashboards feature.
export const dashboardKeys = { all: ['dashboard'] as const };
