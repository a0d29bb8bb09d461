import { describe, expect, it } from 'vitest';
import { ACTION_COPY, REMOVE_PIN_COPY, ussdPinView } from './users';

describe("the Users page's Remove PIN action", () => {
  it("asks the admin to check the caller's identity before removing a USSD PIN, and says what follows", () => {
    expect(ACTION_COPY.removeUssdPin).toMatchObject({ title: 'Remove their USSD PIN?', confirm: 'Remove PIN', done: 'USSD PIN removed' });
    expect(REMOVE_PIN_COPY.checkFirst).toMatch(/^First check that the caller is this account's holder/);
    expect(REMOVE_PIN_COPY.checkFirst).toContain('If in doubt, do not remove it.');
    // As the server does it (server/src/modules/auth/ussd-pin-removal.ts, clearUssdPin).
    expect(REMOVE_PIN_COPY.effect).toContain('they get an SMS saying customer care removed it');
    expect(REMOVE_PIN_COPY.effect).toContain('choose a new PIN after entering the code texted to that phone');
  });
});

describe("the Users table's USSD PIN", () => {
  it('says "No PIN" and offers no removal when there is none', () => {
    expect(ussdPinView({ ussd_pin: 'none', ussd_pin_locked_until: null })).toEqual({
      badge: { label: 'No PIN', title: 'No USSD PIN: they choose one on their next dial', palette: 'gray' },
      canRemove: false,
    });
  });

  it('says nothing of a PIN that is set, and offers its removal', () => {
    expect(ussdPinView({ ussd_pin: 'set', ussd_pin_locked_until: null })).toEqual({ badge: null, canRemove: true });
  });

  it("says until when a locked PIN is locked, in Nairobi's time as the caller's SMS says it, and offers its removal", () => {
    const view = ussdPinView({ ussd_pin: 'locked', ussd_pin_locked_until: '2026-11-29T11:05:00.000Z' });
    expect(view.canRemove).toBe(true);
    expect(view.badge).toMatchObject({ label: 'PIN locked until 14:05', palette: 'red' });
    expect(view.badge?.title).toMatch(/^Wrong USSD PINs lock it until 29 Nov 2026.*14:05/);
  });
});
