import { describe, expect, it } from 'vitest';
import { generateReference, REFERENCE_PATTERN, secureRandomBelow } from './reference.ts';

describe('transaction references', () => {
  it('match the reference pattern, and differ from call to call', () => {
    const references = Array.from({ length: 200 }, () => generateReference());
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(new Set(references).size).toBe(references.length);
  });

  it('use every letter of the alphabet given a source that walks it', () => {
    let next = 0;
    expect(generateReference(() => next++ % 32)).toBe('ESC-0123-4567');
    expect(generateReference(() => 31)).toBe('ESC-ZZZZ-ZZZZ');
  });

  it('draw uniformly below the bound from Web Crypto', () => {
    const counts = new Array<number>(32).fill(0);
    for (let i = 0; i < 32_000; i++) counts[secureRandomBelow(32)]!++;
    // 1000 expected per value; 6 standard deviations (about 190) either side.
    for (const count of counts) {
      expect(count).toBeGreaterThan(800);
      expect(count).toBeLessThan(1200);
    }
    expect(secureRandomBelow(1)).toBe(0);
    expect(() => secureRandomBelow(0)).toThrow(RangeError);
    expect(() => secureRandomBelow(2.5)).toThrow(RangeError);
  });
});
