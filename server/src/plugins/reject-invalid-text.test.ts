import { describe, expect, it } from 'vitest';
import { findInvalidText } from './reject-invalid-text.ts';

describe('findInvalidText', () => {
  it('names the first field PostgreSQL could not store: NUL characters and unpaired surrogates', () => {
    expect(findInvalidText({ search: 'ok', page: '1', emoji: 'pay 🙂', swahili: 'Karibu' })).toBeNull();
    expect(findInvalidText({ search: 'a\u0000b' })).toBe('search');
    expect(findInvalidText({ id: '\ud800' })).toBe('id');
    expect(findInvalidText({ id: 'x\udc00' })).toBe('id');
    expect(findInvalidText({ items: [{ name: 'x' }, { name: '\u0000' }] })).toBe('items.1.name');
    expect(findInvalidText({ ['ke\u0000y']: 1 })).toBe('ke\u0000y');
    expect(findInvalidText('\u0000')).toBe('request');
    expect(findInvalidText(undefined)).toBeNull();
    // Fastify's query parser builds objects on a prototype of its own.
    expect(findInvalidText(Object.assign(Object.create(Object.create(null) as object) as object, { search: '\u0000' }))).toBe('search');
  });

  it('leaves buffers and other non-plain objects alone', () => {
    expect(findInvalidText({ file: Buffer.from([0, 0, 0]) })).toBeNull();
    expect(findInvalidText({ when: new Date(0) })).toBeNull();
  });
});
