/**
 * Whole-table aggregates (counts and sums over a million transactions, a check of the whole ledger)
 * cost more than their freshness is worth on a dashboard that refreshes every 30 s. Each result is
 * reused for `ttlMs`; after that the stale value is still served while one refresh runs in the
 * background (one at a time per key), so a request waits for a full scan only when nothing usable has
 * been computed yet. Small, per process and rebuilt on demand: no other node needs it (docs/ARCHITECTURE.md
 * "Scale-out"). `ttlMs: 0` computes every time (the integration tests).
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
        compute(key, run).catch((error: unknown) => options.onRefreshError?.(key, error));
        return toCached<T>(entry);
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

function toCached<T>(entry: Entry): CachedValue<T> {
  return { value: entry.value as T, computedAt: new Date(entry.computedAt) };
}
