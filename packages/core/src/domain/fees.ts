/**
 * The fee bands of docs/product-rules.md §9, in whole shillings. A band covers amounts above the previous band's max up
 * to its own max (so 49.50 falls in 50–100). Below 1 or above 500,000 nothing is charged.
 * The fee is split 50/50: the buyer's share is half rounded to the cent, the seller pays the rest.
 */
import { type Cents, CENTS_PER_SHILLING, divideRoundHalfUp } from './money.ts';

export const FEE_TYPES = ['wo_dispute', 'with_dispute', 'lipa_mdogo_mdogo'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export interface FeeBand {
  min: number;
  max: number;
  wo_dispute: number;
  with_dispute: number;
  lipa_mdogo_mdogo: number;
}

// [min, max, standard (wo_dispute), protected (with_dispute), installment (lipa_mdogo_mdogo)]
const BAND_ROWS: readonly (readonly [number, number, number, number, number])[] = [
  [1, 49, 0, 6, 0],
  [50, 100, 8, 12, 0],
  [101, 300, 20, 28, 36],
  [301, 500, 30, 46, 50],
  [501, 800, 40, 60, 66],
  [801, 1000, 50, 74, 86],
  [1001, 1500, 64, 96, 106],
  [1501, 2500, 80, 120, 130],
  [2501, 3500, 94, 140, 150],
  [3501, 5000, 108, 162, 180],
  [5001, 7500, 134, 200, 210],
  [7501, 10000, 158, 238, 250],
  [10001, 15000, 188, 282, 300],
  [15001, 20000, 228, 342, 356],
  [20001, 25000, 268, 402, 426],
  [25001, 30000, 308, 462, 496],
  [30001, 35000, 348, 522, 566],
  [35001, 40000, 388, 582, 636],
  [40001, 50000, 428, 642, 706],
  [50001, 75000, 468, 702, 776],
  [75001, 100000, 508, 762, 846],
  [100001, 150000, 548, 822, 916],
  [150001, 200000, 588, 882, 986],
  [200001, 300000, 628, 942, 1056],
  [300001, 400000, 668, 1002, 1126],
  [400001, 500000, 708, 1062, 1196],
];

export const FEE_BANDS: readonly FeeBand[] = BAND_ROWS.map(([min, max, wo, withDispute, lmm]) => ({
  min,
  max,
  wo_dispute: wo,
  with_dispute: withDispute,
  lipa_mdogo_mdogo: lmm,
}));

export const MIN_CHARGEABLE: Cents = 1n * CENTS_PER_SHILLING;
export const MAX_CHARGEABLE: Cents = 500_000n * CENTS_PER_SHILLING;

export interface Fee {
  total: Cents;
  buyerShare: Cents;
  sellerShare: Cents;
  /** Hundredths of a percent: 500 means 5.00 %. */
  basisPoints: bigint;
}

/** Each band's upper bound in cents, computed once: the fee calculator is a public hot path. */
const BAND_MAX_CENTS: readonly Cents[] = FEE_BANDS.map((band) => BigInt(band.max) * CENTS_PER_SHILLING);

/** The band an amount falls in, or undefined outside 1–500,000. */
export function findBand(amount: Cents): FeeBand | undefined {
  if (amount < MIN_CHARGEABLE || amount > MAX_CHARGEABLE) return undefined;
  return FEE_BANDS[BAND_MAX_CENTS.findIndex((max) => amount <= max)];
}

function feeInBand(band: FeeBand | undefined, amount: Cents, type: FeeType): Fee {
  return splitFee(band ? BigInt(band[type]) * CENTS_PER_SHILLING : 0n, amount);
}

export function calculateFee(amount: Cents, type: FeeType): Fee {
  return feeInBand(findBand(amount), amount, type);
}

export function splitFee(total: Cents, amount: Cents): Fee {
  const buyerShare = divideRoundHalfUp(total, 2n);
  return {
    total,
    buyerShare,
    sellerShare: total - buyerShare,
    basisPoints: amount > 0n ? divideRoundHalfUp(total * 10_000n, amount) : 0n,
  };
}

/** The three fees of one amount; its band is looked up once. */
export function calculateAllFees(amount: Cents): Record<FeeType, Fee> {
  const band = findBand(amount);
  return {
    wo_dispute: feeInBand(band, amount, 'wo_dispute'),
    with_dispute: feeInBand(band, amount, 'with_dispute'),
    lipa_mdogo_mdogo: feeInBand(band, amount, 'lipa_mdogo_mdogo'),
  };
}

/** Which band prices which kind of transaction (docs/contract.md "Charges"). */
export const FEE_TYPE_FOR_TRANSACTION = {
  standard: 'wo_dispute',
  protected: 'with_dispute',
  lipa_mdogo_mdogo: 'lipa_mdogo_mdogo',
} as const satisfies Record<string, FeeType>;
