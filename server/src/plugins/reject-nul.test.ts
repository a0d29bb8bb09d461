import { describe, expect, it } from 'vitest';
import { findNul } from './reject-nul.ts';

describe('findNul', () => {
  it('names the first field holding a NUL, in strings, keys and nested data', () => {
    expect(findNul({ search: 'ok', page: '1' })).toBeNull();
    expect(findNul({ search: 'a\u0000b' })).toBe('search');
    expect(findNul({ items: [{ name: 'x' }, { name: '\u0000' }] })).toBe('items.1.name');
    expect(findNul({ ['ke\u0000y']: 1 })).toBe('ke\u0000y');
    expect(findNul('\u0000')).toBe('request');
    expect(findNul(undefined)).toBeNull();
    // Fastify's query parser builds objects on a prototype of its own.
    expect(findNul(Object.assign(Object.create(Object.create(null) as object) as object, { search: '\u0000' }))).toBe('search');
  });

  it('leaves buffers and other non-plain objects alone', () => {
    expect(findNul({ file: Buffer.from([0, 0, 0]) })).toBeNull();
    expect(findNul({ when: new Date(0) })).toBeNull();
  });
});
