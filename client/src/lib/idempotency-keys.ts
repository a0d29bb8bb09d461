/**
 * One `Idempotency-Key` per intended request, not per attempt. The same request sent again after it got
 * no answer (the connection dropped or the server stopped: a network error, a 5xx) or while the server
 * is still working on it (409 IDEMPOTENCY_CONFLICT with Retry-After) goes with the same key, so the
 * server answers what the first attempt did instead of doing it twice: a second transaction, a second
 * M-Pesa prompt. Any other answer ends the key: sending the request again after it, or a corrected
 * request (another body), is a new intent with a new key, so an error is never replayed to a retry that
 * may now succeed.
 *
 * A creation's key also outlives the page (`outlivesPage`): kept in the tab's session storage until the
 * request has its answer, so the same form sent again after a reload still cannot create a second
 * transaction or link. Only creations: a payment prompt is one at a time on the server anyway, and a replay
 * of a prompt the buyer has since cancelled would show that cancelled prompt instead of sending a new one.
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

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STORAGE_KEY = 'escrow:unanswered-requests';
/**
 * How long a kept key is sent again: well inside the day the server remembers it (modules/maintenance/sweep.ts).
 * A key the server has forgotten would do the work again, as a new key would.
 */
export const KEEP_KEY_MS = 12 * 60 * 60 * 1000;

/** A request's identity as kept in storage: a digest, so that a body's secrets (a release code) are not written down. */
export function fingerprint(request: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < request.length; i++) {
    const char = request.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(36) + (h1 >>> 0).toString(36);
}

const tabStorage = (): KeyStorage | undefined => {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
};

export function createIdempotencyKeys(
  newKey: () => string = () => crypto.randomUUID(),
  storage: () => KeyStorage | undefined = tabStorage,
  now: () => number = Date.now,
) {
  /** Keys of requests that have not had an answer yet, by what the request is. */
  const unanswered = new Map<string, string>();
  /** The kept keys still worth sending: fingerprint → [key, when it was first sent]. */
  const readKept = (): Record<string, [string, number]> => {
    try {
      const kept = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}') as Record<string, [string, number]>;
      for (const [id, [, since]] of Object.entries(kept)) if (!(now() - since < KEEP_KEY_MS)) delete kept[id];
      return kept;
    } catch {
      return {};
    }
  };
  const writeKept = (kept: Record<string, [string, number]>) => {
    try {
      if (Object.keys(kept).length > 0) storage()?.setItem(STORAGE_KEY, JSON.stringify(kept));
      else storage()?.removeItem(STORAGE_KEY);
    } catch {
      // Storage full or disabled: the key lasts as long as the page, as it always did.
    }
  };
  return {
    keyFor(request: string, outlivesPage = false): string {
      let key = unanswered.get(request);
      if (key) return key;
      const kept = outlivesPage ? readKept() : {};
      const id = fingerprint(request);
      key = kept[id]?.[0] ?? newKey();
      unanswered.set(request, key);
      if (outlivesPage) {
        // Written before the request leaves: the page may be reloaded while it is on its way.
        kept[id] ??= [key, now()];
        writeKept(kept);
      }
      return key;
    },
    settle(request: string, outcome: Outcome): void {
      const isAnswered = outcome.status > 0 && outcome.status < 500 && !isStillRunning(outcome);
      if (!isAnswered) return;
      unanswered.delete(request);
      const kept = readKept();
      const id = fingerprint(request);
      if (kept[id]) {
        delete kept[id];
        writeKept(kept);
      }
    },
  };
}

/** The tab's keys, shared by every call (lib/api.ts). */
export const idempotencyKeys = createIdempotencyKeys();

/** What makes two attempts the same request: method, address and body. */
export const requestIdentity = (method: string, url: string, body: unknown) => `${method} ${url} ${JSON.stringify(body ?? null)}`;
