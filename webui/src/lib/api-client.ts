// The one HTTP client: openapi-fetch typed by the types generated from daemon/openapi.yaml
// (`npm run gen:api`), so a call to a route, method, parameter or body the contract does not
// have is a type error. Bearer token on every call; the daemon's error shape → ApiError.
import createClient from 'openapi-fetch';
import type { ApiErrorBody } from './api-types';
import { authorizationHeader } from './auth-token';
import type { paths } from './generated/api-schema';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;
  readonly requestId?: string;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string[]> = {},
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }
}

function authorize(request: Request): Request {
  request.headers.set('Accept', 'application/json');
  const authorization = authorizationHeader();
  if (authorization && !request.headers.has('Authorization')) request.headers.set('Authorization', authorization);
  return request;
}

// The headers are set in the client's fetch rather than in a middleware: openapi-fetch awaits a
// middleware, which would hold every request until the running task ends (app/early-start.ts
// sends its requests while main.js is still evaluating). fetch is looked up at call time (tests
// stub the global one).
export const api = createClient<paths>({ fetch: (request) => globalThis.fetch(authorize(request)) });

function toApiError(response: Response, body: unknown): ApiError {
  const e = (body as Partial<ApiErrorBody> | undefined)?.error;
  if (e && typeof e.code === 'string')
    return new ApiError(response.status, e.code, e.message, e.fields ?? {}, e.request_id);
  return new ApiError(response.status, 'http_error', response.statusText || 'Error');
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data, or an ApiError for any failure (a network failure is a 503). */
export async function unwrap<T>(pending: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await pending;
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(503, 'network', 'network error');
  }
  if (!answer.response.ok) throw toApiError(answer.response, answer.error);
  return answer.data as T;
}

export function errorStatus(error: unknown): number {
  if (error instanceof ApiError) return error.status;
  return 500;
}
