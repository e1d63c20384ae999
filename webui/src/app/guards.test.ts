import { afterEach, describe, expect, it } from 'vitest';
import { getToken, setToken } from '../lib/auth-token';
import { readAccountState } from '../lib/persisted-state';
import { account, apiError, mockApi, thrownStatus } from '../test/api-mock';
import { guard, guestOnlyLoader, indexLoader } from './guards';
import { queryClient } from './query-client';

const args = (path: string) => ({ request: new Request(`https://camp.test${path}`), params: {}, context: {} }) as never;

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

afterEach(() => queryClient.clear());

describe('guard loaders', () => {
  it('redirects without a token and never calls the API', async () => {
    const fetchMock = mockApi({});
    const response = (await thrown(guard('login')(args('/students')))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?authorized=false&redirect=%2Fstudents');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs the user out on a 401 from the account check', async () => {
    setToken('stale.jwt.token');
    mockApi({ 'GET /api/v1/accounts/me': [401, apiError(401)] });
    const response = (await thrown(guard('login')(args('/mypage')))) as Response;
    expect(response.headers.get('Location')).toBe('/login?authorized=false&redirect=%2Fmypage');
    expect(getToken()).toBeNull();
    expect(readAccountState().authenticated).toBe(false);
  });

  it('shows the error page with the status for other failures', async () => {
    setToken('jwt');
    mockApi({ 'GET /api/v1/accounts/me': [503, apiError(503)] });
    const error = await thrown(guard('login')(args('/mypage')));
    expect(thrownStatus(error)).toBe(503);
  });

  it('sends the Bearer token and remembers the account', async () => {
    setToken('good.jwt');
    const fetchMock = mockApi({ 'GET /api/v1/accounts/me': [200, account()] });
    await expect(guard('login')(args('/mypage'))).resolves.toMatchObject({ role: 'student' });
    expect(fetchMock.requests[0]?.headers.authorization).toBe('Bearer good.jwt');
    expect(readAccountState()).toMatchObject({ authenticated: true, role: 'student', course: 'rails_4m' });
  });

  it('answers 404 to a role failing the admin guard', async () => {
    setToken('jwt');
    mockApi({ 'GET /api/v1/accounts/me': [200, account({ role: 'basic_mentor', course: null })] });
    const error = await thrown(guard('admin')(args('/dashboards')));
    expect(thrownStatus(error)).toBe(404);
  });

  it('index redirects to the role home', async () => {
    setToken('jwt');
    mockApi({ 'GET /api/v1/accounts/me': [200, account({ role: 'trial', course: null })] });
    const response = (await thrown(indexLoader(args('/')))) as Response;
    expect(response.headers.get('Location')).toBe('/curriculums');
  });

  it('guest-only pages send logged-in users to /', () => {
    expect(guestOnlyLoader()).toBeNull();
    setToken('jwt');
    let response: Response | null = null;
    try {
      guestOnlyLoader();
    } catch (r) {
      response = r as Response;
    }
    expect(response?.headers.get('Location')).toBe('/');
  });
});
