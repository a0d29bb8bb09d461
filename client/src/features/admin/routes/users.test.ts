import { describe, expect, it } from 'vitest';
import { ACTION_COPY, REMOVE_PIN_COPY } from './users';

describe("the Users page's Remove PIN action", () => {
  it("asks the admin to check the caller's identity before removing a USSD PIN, and says what follows", () => {
    expect(ACTION_COPY.removeUssdPin).toMatchObject({ title: 'Remove their USSD PIN?', confirm: 'Remove PIN', done: 'USSD PIN removed' });
    expect(REMOVE_PIN_COPY.checkFirst).toMatch(/^First check that the caller is this account's holder/);
    expect(REMOVE_PIN_COPY.checkFirst).toContain('If in doubt, do not remove it.');
    // As the server does it (server/src/modules/auth/use-cases/ussd-pin.ts, clearUssdPin).
    expect(REMOVE_PIN_COPY.effect).toContain('they get an SMS saying customer care removed it');
    expect(REMOVE_PIN_COPY.effect).toContain('choose a new PIN after entering the code texted to that phone');
  });
});
