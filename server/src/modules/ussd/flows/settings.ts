/** My account: change the PIN, choose the language, read the help text (language and help are open to guests too). */
import { hashSecret, verifySecret } from '../../../lib/password.ts';
import { USSD_MESSAGES } from '../messages.ts';
import { changeUssdPin } from '../use-cases/set-ussd-pin.ts';
import { setUssdLanguage } from '../use-cases/set-ussd-language.ts';
import { ask, choice, endWith, goBack, goHome, menu, PIN, pinRefusal, push, type ScreensOf, stay } from './menu-kit.ts';

export const settingsScreens: ScreensOf<'account' | 'pin_current' | 'pin_new' | 'pin_new_again' | 'language' | 'help'> = {
  account: {
    needsAccount: true,
    render: (c, _data, notice) => menu(c.m.accountTitle, c.m.accountMenu, notice, c.m.nav),
    handle(c, _data, input) {
      const picked = choice(input, 3);
      if (picked === 1) return push('pin_current');
      if (picked === 2) return push('language');
      if (picked === 3) return push('help');
      return stay(c.m.invalidChoice);
    },
  },
  pin_current: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.currentPin),
    async handle(c, _data, input) {
      const refused = await pinRefusal(c, input);
      if (refused) return refused;
      c.draft.currentPinOk = true;
      return push('pin_new');
    },
  },
  pin_new: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.newPin),
    async handle(c, _data, input) {
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      c.draft.pinHash = await hashSecret(input);
      return push('pin_new_again');
    },
  },
  pin_new_again: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.confirmPin),
    async handle(c, { pinHash }, input) {
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      if (!(await verifySecret(pinHash, input))) return goBack(c.m.pinMismatch);
      await changeUssdPin(c.ctx, { userId: c.user!.id, pinHash });
      return endWith(c.m.pinChanged);
    },
  },
  language: {
    render: (c, _data, notice) => menu(c.m.chooseLanguage, c.m.languages, notice, c.m.nav),
    async handle(c, _data, input) {
      const picked = choice(input, 2);
      if (!picked) return stay(c.m.invalidChoice);
      c.lang = picked === 1 ? 'en' : 'sw';
      c.m = USSD_MESSAGES[c.lang];
      await setUssdLanguage(c.ctx, { userId: c.user?.id ?? null, language: c.lang });
      return goHome(c.m.languageSaved);
    },
  },
  help: {
    render: (c) => ask(c, undefined, c.m.help),
    handle: () => stay(),
  },
};
