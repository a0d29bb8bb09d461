/** The first screen (guest menu, first-PIN proof, or main menu) and the once-a-session PIN before reading transactions. */
import { clip } from '../screen.ts';
import { type ScreenId, TRANSACTION_READING_SCREENS } from '../session-state.ts';
import { proveFirstPin, sendFirstPinCode } from '../use-cases/prove-first-pin.ts';
import { ask, choice, endWith, lines, menu, pinRefusal, push, type ScreensOf, stay } from './menu-kit.ts';

/** The main menu's entries, in the order of `messages.mainMenu`. */
const MAIN_MENU: readonly ScreenId[] = ['buy_seller', 'list', 'pick_release', 'sell', 'pick_pay', 'disputes', 'find_ref', 'account'];

const readsTransactions = (screen: ScreenId): screen is (typeof TRANSACTION_READING_SCREENS)[number] =>
  (TRANSACTION_READING_SCREENS as readonly ScreenId[]).includes(screen);

export const homeScreens: ScreensOf<'home' | 'unlock'> = {
  home: {
    async render(c, _data, notice) {
      const { m } = c;
      if (!c.user) return menu(m.welcome, m.guestMenu, notice);
      if (!c.user.hasPin) {
        if (!c.session.codeSent) {
          c.session.codeSent = true;
          await sendFirstPinCode(c.ctx, c.phone);
        }
        return lines(notice ?? m.proveFirstPin(clip(c.user.firstName, 12)));
      }
      return menu(m.hello(clip(c.user.firstName, 12)), m.mainMenu, notice);
    },
    async handle(c, _data, input) {
      if (!c.user) {
        const picked = choice(input, 3);
        if (picked === 1) return push('reg_first');
        if (picked === 2) return push('language');
        if (picked === 3) return push('help');
        return stay(c.m.invalidChoice);
      }
      if (!c.user.hasPin) {
        // The dialling number alone does not prove the person: the SMS code or the web password does.
        const check = await proveFirstPin(c.ctx, { userId: c.user.id, phone: c.phone, answer: input });
        if (!check.ok) return check.reason === 'too_many' ? endWith(c.m.tooManyProofs) : stay(c.m.wrongProof);
        c.session.firstPinProof = check.proof;
        return push('first_pin');
      }
      const picked = choice(input, MAIN_MENU.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.page = 1;
      const target = MAIN_MENU[picked - 1]!;
      // Screens that show the caller's transactions need the PIN once per session.
      if (readsTransactions(target) && !c.session.pinProven) {
        c.draft.after = target;
        return push('unlock');
      }
      return push(target);
    },
  },
  unlock: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.unlockPin),
    async handle(c, data, input) {
      const refused = await pinRefusal(c, input);
      if (refused) return refused;
      return { kind: 'replace', screen: data.after };
    },
  },
};
