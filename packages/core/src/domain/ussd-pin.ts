/**
 * A USSD PIN's state, one rule for the USSD menu (which refuses a locked PIN), the website's Profile and the
 * admin Users list (where customer care sees a caller locked out). Three wrong PINs in a row lock it until a
 * time; nothing clears a lock when that time passes, so the column alone does not say it is locked.
 */

/** When the PIN's lock ends, if it is locked now; a lock whose time has passed is no lock (nothing clears it). */
export function pinLockInEffect(lockedUntil: Date | null, now: Date): Date | null {
  return lockedUntil !== null && lockedUntil > now ? lockedUntil : null;
}

/** 'none': no PIN (the next dial sets one); 'set'; 'locked': wrong PINs lock it now. */
export const USSD_PIN_STATES = ['none', 'set', 'locked'] as const;
export type UssdPinState = (typeof USSD_PIN_STATES)[number];

export function ussdPinStateOf(
  pin: { isSet: boolean; lockedUntil: Date | null },
  now: Date,
): { state: UssdPinState; lockedUntil: Date | null } {
  // Only a PIN can be locked (removing one takes its lock with it).
  const lockedUntil = pin.isSet ? pinLockInEffect(pin.lockedUntil, now) : null;
  return { state: !pin.isSet ? 'none' : lockedUntil ? 'locked' : 'set', lockedUntil };
}
