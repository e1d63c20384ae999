// The app's real route table in a memory router, for the route tests (src/app/*-routes.test.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../app/query-client';
import { routes } from '../app/routes';

/** Renders the app at `path`; the router is returned to follow navigation. */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** GET /api/v1/site as the daemon answers it. */
export const site = { version: '7.9', privacy_policy_url: 'https://example.com/p', terms_url: 'https://example.com/t' };
