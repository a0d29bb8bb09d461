/**
 * The typed API client: openapi-fetch over the types that `npm run openapi` generates from the server's
 * OpenAPI document (lib/openapi/schema.d.ts). Paths, parameters, bodies and answers are the server's
 * own, so a route that changes breaks the type check here instead of a user's request.
 * Errors and sessions follow the same rule as lib/api.ts (`failure`).
 */
import createClient from 'openapi-fetch';
import { authStorage } from './auth-storage';
import { ApiError, failure, type ErrorBody } from './api';
import type { paths } from './openapi/schema';

export type { paths };

/** Same origin: relative URLs, resolved by the browser. */
export const typedApi = createClient<paths>({ baseUrl: '' });

typedApi.use({
  onRequest({ request }) {
    const token = authStorage.token();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
});

interface Answer<T> {
  data?: { data: T };
  error?: unknown;
  response: Response;
}

/**
 * The `data` of a successful envelope, or the ApiError for the answer.
 * `noAuthRedirect`: a 401 is an answer to show (a wrong password), not an ended session.
 */
export async function unwrap<T>(call: Promise<Answer<T>>, options: { noAuthRedirect?: boolean } = {}): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'NETWORK');
  }
  if (answer.data !== undefined && answer.response.ok) return answer.data.data;
  throw failure(answer.response, answer.error as ErrorBody | undefined, {
    hadToken: !!authStorage.token(),
    noAuthRedirect: options.noAuthRedirect,
  });
}
