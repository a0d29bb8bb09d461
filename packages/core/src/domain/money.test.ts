import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRoundHalfUp, formatCents, formatKes, parseAmount } from './money.ts';

describe('money', () => {
  it('parses numbers and strings with at most two decimals', () => {
    expect(parseAmount(1500)).toBe(150000n);
    expect(parseAmount('1500.5')).toBe(150050n);
    expect(parseAmount('1500.50')).toBe(150050n);
    expect(parseAmount(0.1)).toBe(10n);
    expect(parseAmount(' 12 ')).toBe(1200n);
  });

  it('rejects what is not an exact non-negative amount', () => {
    for (const bad of [
      '1.234',
      '-5',
      'abc',
      '',
      '1e5',
      'NaN',
      '1,000',
      null,
      undefined,
      {},
      [],
      -1,
      Number.NaN,
      Infinity,
      1e21,
      0.1 + 0.2,
    ]) {
      expect(parseAmount(bad), String(bad)).toBeNull();
    }
  });

  it('formats cents with two decimals and round-trips', () => {
    expect(formatCents(150000n)).toBe('1500.00');
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(-250n)).toBe('-2.50');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (c) => {
        expect(parseAmount(formatCents(c))).toBe(c);
      }),
    );
  });

  it('rounds half up in one place', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(4n, 2n)).toBe(2n);
    expect(divideRoundHalfUp(1n, 3n)).toBe(0n);
    expect(divideRoundHalfUp(2n, 3n)).toBe(1n);
  });

  it('formats for Kenyan display with 0 to 2 decimals', () => {
    expect(formatKes(3_500_000n)).toBe('KES 35,000');
    expect(formatKes(150050n)).toBe('KES 1,500.50');
  });
});
