import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { MyPage } from '../../../lib/api-types';
import { mypageKeys } from '../query-keys';

export const getMyPage = (): Promise<MyPage> => unwrap(api.GET('/api/v1/mypage'));

export const useMyPage = () => useQuery({ queryKey: mypageKeys.all, queryFn: getMyPage });
