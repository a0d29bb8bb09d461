import { describe, expect, it } from 'vitest';
import {
  generatePaymentLinkCode,
  generateReleaseCode,
  PAYMENT_LINK_CODE_PATTERN,
  paymentLinkStatus,
  RELEASE_CODE_PATTERN,
} from './payment-link.ts';

const now = new Date('2026-11-23T12:00:00Z');
const open = { disabledAt: null, expiresAt: null, quantity: 1, unitsHeld: 0 };

describe('payment link status', () => {
  it('is active while units are left and it has not expired', () => {
    expect(paymentLinkStatus(open, now)).toBe('active');
    expect(paymentLinkStatus({ ...open, quantity: null, unitsHeld: 500 }, now)).toBe('active');
    expect(paymentLinkStatus({ ...open, expiresAt: new Date(now.getTime() + 1) }, now)).toBe('active');
  });

  it('is sold out when every unit is held, expired at its expiry instant', () => {
    expect(paymentLinkStatus({ ...open, unitsHeld: 1 }, now)).toBe('sold_out');
    expect(paymentLinkStatus({ ...open, expiresAt: now }, now)).toBe('expired');
  });

  it('names the seller disabling it before any other reason', () => {
    expect(paymentLinkStatus({ disabledAt: now, expiresAt: now, quantity: 1, unitsHeld: 1 }, now)).toBe('disabled');
    expect(paymentLinkStatus({ ...open, expiresAt: now, unitsHeld: 1 }, now)).toBe('expired');
  });
});

describe('codes', () => {
  it('makes link codes that match their pattern and differ', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generatePaymentLinkCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(PAYMENT_LINK_CODE_PATTERN);
  });

  it('makes 6-digit release codes, leading zeros kept', () => {
    expect(generateReleaseCode(() => 42)).toBe('000042');
    expect(generateReleaseCode(() => 999_999)).toBe('999999');
    for (let i = 0; i < 50; i++) expect(generateReleaseCode()).toMatch(RELEASE_CODE_PATTERN);
  });
});
