// Render-as-you-fetch from the first line of main.js: on a landing page (a logged-in user's
// first page after login or a reload) this starts the account check, the frame's and the page's
// chunks and the page's main query together, before React, react-dom and the router evaluate
// (about a third of a second on a slow machine; webui/BENCH.md "Largest Contentful Paint").
// The route loaders ask for the same things later and find them in flight or done; the guards
// still decide what the user sees (an answer the account may not see is never shown).
// No React in this module or its imports: index.tsx imports it first.
import { meQueryOptions } from '../features/accounts/api/get-me';
import { myPageQueryOptions } from '../features/mypage/api/get-mypage';
import { submissionsQueryOptions } from '../features/reviews/api/get-submissions';
import { parseQueueFilter } from '../features/reviews/queue-filter';
import { getToken } from '../lib/auth-token';
import { queryClient } from './query-client';
import { layout, page } from './route-modules';

interface LandingPage {
  chunks: Array<() => Promise<unknown>>;
  prefetch?: (url: URL) => Promise<void>;
}

// The landing pages of the three roles (routes.tsx has the same chunks and prefetch loaders;
// early-start.test.ts keeps them equal).
export const landingPages: Record<string, LandingPage> = {
  '/mypage': { chunks: [layout.frame, page.mypage], prefetch: () => queryClient.prefetchQuery(myPageQueryOptions()) },
  '/reviews': {
    chunks: [layout.frame, page.reviews],
    prefetch: (url) => queryClient.prefetchQuery(submissionsQueryOptions(parseQueueFilter(url.searchParams))),
  },
  '/dashboards': { chunks: [layout.frame, page.dashboards] },
};

export function startEarly(url: URL): void {
  const landing = landingPages[url.pathname];
  if (!getToken() || !landing) return;
  // The requests first: the browser sends them before the chunks (six connections per host).
  void queryClient.prefetchQuery(meQueryOptions());
  if (landing.prefetch) void landing.prefetch(url);
  for (const load of landing.chunks) load().catch(() => undefined); // the router asks again and reports
}

startEarly(new URL(window.location.href));
