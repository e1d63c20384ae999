// fetch stub for unit tests: `mockApi({ 'GET /api/v1/accounts/me': [200, account] })`.
import { vi } from 'vitest';
import type { Account } from '../lib/api-types';

export type Reply = [status: number, body?: unknown];
export type Handler = Reply | ((init: RequestInit | undefined) => Reply);

export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'https://camp.test/');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler)
      return new Response(JSON.stringify({ error: { status: 404, code: 'not_found', message: key } }), { status: 404 });
    const [status, body] = typeof handler === 'function' ? handler(init) : handler;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 12,
    role: 'student',
    email: 'student@example.com',
    nickname: '受講生 花子',
    image_url: null,
    course: { code: 'rails_4m', name: 'Railsキャリアコース', months: 4 },
    ...overrides,
  };
}

// Status carried by what a loader threw: data(..., { status }) or a Response.
export function thrownStatus(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  const init = (error as { init?: { status?: number } } | null)?.init;
  return init?.status ?? null;
}
