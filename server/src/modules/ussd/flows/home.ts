/** The first screen (guest menu, first-PIN proof, or main menu) and the once-a-session PIN before reading transactions. */
import { clip } from '../screen.ts';
import { type ScreenId, TRANSACTION_READING_SCREENS } from '../session-state.ts';
import { firstPinProofs, proveFirstPin, sendFirstPinCode } from '../use-cases/prove-first-pin.ts';
import { displayTime } from '../use-cases/verify-ussd-pin.ts';
import { ask, choice, endWith, menu, type MenuContext, pinRefusal, push, type Rendered, type ScreensOf, stay } from './menu-kit.ts';

/**
 * The main menu's entries, in the order of `messages.mainMenu`, the same for every account type: any account
 * may buy, and a buyer-only account named as an order's seller dispatches it from Sell (only payment links
 * are refused, in sell.ts); the numbers a caller learns stay the same on every phone.
 */
const MAIN_MENU: readonly ScreenId[] = ['buy_seller', 'list', 'pick_release', 'sell', 'pick_pay', 'disputes', 'find_ref', 'account'];

const readsTransactions = (screen: ScreenId): screen is (typeof TRANSACTION_READING_SCREENS)[number] =>
  (TRANSACTION_READING_SCREENS as readonly ScreenId[]).includes(screen);

/**
 * A web account's first-PIN screen: the code just sent, or the one sent before while it still works, or
 * (when no code could be sent) the web password or when to dial again. The password is offered only to
 * accounts that have one.
 */
async function firstPinDoor(c: MenuContext, userId: string, notice: string | undefined): Promise<Rendered> {
  const { m } = c;
  if (!c.session.codeSent) {
    c.session.codeSent = true;
    const send = await sendFirstPinCode(c.ctx, c.phone);
    c.session.codeRetryAt = send.sent ? null : send.retryAt.toISOString();
  }
  // A refusal's notice (a wrong code) already asks again: the proofs are read only for the screen's own words.
  if (notice) return notice;
  const { hasPassword, hasLiveCode } = await firstPinProofs(c.ctx, { userId, phone: c.phone });
  const name = clip(c.user!.firstName, 12);
  const retryAt = c.session.codeRetryAt;
  // Nothing sent now, but the code sent before (by this menu or the website) still works.
  if (!retryAt || hasLiveCode) return m.proveFirstPin(name, hasPassword);
  const text = m.noCodeYet(name, displayTime(new Date(retryAt)), hasPassword);
  return hasPassword ? text : { end: text };
}

export const homeScreens: ScreensOf<'home' | 'unlock'> = {
  home: {
    async render(c, _data, notice) {
      const { m } = c;
      if (!c.user) return menu(m.welcome, m.guestMenu, notice);
      if (!c.user.hasPin) return firstPinDoor(c, c.user.id, notice);
      // A locked PIN is said at once, in the title's place, not at the end of a whole flow; the menus
      // that need no PIN (language, help) still work.
      const title = c.user.pinLockedUntil ? m.pinLockedTitle(displayTime(c.user.pinLockedUntil)) : m.hello(clip(c.user.firstName, 12));
      return menu(title, m.mainMenu, notice);
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
        if (!check.ok) {
          const { hasPassword } = await firstPinProofs(c.ctx, { userId: c.user.id, phone: c.phone });
          if (check.reason === 'too_many') return endWith(c.m.tooManyProofs(displayTime(check.retryAt), hasPassword));
          return stay(hasPassword ? c.m.wrongProof : c.m.wrongCode);
        }
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
