/** A new phone registers (names, account type, PIN twice); a web account without a PIN sets its first one. */
import { AppError } from '../../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../../lib/password.ts';
import { personName } from '../keypad-input.ts';
import { clip } from '../screen.ts';
import { ACCOUNT_TYPES } from '../session-state.ts';
import { registerUssdUser } from '../use-cases/register-ussd-user.ts';
import { setFirstUssdPin } from '../use-cases/set-ussd-pin.ts';
import { ask, choice, endWith, goBack, goHome, menu, PIN, push, refusal, type ScreensOf, stay } from './menu-kit.ts';

export const registerScreens: ScreensOf<'reg_first' | 'reg_last' | 'reg_type' | 'reg_pin' | 'reg_pin_again'> = {
  reg_first: {
    render: (c, _data, notice) => ask(c, notice, c.m.firstName),
    handle(c, _data, input) {
      const name = personName(input);
      if (!name) return stay(c.m.invalidName);
      c.draft.firstName = name;
      return push('reg_last');
    },
  },
  reg_last: {
    render: (c, _data, notice) => ask(c, notice, c.m.lastName),
    handle(c, _data, input) {
      const name = personName(input);
      if (!name) return stay(c.m.invalidName);
      c.draft.lastName = name;
      return push('reg_type');
    },
  },
  reg_type: {
    render: (c, _data, notice) => menu(c.m.accountType, c.m.accountTypes, notice, c.m.nav),
    handle(c, _data, input) {
      const picked = choice(input, ACCOUNT_TYPES.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.userType = ACCOUNT_TYPES[picked - 1]!;
      return push('reg_pin');
    },
  },
  reg_pin: {
    render: (c, _data, notice) => ask(c, notice, c.m.newPin),
    async handle(c, _data, input) {
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      c.draft.pinHash = await hashSecret(input);
      return push('reg_pin_again');
    },
  },
  reg_pin_again: {
    render: (c, _data, notice) => ask(c, notice, c.m.confirmPin),
    async handle(c, { firstName, lastName, userType, pinHash }, input) {
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      if (!(await verifySecret(pinHash, input))) return goBack(c.m.pinMismatch);
      try {
        await registerUssdUser(c.ctx, {
          phone: c.phone,
          firstName,
          lastName,
          userType,
          pinHash,
          language: c.lang,
          isPhoneVouched: c.origin === 'gateway',
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') return endWith(c.m.tooManyRegistrations);
        return refusal(c, error);
      }
      return endWith(c.m.registered(clip(firstName, 20)));
    },
  },
};

/** A web account's first PIN (the proof is asked on the home screen). */
export const firstPinScreens: ScreensOf<'first_pin' | 'first_pin_again'> = {
  first_pin: {
    render: (c, _data, notice) => ask(c, notice, c.m.newPin),
    async handle(c, _data, input) {
      if (!c.user || c.user.hasPin || !c.session.firstPinProof) return goHome();
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      c.draft.pinHash = await hashSecret(input);
      return push('first_pin_again');
    },
  },
  first_pin_again: {
    render: (c, _data, notice) => ask(c, notice, c.m.confirmPin),
    async handle(c, { pinHash }, input) {
      if (!c.user || c.user.hasPin || !c.session.firstPinProof) return goHome();
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      if (!(await verifySecret(pinHash, input))) return goBack(c.m.pinMismatch);
      try {
        // The phone itself is proven by the SMS code, or by the network when the gateway calls.
        const isPhoneProven = c.session.firstPinProof === 'code' || c.origin === 'gateway';
        await setFirstUssdPin(c.ctx, {
          userId: c.user.id,
          pinHash,
          isPhoneProven,
          isPasswordProven: c.session.firstPinProof === 'password',
        });
      } catch (error) {
        return refusal(c, error);
      }
      c.user.hasPin = true;
      c.session.pinProven = true;
      return goHome(c.m.pinSet);
    },
  },
};
