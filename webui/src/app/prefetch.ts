// Render-as-you-fetch: a page's main query starts while its chunk downloads and evaluates,
// instead of after its first render, and the route waits for it (as for its chunk), so the page
// renders, lays out and paints once, with its data (LCP of /mypage and /reviews; webui/BENCH.md).
// A failed query does not hold the route: the page shows its error as before.
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { loadAccount } from './guards';
import { queryClient } from './query-client';

// Waits for the account check the parent guard shares (one GET /api/v1/accounts/me), so a
// logged-out visitor asks nothing; then for the page's query (already in flight when
// app/early-start.ts sent it; prefetchQuery never rejects).
export function prefetchLoader<TData, TKey extends QueryKey>(
  options: (url: URL) => FetchQueryOptions<TData, Error, TData, TKey>,
) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const url = new URL(request.url);
    const account = await loadAccount(url.pathname).catch(() => null);
    if (account) await queryClient.prefetchQuery(options(url));
    return null;
  };
}
