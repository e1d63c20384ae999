// Render-as-you-fetch: a page's main query starts while its chunk downloads and evaluates,
// instead of after its first render (LCP of /mypage and /reviews; webui/BENCH.md).
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { loadAccount } from './guards';
import { queryClient } from './query-client';

// Waits for the account check the parent guard shares (one GET /api/v1/accounts/me), so a
// logged-out visitor asks nothing; the page's own query picks up the request in flight.
export function prefetchLoader<TData, TKey extends QueryKey>(
  options: (url: URL) => FetchQueryOptions<TData, Error, TData, TKey>,
) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const url = new URL(request.url);
    const account = await loadAccount(url.pathname).catch(() => null);
    if (account) void queryClient.prefetchQuery(options(url));
    return null;
  };
}
