/**
 * Fixed-window rate limits kept in PostgreSQL (`rate_limit_buckets`), so every server process shares
 * them (docs/ARCHITECTURE.md "Scale-out"). One atomic `INSERT … ON CONFLICT … DO UPDATE … RETURNING`
 * counts a hit and opens a new window when the old one has ended: concurrent hits can never both slip
 * under the limit.
 *
 * Buckets whose window ended are reused by the next hit on the same key; `pruneRateLimitBuckets` deletes
 * the idle ones.
 */
import type { Db, Tx } from '../db/prisma.ts';
import { AppError, type RefusalReason } from './app-error.ts';

export interface RateLimitRule {
  /** What is limited and by what, e.g. `login:ip:203.0.113.7`. At most 200 characters. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  isAllowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (≥ 1): the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
}

/**
 * The statement that counts one hit: `rows` yields `(key, 1, reset_at)` (a VALUES list, or a SELECT when
 * the hit depends on another), `now` names the hit's time. Returns the window's `count` and `reset_at`.
 * Hand-written statements that count hits alongside other writes (create-transaction) embed it.
 */
export function countHitSql(rows: string, now: string): string {
  return `INSERT INTO rate_limit_buckets AS bucket (key, count, reset_at)
    ${rows}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN bucket.reset_at <= ${now} THEN 1 ELSE bucket.count + 1 END,
      reset_at = CASE WHEN bucket.reset_at <= ${now} THEN EXCLUDED.reset_at ELSE bucket.reset_at END
    RETURNING count, reset_at`;
}

const HIT_SQL = countHitSql('VALUES ($1, 1, $2::timestamptz)', '$3::timestamptz');

/** The key as stored (at most 200 characters) and the end of a window opened at `now`. */
export function bucketOf(rule: RateLimitRule, now: Date): { key: string; windowEnd: Date } {
  return { key: rule.key.slice(0, 200), windowEnd: new Date(now.getTime() + rule.windowSeconds * 1000) };
}

/** What a counted hit (`countHitSql`'s row) means for `rule`. */
export function limitResult(rule: RateLimitRule, row: { count: number; reset_at: Date }, now: Date): RateLimitResult {
  return {
    isAllowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((row.reset_at.getTime() - now.getTime()) / 1000)),
  };
}

/** Counts one hit against `rule` at `now` and says whether it is within the limit. */
export async function hitRateLimit(db: Db | Tx, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const { key, windowEnd } = bucketOf(rule, now);
  const rows = await db.$queryRawUnsafe<{ count: number; reset_at: Date }[]>(HIT_SQL, key, windowEnd, now);
  return limitResult(rule, rows[0]!, now);
}

/**
 * Counts a hit against every rule and throws 429 RATE_LIMITED (with `Retry-After`) when any is over its
 * limit. All rules are counted even when the first refuses, so a flood is measured on every key.
 */
export async function enforceRateLimits(
  db: Db | Tx,
  rules: RateLimitRule[],
  now: Date,
  message = 'Too many attempts. Please wait and try again.',
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const result = await hitRateLimit(db, rule, now);
    if (!result.isAllowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw rateLimited(message, retryAfter);
}

export function rateLimited(message: string, retryAfterSeconds: number, reason?: RefusalReason): AppError {
  return new AppError('RATE_LIMITED', message, { retryAfter: retryAfterSeconds, reason });
}

/** Forgets a key (e.g. failed logins after a successful one). */
export async function resetRateLimit(db: Db | Tx, key: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key: key.slice(0, 200) } });
}

/** Forgets every key that starts with `prefix` (e.g. an account's failed logins from every address). */
export async function resetRateLimitsStartingWith(db: Db | Tx, prefix: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key: { startsWith: prefix.slice(0, 200) } } });
}

/** Deletes buckets whose window ended before `now`; returns how many. */
export async function pruneRateLimitBuckets(db: Db | Tx, now: Date): Promise<number> {
  const { count } = await db.rateLimitBucket.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}
