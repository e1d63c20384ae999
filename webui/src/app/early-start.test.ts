import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myPageQueryOptions } from '../features/mypage/api/get-mypage';
import { setToken } from '../lib/auth-token';
import { account, mockApi } from '../test/api-mock';
import { sampleMyPage } from '../test/student-samples';
import { landingPages, startEarly } from './early-start';
import { queryClient } from './query-client';
import { routes } from './routes';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const pathsOf = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname);

describe('early start', () => {
  it.each(Object.entries(landingPages))('%s starts the chunks and the query the route table has', (path, landing) => {
    const matched = matchRoutes(routes, path) ?? [];
    const lazies = matched.map((m) => m.route.lazy);
    for (const chunk of landing.chunks) expect(lazies).toContain(chunk);
    // A page with an early query prefetches it in its route loader too (in-app navigation).
    if (landing.prefetch) expect(matched.at(-1)?.route.loader).toBeTypeOf('function');
  });

  it('asks nothing without a token, nor on a page that is not a landing page', () => {
    const fetchMock = mockApi({});
    startEarly(new URL('https://camp.test/mypage'));
    setToken('jwt');
    startEarly(new URL('https://camp.test/students'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for the account and the page's data at once; the page's query finds the answer", async () => {
    setToken('jwt');
    const fetchMock = mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'student' })],
      'GET /api/v1/mypage': [200, sampleMyPage()],
    });
    startEarly(new URL('https://camp.test/mypage'));
    await expect.poll(() => pathsOf(fetchMock).sort()).toEqual(['/api/v1/accounts/me', '/api/v1/mypage']);
    expect(await queryClient.ensureQueryData(myPageQueryOptions())).toEqual(sampleMyPage());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends both requests before the running task ends, with the token, not waiting for the account', () => {
    setToken('jwt');
    const asked: string[] = [];
    // A daemon that never answers: the data request must leave anyway.
    vi.stubGlobal('fetch', (request: Request) => {
      asked.push(`${new URL(request.url).pathname} ${request.headers.get('Authorization')}`);
      return new Promise(() => {});
    });
    startEarly(new URL('https://camp.test/reviews?status=waiting'));
    // No await: main.js is still evaluating when these must leave.
    expect(asked.sort()).toEqual(['/api/v1/accounts/me Bearer jwt', '/api/v1/submissions Bearer jwt']);
  });
});
