import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { MyPage } from '../../../lib/api-types';
import { mypageKeys } from '../query-keys';

export const getMyPage = (): Promise<MyPage> => unwrap(api.GET('/api/v1/mypage'));

// Fresh for 2 s: the route's prefetch (app/prefetch.ts) is not fetched again when the page mounts.
export const myPageQueryOptions = () =>
  queryOptions({ queryKey: mypageKeys.all, queryFn: getMyPage, staleTime: 2_000 });

export const useMyPage = () => useQuery(myPageQueryOptions());
