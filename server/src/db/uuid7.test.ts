import { describe, expect, it } from 'vitest';
import { uuid7 } from './uuid7.ts';

describe('uuid7', () => {
  it('is a version 7, variant 10 UUID carrying the time', () => {
    const id = uuid7(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
  });

  it('sorts in the order made, within one millisecond and beyond its counter', () => {
    const now = Date.now() + 60_000;
    const ids = Array.from({ length: 10_000 }, () => uuid7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
