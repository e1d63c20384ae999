// Every TanStack Query key of the site feature, in one place.
export const siteKeys = {
  all: ['site'] as const,
};
