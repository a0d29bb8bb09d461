import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateFee, FEE_BANDS, FEE_TYPES, findBand, splitFee } from './fees.ts';
import { parseAmount } from './money.ts';

const cents = (text: string) => parseAmount(text)!;
const total = (amount: string, type: (typeof FEE_TYPES)[number]) => calculateFee(cents(amount), type).total;

describe('fee bands (docs/product-rules.md §9)', () => {
  it('has all 26 bands, contiguous from 1 to 500,000', () => {
    expect(FEE_BANDS).toHaveLength(26);
    expect(FEE_BANDS[0]!.min).toBe(1);
    expect(FEE_BANDS.at(-1)!.max).toBe(500_000);
    for (let i = 1; i < FEE_BANDS.length; i++) expect(FEE_BANDS[i]!.min).toBe(FEE_BANDS[i - 1]!.max + 1);
  });

  it('charges every band its own fee at its min, at its max and just above the previous max', () => {
    for (const [index, band] of FEE_BANDS.entries()) {
      for (const type of FEE_TYPES) {
        const expected = BigInt(band[type]) * 100n;
        expect(total(`${band.min}`, type), `${type} at ${band.min}`).toBe(expected);
        expect(total(`${band.max}`, type), `${type} at ${band.max}`).toBe(expected);
        if (index > 0)
          expect(total(`${FEE_BANDS[index - 1]!.max}.01`, type), `${type} just above ${FEE_BANDS[index - 1]!.max}`).toBe(expected);
        if (index < FEE_BANDS.length - 1) expect(total(`${band.max}.01`, type)).toBe(BigInt(FEE_BANDS[index + 1]![type]) * 100n);
      }
    }
  });

  it('puts amounts between bands in the upper band (49.50 falls in 50–100)', () => {
    expect(findBand(cents('49.50'))?.min).toBe(50);
    expect(total('49.50', 'wo_dispute')).toBe(800n);
    expect(total('100.50', 'with_dispute')).toBe(2800n);
  });

  it('charges nothing below 1 or above 500,000', () => {
    for (const type of FEE_TYPES) {
      expect(total('0', type)).toBe(0n);
      expect(total('0.99', type)).toBe(0n);
      expect(total('500000.01', type)).toBe(0n);
      expect(total('1000000', type)).toBe(0n);
    }
  });

  it('matches the contract example for 1,000', () => {
    expect(total('1000', 'wo_dispute')).toBe(5000n);
    expect(total('1000', 'with_dispute')).toBe(7400n);
    expect(total('1000', 'lipa_mdogo_mdogo')).toBe(8600n);
  });
});

describe('fee split', () => {
  it('gives the buyer half rounded to the cent and the seller the rest', () => {
    expect(splitFee(600n, 4900n)).toMatchObject({ buyerShare: 300n, sellerShare: 300n });
    expect(splitFee(1n, 100n)).toMatchObject({ buyerShare: 1n, sellerShare: 0n });
  });

  it('percentage is total / amount × 100 with two decimals', () => {
    expect(calculateFee(cents('1000'), 'with_dispute').basisPoints).toBe(740n);
    expect(calculateFee(cents('3'), 'with_dispute').basisPoints).toBe(20000n);
    expect(calculateFee(cents('0'), 'with_dispute').basisPoints).toBe(0n);
  });

  it('always splits exactly, never creating or losing a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 60_000_000n }), fc.constantFrom(...FEE_TYPES), (amount, type) => {
        const fee = calculateFee(amount, type);
        expect(fee.buyerShare + fee.sellerShare).toBe(fee.total);
        expect(fee.buyerShare - fee.sellerShare).toBeGreaterThanOrEqual(0n);
        expect(fee.buyerShare - fee.sellerShare).toBeLessThanOrEqual(1n);
      }),
    );
  });

  it('never decreases as the amount grows', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 50_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.constantFrom(...FEE_TYPES),
        (a, d, type) => {
          const b = a + d > 50_000_000n ? 50_000_000n : a + d;
          expect(calculateFee(b, type).total).toBeGreaterThanOrEqual(calculateFee(a, type).total);
        },
      ),
    );
  });
});
