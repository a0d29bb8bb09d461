/**
 * One `Idempotency-Key` per intended request, not per attempt. The same request sent again after it got
 * no answer (the connection dropped or the server stopped: a network error, a 5xx) or while the server
 * is still working on it (409 IDEMPOTENCY_CONFLICT with Retry-After) goes with the same key, so the
 * server answers what the first attempt did instead of doing it twice: a second transaction, a second
 * M-Pesa prompt. Any other answer ends the key: sending the request again after it, or a corrected
 * request (another body), is a new intent with a new key, so an error is never replayed to a retry that
 * may now succeed.
 */
export interface Outcome {
  /** The HTTP status, or 0 when no answer came. */
  status: number;
  code?: string;
  /** Seconds, from the answer's Retry-After. */
  retryAfter?: number;
}

/** The server is still working on an earlier attempt with this key (a conflict of bodies has no Retry-After). */
export const isStillRunning = (outcome: Outcome) =>
  outcome.status === 409 && outcome.code === 'IDEMPOTENCY_CONFLICT' && (outcome.retryAfter ?? 0) > 0;

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  /** Keys of requests that have not had an answer yet, by what the request is. */
  const unanswered = new Map<string, string>();
  return {
    keyFor(request: string): string {
      let key = unanswered.get(request);
      if (!key) {
        key = newKey();
        unanswered.set(request, key);
      }
      return key;
    },
    settle(request: string, outcome: Outcome): void {
      const isAnswered = outcome.status > 0 && outcome.status < 500 && !isStillRunning(outcome);
      if (isAnswered) unanswered.delete(request);
    },
  };
}

/** What makes two attempts the same request: method, address and body. */
export const requestIdentity = (method: string, url: string, body: unknown) => `${method} ${url} ${JSON.stringify(body ?? null)}`;
