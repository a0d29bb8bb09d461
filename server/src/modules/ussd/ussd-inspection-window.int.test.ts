/**
 * A deployment whose inspection windows are not whole days (12 h Standard, 36 h Protected): the USSD type
 * menu names them as the web does (GET /api/config hours, inspectionWindowWords), in English and Kiswahili,
 * not rounded to a day the buyer does not have ("1 day", "2 days").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { dialAndWalk, giveUssdPin, M } from './test/ussd-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { INSPECTION_WINDOW_SECONDS: String(12 * 3600), PROTECTED_INSPECTION_WINDOW_SECONDS: String(36 * 3600) } });
});
afterAll(() => t?.close());

describe('an inspection window of hours', () => {
  it('is said in hours on the web config and on the USSD type menu, in both languages', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().data.inspection_window_hours).toEqual({ standard: 12, protected: 36, lipa_mdogo_mdogo: 12 });

    for (const [lang, standard, protectedWindow] of [
      ['en', '12 hours', '36 hours'],
      ['sw', 'saa 12', 'saa 36'],
    ] as const) {
      const buyer = await makeUser(t.app, { userType: 'buyer' });
      await giveUssdPin(t, buyer.id, lang);
      const seller = await makeUser(t.app, { userType: 'seller' });
      const menu = await dialAndWalk(t, buyer.phone, '1', `0${seller.phone.slice(3)}`, 'Radio');
      expect(menu.text).toContain(M[lang].chooseType);
      const [standardLine, protectedLine] = M[lang].types(standard, protectedWindow);
      expect(menu.text).toContain(`1. ${standardLine}`);
      expect(menu.text).toContain(`2. ${protectedLine}`);
    }
  });
});
