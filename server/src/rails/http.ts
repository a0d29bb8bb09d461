/**
 * The rails' HTTP client: JSON or form bodies, a timeout, and errors that say what failed. On undici's
 * `request` (the library behind Node's `fetch`) rather than `fetch` itself, whose web streams cost several
 * times the CPU per call: a burst's SMS each make a call (docs/adr/0012-hot-paths.md).
 */
import { request as send } from 'undici';
import { RAIL_REQUEST_TIMEOUT_SECONDS } from '../config/env.ts';

export class RailError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    /**
     * The request may have reached the rail and only its answer was lost (a timeout, a connection cut
     * mid-request): the rail may act on it. False when the rail answered, or could not be reached at all.
     */
    readonly mayHaveReachedRail = false,
  ) {
    super(message);
    this.name = 'RailError';
  }
}

/** Errors from a connection that was never made: nothing reached the rail. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function unanswered(url: string, error: unknown): RailError {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  const neverConnected = typeof code === 'string' && NEVER_CONNECTED.has(code);
  return new RailError(`request to ${new URL(url).pathname} failed: ${(error as Error).message}`, undefined, undefined, !neverConnected);
}

export interface RailRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs?: number;
}

export async function railFetch<T>(url: string, request: RailRequest = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  let status: number;
  let text: string;
  try {
    const response = await send(url, {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs ?? RAIL_REQUEST_TIMEOUT_SECONDS * 1000),
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw unanswered(url, error);
  }
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text for the error message.
  }
  return { status, body: parsed as T };
}

/**
 * An access-token request, whose failure says nothing was sent: the request the token is for (a payment
 * prompt, a payout) is made only once the token has come, so when the token request goes unanswered no
 * money request left this server, whatever reached the rail's token endpoint. Left as it was, a timeout
 * there read as a money request that may have reached the rail, and a payment prompt never sent stayed
 * pending as if it were on the payer's phone.
 */
export async function tokenRequest<T>(fetchToken: () => Promise<T>): Promise<T> {
  try {
    return await fetchToken();
  } catch (error) {
    if (!(error instanceof RailError) || !error.mayHaveReachedRail) throw error;
    throw new RailError(`access token not obtained: ${error.message}`, error.status, error.body, false);
  }
}
