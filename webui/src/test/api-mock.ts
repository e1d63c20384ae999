// fetch stub for unit tests: `mockApi({ 'GET /api/v1/accounts/me': [200, account] })`.
// Every key, status and body must be one that daemon/openapi.yaml declares: a reply whose body
// breaks the schema of its route and status fails the test (checked when the mock is made, and
// for a handler function on each call). A request nothing mocks gets the daemon's 404.
import { vi } from 'vitest';
import type { Me } from '../lib/api-types';
import { answerProblem, undeclaredReason } from './contract';
import { contractViolations } from './contract-violations';

export type Reply = [status: number, body?: unknown];

/** What a handler sees of the request: method, path, query, headers (lower-case names) and body text. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string | undefined;
}
export type Handler = Reply | ((init: SeenRequest) => Reply);

// The daemon's answer for an /api/ path it has no route for.
const notFound = (path: string): Reply => [
  404,
  { error: { status: 404, code: 'not_found', message: 'no such API endpoint', request_id: `test ${path}` } },
];

async function seen(input: RequestInfo | URL, init?: RequestInit): Promise<SeenRequest> {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'https://camp.test/'), init);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const body = request.body ? await request.clone().text() : undefined;
  const url = new URL(request.url, 'https://camp.test/');
  return { method: request.method, path: url.pathname, query: url.searchParams, headers, body };
}

function checkKey(key: string, handler: Handler) {
  const [method = '', path = ''] = key.split(' ');
  if (typeof handler === 'function') {
    if (undeclaredReason(method, path, 200)?.includes('not in'))
      throw new Error(`mockApi: ${undeclaredReason(method, path, 200)}`);
    return;
  }
  const problem = answerProblem(method, path, handler[0], handler[1]);
  if (problem) throw new Error(`mockApi: ${problem}`);
}

export function mockApi(routes: Record<string, Handler>) {
  for (const [key, handler] of Object.entries(routes)) checkKey(key, handler);
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await seen(input, init);
    requests.push(request);
    const key = `${request.method} ${request.path}`;
    const handler = routes[key];
    let reply: Reply;
    if (!handler) reply = notFound(request.path);
    else if (typeof handler === 'function') {
      reply = handler(request);
      const problem = answerProblem(request.method, request.path, reply[0], reply[1]);
      if (problem) {
        // Thrown inside fetch it would look like a network failure to the app: setup.ts fails
        // the test on it after the test too.
        contractViolations.push(`mockApi: ${problem}`);
        throw new Error(`mockApi: ${problem}`);
      }
    } else reply = handler;
    const [status, body] = reply;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(fetchMock, { requests });
}

// The daemon's code for each status (daemon/http/errors.cpp).
const codes: Record<number, string> = {
  400: 'malformed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid',
  429: 'too_many_requests',
  503: 'unavailable',
};

/** An error answer as the daemon sends it: `[409, apiError(409, '…', { name: ['…'] })]`. */
export function apiError(status: number, message = 'x', fields?: Record<string, string[]>) {
  return {
    error: { status, code: codes[status] ?? 'internal', message, ...(fields && { fields }), request_id: 'test' },
  };
}

/** GET /api/v1/accounts/me's answer (an Account with its two-factor login state). */
export function account(overrides: Partial<Me> = {}): Me {
  return {
    id: 12,
    role: 'student',
    email: 'student@example.com',
    nickname: '受講生 花子',
    display_name: '受講生 花子',
    image_url: null,
    course: { code: 'rails_4m', name: 'Railsキャリアコース', months: 4 },
    two_factor_enabled: false,
    two_factor_required: false,
    ...overrides,
  };
}

// Status carried by what a loader threw: data(..., { status }) or a Response.
export function thrownStatus(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  const init = (error as { init?: { status?: number } } | null)?.init;
  return init?.status ?? null;
}
