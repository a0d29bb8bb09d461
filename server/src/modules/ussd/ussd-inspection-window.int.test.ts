/**
 * A deployment whose inspection windows are not whole days (12 h Standard, 36 h Protected), or under an hour
 * (20 and 45 minutes): the USSD type menu names them as the web does (GET /api/config hours,
 * inspectionWindowWords), in English and Kiswahili, not rounded to a day or an hour the buyer does not have
 * ("1 day", "2 days", "0 hours", "1 hour").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '../../../test/factories.ts';
import { createTransaction } from '../../../test/escrow-helpers.ts';
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

describe('an inspection window under an hour', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await buildTestApp({
      env: { INSPECTION_WINDOW_SECONDS: String(20 * 60), PROTECTED_INSPECTION_WINDOW_SECONDS: String(45 * 60) },
    });
  });
  afterAll(() => short?.close());

  it('is said in minutes on the USSD type menu, and the API states it to the minute (a fraction of an hour), not 0', async () => {
    const config = await short.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().data.inspection_window_hours).toEqual({ standard: 20 / 60, protected: 45 / 60, lipa_mdogo_mdogo: 20 / 60 });
    const buyer = await makeUser(short.app, { userType: 'buyer' });
    const seller = await makeUser(short.app, { userType: 'seller' });
    const created = await createTransaction(short, buyer, {
      seller_phone: seller.phone,
      amount: 1_500,
      product_name: 'Radio',
      transaction_type: 'protected',
    });
    const detail = await short.app.inject({ method: 'GET', url: `/api/transactions/${created.id}`, headers: bearer(buyer) });
    expect(detail.json().data.transaction.inspection_window_hours).toBe(45 / 60);

    for (const [lang, standard, protectedWindow] of [
      ['en', '20 minutes', '45 minutes'],
      ['sw', 'dakika 20', 'dakika 45'],
    ] as const) {
      const dialer = await makeUser(short.app, { userType: 'buyer' });
      await giveUssdPin(short, dialer.id, lang);
      const menu = await dialAndWalk(short, dialer.phone, '1', `0${seller.phone.slice(3)}`, 'Radio');
      const [standardLine, protectedLine] = M[lang].types(standard, protectedWindow);
      expect(menu.text).toContain(`1. ${standardLine}`);
      expect(menu.text).toContain(`2. ${protectedLine}`);
    }
  });
});
