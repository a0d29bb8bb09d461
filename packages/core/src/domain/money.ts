/**
 * Money is integer cents held in a `bigint`: exact, and safe far past any sum this platform will see.
 * Amounts cross the wire as strings with two decimals ("1500.00"); this file is the one place that
 * converts between the two, and the one place that rounds.
 */
export type Cents = bigint;

export const CENTS_PER_SHILLING = 100n;

/** A decimal number or numeric string with at most two decimals, e.g. 1500, "1500.5", "1500.50". */
const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses a wire amount into cents; returns null when it is not a non-negative amount with ≤ 2 decimals. */
export function parseAmount(input: unknown): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // Numbers such as 0.1 + 0.2 are not exact; accept only those whose shortest form has ≤ 2 decimals.
    text = String(input);
    if (text.includes('e')) return null;
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  return whole * CENTS_PER_SHILLING + fraction;
}

/**
 * Cents → "1500.00" (negative amounts keep their sign). The digits of the cents with a point before the
 * last two: one bigint-to-text conversion, no division (every amount of every answer passes here).
 */
export function formatCents(cents: Cents): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export function shillings(amount: number): Cents {
  return BigInt(Math.round(amount * 100));
}

/** a / b rounded half away from zero, for non-negative integers. */
export function divideRoundHalfUp(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  return (a * 2n + b) / (2n * b);
}

/** Kenyan display: "KES 1,500" or "KES 1,500.50" (0 to 2 decimals, as docs/product-rules.md §9). */
export function formatKes(cents: Cents): string {
  const text = formatCents(cents);
  const [whole, fraction] = text.split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `KES ${grouped}${fraction === '00' ? '' : `.${fraction}`}`;
}

export function maxCents(a: Cents, b: Cents): Cents {
  return a > b ? a : b;
}

export function minCents(a: Cents, b: Cents): Cents {
  return a < b ? a : b;
}
