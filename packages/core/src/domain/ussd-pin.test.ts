import { describe, expect, it } from 'vitest';
import { pinLockInEffect, ussdPinStateOf } from './ussd-pin.ts';

const now = new Date('2026-11-29T11:00:00.000Z');
const later = new Date('2026-11-29T11:05:00.000Z');
const earlier = new Date('2026-11-29T10:55:00.000Z');

describe('a USSD PIN state', () => {
  it('is locked only while the lock is in effect', () => {
    expect(pinLockInEffect(later, now)).toEqual(later);
    expect(pinLockInEffect(now, now)).toBeNull();
    expect(pinLockInEffect(earlier, now)).toBeNull();
    expect(pinLockInEffect(null, now)).toBeNull();
  });

  it('is none without a PIN, set, or locked until when', () => {
    expect(ussdPinStateOf({ isSet: false, lockedUntil: null }, now)).toEqual({ state: 'none', lockedUntil: null });
    expect(ussdPinStateOf({ isSet: false, lockedUntil: later }, now)).toEqual({ state: 'none', lockedUntil: null });
    expect(ussdPinStateOf({ isSet: true, lockedUntil: null }, now)).toEqual({ state: 'set', lockedUntil: null });
    expect(ussdPinStateOf({ isSet: true, lockedUntil: earlier }, now)).toEqual({ state: 'set', lockedUntil: null });
    expect(ussdPinStateOf({ isSet: true, lockedUntil: later }, now)).toEqual({ state: 'locked', lockedUntil: later });
  });
});
