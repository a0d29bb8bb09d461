/**
 * Whole-table aggregates (counts and sums over a million transactions, a check of the whole ledger)
 * cost more than their freshness is worth on a dashboard that refreshes every 30 s. Each result is
 * reused for `ttlMs` (ADMIN_STATS_CACHE_SECONDS). After that one refresh runs (one at a time per key)
 * and the request waits for it up to `refreshWaitMs`: the answer is then no older than `ttlMs`, as the
 * setting promises. Only a refresh slower than that (a full scan of a large table) leaves the request
 * with the stale value while it finishes in the background, so a request waits for a full scan only
 * when nothing usable has been computed yet. Serving the stale value at once, as this did, showed an
 * admin who pressed Refresh a minute after a payment the totals of before it. Small, per process and
 * rebuilt on demand: no other node needs it (docs/ARCHITECTURE.md "Scale-out"); an admin's write on any
 * node clears every node's (queries/shared.ts `forgetAggregatesAfterAdminWrite`). `ttlMs: 0` computes
 * every time (the integration tests).
 */
export interface AggregateCache {
  get<T>(key: string, compute: () => Promise<T>, options?: { ttlMs?: number }): Promise<CachedValue<T>>;
  /** Forgets every entry whose key starts with `prefix` (after a change the admin just made). */
  invalidate(prefix: string): void;
}

export interface CachedValue<T> {
  value: T;
  computedAt: Date;
}

export interface AggregateCacheOptions {
  ttlMs: number;
  /** A value older than this is never served: the request waits for a fresh one. Default 10 × ttl. */
  maxStaleMs?: number;
  /** How long a request for an expired value waits for its refresh before it takes the stale one. Default 1 s. */
  refreshWaitMs?: number;
  /** Bound on entries (filtered list summaries add one per filter combination). */
  maxEntries?: number;
  now?: () => number;
  onRefreshError?: (key: string, error: unknown) => void;
}

interface Entry {
  value: unknown;
  computedAt: number;
}

export function createAggregateCache(options: AggregateCacheOptions): AggregateCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const refreshWaitMs = options.refreshWaitMs ?? 1_000;
  // Bumped by invalidate(): a computation that started before it must not store its (older) answer.
  let epoch = 0;

  function compute<T>(key: string, run: () => Promise<T>): Promise<Entry> {
    const running = inFlight.get(key);
    if (running) return running;
    const started = now();
    const startedEpoch = epoch;
    const promise = run()
      .then((value) => {
        const entry: Entry = { value, computedAt: started };
        if (startedEpoch !== epoch) return entry;
        if (entries.size >= maxEntries && !entries.has(key)) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.delete(key); // re-insert so Map order is least recently computed first
        entries.set(key, entry);
        return entry;
      })
      .finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async get<T>(key: string, run: () => Promise<T>, overrides: { ttlMs?: number } = {}) {
      const ttlMs = overrides.ttlMs ?? options.ttlMs;
      const maxStaleMs = options.maxStaleMs ?? ttlMs * 10;
      const entry = ttlMs > 0 ? entries.get(key) : undefined;
      const age = entry ? now() - entry.computedAt : Infinity;
      if (entry && age <= ttlMs) return toCached<T>(entry);
      if (entry && age <= maxStaleMs) {
        const refresh = compute(key, run);
        refresh.catch((error: unknown) => options.onRefreshError?.(key, error));
        return toCached<T>((await settledWithin(refresh, refreshWaitMs)) ?? entry);
      }
      return toCached<T>(ttlMs > 0 ? await compute(key, run) : { value: await run(), computedAt: now() });
    },
    invalidate(prefix) {
      epoch++;
      for (const key of [...inFlight.keys()]) if (key.startsWith(prefix)) inFlight.delete(key);
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}

/** The promise's value if it settles successfully within `ms`, else null (it goes on in the background). */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function toCached<T>(entry: Entry): CachedValue<T> {
  return { value: entry.value as T, computedAt: new Date(entry.computedAt) };
}
