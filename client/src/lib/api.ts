/**
 * The REST client: JSON in and out, the bearer token on every call, envelopes unwrapped. A 401 on an
 * authenticated call clears the session and returns the user to /login.
 */
import { authMessages } from '@/i18n/en/auth-messages';
import { authStorage } from './auth-storage';

/**
 * The Idempotency-Key store (lib/idempotency-keys.ts), loaded with the first money-moving call rather than
 * with the home page, whose first load has no room for it; the signed-in area loads it ahead
 * (`preloadIdempotencyKeys`), so a call on a bad connection does not wait for it.
 */
const keyStore = () => import('./idempotency-keys');
export const preloadIdempotencyKeys = () => void keyStore().catch(() => {});
/** How often a request the server is still working on is asked again, a `Retry-After` apart, before giving up. */
const STILL_RUNNING_ATTEMPTS = 5;
const MAX_WAIT_SECONDS = 5;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly errors?: Record<string, string[]>,
    /** Seconds to wait, from the `Retry-After` header of a 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /**
   * Send an `Idempotency-Key`: the same one again while this request has had no answer
   * (lib/idempotency-keys.ts), so a retry after a dropped connection cannot do the work twice.
   * `'outlives-page'`: a creation, whose key is also kept in the tab for the same request after a reload.
   */
  idempotent?: boolean | 'outlives-page';
  /** Do not send the user back to /login on 401 (the login call itself). */
  noAuthRedirect?: boolean;
  signal?: AbortSignal;
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<Envelope<T>> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = authStorage.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (file uploads) is sent as multipart/form-data; the browser writes its boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // A form's files are not part of its JSON: each upload is its own request.
  const keys = options.idempotent ? await keyStore().catch(() => null) : null;
  // The store could not be loaded: the connection is gone, and nothing has been sent.
  if (options.idempotent && !keys) throw new ApiError(authMessages.offline, 0, 'NETWORK');
  const identity = keys ? keys.requestIdentity(method, url.href, isForm ? crypto.randomUUID() : options.body) : null;
  if (keys && identity) headers['Idempotency-Key'] = keys.idempotencyKeys.keyFor(identity, options.idempotent === 'outlives-page');

  let response: Response;
  let payload: (Envelope<T> & ErrorBody) | null;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch {
      throw new ApiError(authMessages.offline, 0, 'NETWORK');
    }
    payload = (await response.json().catch(() => null)) as (Envelope<T> & ErrorBody) | null;
    if (!keys || !identity) break;
    const outcome = { status: response.status, code: payload?.code, retryAfter: Number(response.headers.get('Retry-After')) || undefined };
    keys.idempotencyKeys.settle(identity, outcome);
    // An earlier attempt of this request is still running on the server (it says when to ask again):
    // its outcome, not "still being processed", is what the person is waiting for.
    const waitSeconds = outcome.retryAfter ?? 0;
    if (!keys.isStillRunning(outcome) || waitSeconds > MAX_WAIT_SECONDS || attempt >= STILL_RUNNING_ATTEMPTS) break;
    await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
  }
  if (!response.ok || !payload?.success) throw failure(response, payload, { hadToken: !!token, noAuthRedirect: options.noAuthRedirect });
  return payload;
}

/** What an error envelope may carry (the server's `ErrorEnvelope`). */
export interface ErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/**
 * The ApiError for an answer that is not a success envelope. A 401 to a call that carried a token
 * means the session ended: it is cleared and the user goes to /login (unless the call says otherwise).
 */
export function failure(
  response: Response,
  payload: ErrorBody | null | undefined,
  options: { hadToken: boolean; noAuthRedirect?: boolean },
): ApiError {
  if (response.status === 401 && options.hadToken && !options.noAuthRedirect) {
    authStorage.clear();
    if (!window.location.pathname.startsWith('/login')) {
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
  }
  const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
  return new ApiError(
    payload?.message ?? answerWithoutMessage(response.status, retryAfter),
    response.status,
    payload?.code ?? 'UNKNOWN',
    payload?.errors,
    retryAfter,
  );
}

/**
 * What to tell the person when the answer carries no message of ours: a proxy or load balancer in front
 * of the app answered instead (nginx's HTML 502 while the nodes restart, 504 when one is too slow, 408 when
 * a body arrived too slowly, 429 from its rate limit: the service is away for a moment, or busy when the
 * 429's Retry-After says how long, which the pages add, lib/retry-after.ts). The server's own sentences, so
 * that every page shows them in the reader's language (i18n/en/auth-messages.ts), not "Request failed (502)". Every page's first load carries
 * this: a proxy's 413 is worded where a body can be that large, the customer area's evidence upload
 * (features/customer/components/query-state.tsx).
 */
export function answerWithoutMessage(status: number, retryAfter?: number): string {
  // A rate limit that says how long: the pages name the wait after this, so not "try again in a moment".
  if (status === 429 && retryAfter && retryAfter > 0) return authMessages.serviceBusy;
  return (status >= 502 && status <= 504) || status === 429 || status === 408 ? authMessages.serviceUnavailable : authMessages.serverError;
}

/** The `data` of a successful call. */
export async function api<T>(path: string, options?: ApiOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
