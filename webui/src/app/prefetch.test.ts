import { afterEach, describe, expect, it } from 'vitest';
import { myPageQueryOptions } from '../features/mypage/api/get-mypage';
import { setToken } from '../lib/auth-token';
import { account, mockApi } from '../test/api-mock';
import { sampleMyPage } from '../test/student-samples';
import { prefetchLoader } from './prefetch';
import { queryClient } from './query-client';

const args = (path: string) => ({ request: new Request(`https://camp.test${path}`), params: {}, context: {} }) as never;

afterEach(() => queryClient.clear());

describe('prefetchLoader', () => {
  it('asks nothing without a token', async () => {
    const fetchMock = mockApi({});
    expect(await prefetchLoader(myPageQueryOptions)(args('/mypage'))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts the page's query after the account check and resolves with its answer in the cache", async () => {
    setToken('jwt');
    const fetchMock = mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'student' })],
      'GET /api/v1/mypage': [200, sampleMyPage()],
    });
    await prefetchLoader(myPageQueryOptions)(args('/mypage'));
    // The page's first render has its data: one render, one layout, one paint.
    expect(queryClient.getQueryData(myPageQueryOptions().queryKey)).toEqual(sampleMyPage());
    const paths = fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname);
    expect(paths).toEqual(['/api/v1/accounts/me', '/api/v1/mypage']);
  });

  it('does not hold the route when the query fails: the page shows the error', async () => {
    setToken('jwt');
    mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'student' })],
      'GET /api/v1/mypage': [503, { error: { status: 503, code: 'unavailable', message: 'x', request_id: 'r' } }],
    });
    expect(await prefetchLoader(myPageQueryOptions)(args('/mypage'))).toBeNull();
    expect(queryClient.getQueryState(myPageQueryOptions().queryKey)?.status).toBe('error');
  });
});
