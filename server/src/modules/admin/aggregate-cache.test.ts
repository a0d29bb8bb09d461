import { describe, expect, it } from 'vitest';
import { createAggregateCache } from './aggregate-cache.ts';

function setup(ttlMs: number) {
  let clock = 1_000;
  let calls = 0;
  let value = 'first';
  const cache = createAggregateCache({ ttlMs, now: () => clock });
  const compute = async () => {
    calls++;
    return value;
  };
  return {
    cache,
    compute,
    calls: () => calls,
    tick: (ms: number) => (clock += ms),
    setValue: (next: string) => (value = next),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAggregateCache', () => {
  it('computes every time when the ttl is 0', async () => {
    const s = setup(0);
    await s.cache.get('k', s.compute);
    await s.cache.get('k', s.compute);
    expect(s.calls()).toBe(2);
  });

  it('reuses a fresh value, then answers with the refresh once the ttl has passed', async () => {
    const s = setup(1_000);
    expect((await s.cache.get('k', s.compute)).value).toBe('first');
    s.tick(500);
    expect((await s.cache.get('k', s.compute)).value).toBe('first');
    expect(s.calls()).toBe(1);
    s.setValue('second');
    s.tick(1_000);
    // Was 'first': the expired value went out and the refresh reached only the next request.
    expect((await s.cache.get('k', s.compute)).value).toBe('second');
    expect(s.calls()).toBe(2);
  });

  it('serves the stale value while a slow refresh runs in the background', async () => {
    let clock = 0;
    const cache = createAggregateCache({ ttlMs: 1_000, refreshWaitMs: 5, now: () => clock });
    await cache.get('k', async () => 'first');
    clock = 1_500;
    let release: (value: string) => void = () => {};
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    expect((await cache.get('k', slow)).value).toBe('first');
    release('second');
    await settle();
    expect((await cache.get('k', slow)).value).toBe('second');
  });

  it('waits for a fresh value when the old one is too stale', async () => {
    const s = setup(1_000);
    await s.cache.get('k', s.compute);
    s.setValue('second');
    s.tick(20_000);
    expect((await s.cache.get('k', s.compute)).value).toBe('second');
  });

  it('runs one computation per key at a time', async () => {
    const s = setup(1_000);
    const results = await Promise.all([s.cache.get('k', s.compute), s.cache.get('k', s.compute), s.cache.get('k', s.compute)]);
    expect(results.map((result) => result.value)).toEqual(['first', 'first', 'first']);
    expect(s.calls()).toBe(1);
  });

  it('forgets invalidated keys, and a computation started before does not bring them back', async () => {
    const s = setup(1_000);
    await s.cache.get('users:a', s.compute);
    await s.cache.get('other', s.compute);
    s.setValue('second');
    s.cache.invalidate('users:');
    expect((await s.cache.get('users:a', s.compute)).value).toBe('second');
    expect((await s.cache.get('other', s.compute)).value).toBe('first');

    let release: (value: string) => void = () => {};
    const slow = s.cache.get('users:b', () => new Promise<string>((resolve) => (release = resolve)));
    s.cache.invalidate('users:');
    release('old');
    expect((await slow).value).toBe('old');
    expect((await s.cache.get('users:b', s.compute)).value).toBe('second');
  });

  it('keeps serving the stale value when a background refresh fails', async () => {
    const errors: string[] = [];
    let clock = 0;
    const cache = createAggregateCache({ ttlMs: 100, now: () => clock, onRefreshError: (key) => errors.push(key) });
    await cache.get('k', async () => 1);
    clock = 150;
    expect((await cache.get('k', () => Promise.reject(new Error('db down')))).value).toBe(1);
    await settle();
    expect(errors).toEqual(['k']);
  });
});
