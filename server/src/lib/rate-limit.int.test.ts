import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { enforceRateLimits, hitRateLimit, pruneRateLimitBuckets, resetRateLimit } from './rate-limit.ts';
import { AppError } from './app-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const start = new Date('2026-11-21T08:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('hitRateLimit (fixed windows in PostgreSQL)', () => {
  it('allows `limit` hits per window, then refuses until the window ends', async () => {
    const rule = { key: 'test:window', limit: 3, windowSeconds: 60 };
    const results = [];
    for (const second of [0, 10, 20, 30]) results.push(await hitRateLimit(t.ctx.db, rule, at(second)));
    expect(results.map((result) => result.isAllowed)).toEqual([true, true, true, false]);
    expect(results.map((result) => result.count)).toEqual([1, 2, 3, 4]);
    expect(results[3]!.retryAfterSeconds).toBe(30);

    const nextWindow = await hitRateLimit(t.ctx.db, rule, at(60));
    expect(nextWindow).toEqual({ isAllowed: true, count: 1, retryAfterSeconds: 60 });
  });

  it('never lets concurrent hits exceed the limit', async () => {
    const rule = { key: 'test:concurrent', limit: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(t.ctx.db, rule, at(0))));
    expect(results.filter((result) => result.isAllowed)).toHaveLength(5);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('keeps keys apart, and forgets a key on reset', async () => {
    const a = { key: 'test:a', limit: 1, windowSeconds: 60 };
    const b = { key: 'test:b', limit: 1, windowSeconds: 60 };
    expect((await hitRateLimit(t.ctx.db, a, at(0))).isAllowed).toBe(true);
    expect((await hitRateLimit(t.ctx.db, a, at(1))).isAllowed).toBe(false);
    expect((await hitRateLimit(t.ctx.db, b, at(1))).isAllowed).toBe(true);
    await resetRateLimit(t.ctx.db, a.key);
    expect((await hitRateLimit(t.ctx.db, a, at(2))).isAllowed).toBe(true);
  });

  it('enforceRateLimits throws 429 RATE_LIMITED with the longest Retry-After of the refusing rules', async () => {
    const short = { key: 'test:short', limit: 1, windowSeconds: 10 };
    const long = { key: 'test:long', limit: 1, windowSeconds: 100 };
    await enforceRateLimits(t.ctx.db, [short, long], at(0));
    const error = await enforceRateLimits(t.ctx.db, [short, long], at(1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    expect((error as AppError).retryAfter).toBe(99);
  });

  it('prunes only buckets whose window ended', async () => {
    await hitRateLimit(t.ctx.db, { key: 'test:old', limit: 1, windowSeconds: 5 }, at(0));
    await hitRateLimit(t.ctx.db, { key: 'test:fresh', limit: 1, windowSeconds: 500 }, at(0));
    expect(await pruneRateLimitBuckets(t.ctx.db, at(10))).toBeGreaterThanOrEqual(1);
    const keys = (await t.ctx.db.rateLimitBucket.findMany({ select: { key: true } })).map((bucket) => bucket.key);
    expect(keys).toContain('test:fresh');
    expect(keys).not.toContain('test:old');
  });
});
