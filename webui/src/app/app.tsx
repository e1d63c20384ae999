import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client';
import { router } from './router';

// Router updates as plain state updates, not transitions: the first page renders in one pass
// instead of 5 ms slices that the account and page answers interrupt and restart (a cold
// /mypage painted 14% sooner; bench/RESULTS.md "LCP"). Navigations still keep the old page until
// the new one's loaders and chunks are in: the data router only commits then.
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} useTransitions={false} />
    </QueryClientProvider>
  );
}
