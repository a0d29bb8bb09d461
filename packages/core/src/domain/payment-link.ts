/**
 * Payment links (docs/product-rules.md "Payment links"): a seller's shareable checkout. Its status is
 * derived, never stored, so it cannot drift from the facts: disabled by the seller, past its expiry,
 * or every unit held by a checkout. Pure: the web client shows the same answer.
 */
import { secureRandomBelow } from './reference.ts';

export const PAYMENT_LINK_STATUSES = ['active', 'sold_out', 'expired', 'disabled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** The transaction statuses of a checkout that no longer holds a unit: nothing was sold. */
export const CHECKOUT_RELEASES_UNIT: readonly string[] = ['cancelled', 'refunded'];

export interface PaymentLinkFacts {
  disabledAt: Date | null;
  expiresAt: Date | null;
  /** How many buyers may check out; null = unlimited. */
  quantity: number | null;
  /** Checkouts that hold a unit (not cancelled or refunded). */
  unitsHeld: number;
}

/** Disabled wins over expired, expired over sold out: the seller's own act is the truest reason. */
export function paymentLinkStatus(link: PaymentLinkFacts, now: Date): PaymentLinkStatus {
  if (link.disabledAt) return 'disabled';
  if (link.expiresAt && link.expiresAt <= now) return 'expired';
  if (link.quantity !== null && link.unitsHeld >= link.quantity) return 'sold_out';
  return 'active';
}

/** The message a buyer sees when a link takes no more checkouts. */
export const CLOSED_LINK_MESSAGES: Record<Exclude<PaymentLinkStatus, 'active'>, string> = {
  sold_out: 'This item is sold out',
  expired: 'This payment link has expired',
  disabled: 'The seller has disabled this payment link',
};

/** URL-safe and unambiguous to read aloud or retype (no 0/O, 1/l/I). */
const CODE_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
/** 10 characters of 56: about 58 bits, far beyond guessing over HTTP. */
export const PAYMENT_LINK_CODE_LENGTH = 10;
export const PAYMENT_LINK_CODE_PATTERN = /^[23456789a-km-np-zA-HJ-NP-Z]{10}$/;

export function generatePaymentLinkCode(random: (max: number) => number = secureRandomBelow): string {
  return Array.from({ length: PAYMENT_LINK_CODE_LENGTH }, () => CODE_ALPHABET[random(CODE_ALPHABET.length)]).join('');
}

/** Wrong release codes allowed before the code is burnt (docs/product-rules.md "Release codes"). */
export const RELEASE_CODE_MAX_ATTEMPTS = 5;
export const RELEASE_CODE_PATTERN = /^\d{6}$/;

export function generateReleaseCode(random: (max: number) => number = secureRandomBelow): string {
  return String(random(1_000_000)).padStart(6, '0');
}
