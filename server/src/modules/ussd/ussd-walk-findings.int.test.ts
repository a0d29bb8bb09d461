/**
 * What a walk of *384*40# found, each fixed and kept fixed here, in English and Kiswahili: screens that
 * promised money or prompts the server would not deliver, dead ends, English on Kiswahili screens, refusals
 * that came only after the PIN, and notices that lost the question they were about.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import type { UssdLanguage } from './messages.ts';
import { giveUssdPin, phoneSession, TEST_PIN } from './test/ussd-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const local = (phone: string) => `0${phone.slice(3)}`;

async function party(userType: MadeUser['userType'], language: UssdLanguage, firstName = 'Otieno') {
  const user = await makeUser(t.app, { userType, firstName });
  await giveUssdPin(t, user.id, language);
  return user;
}

describe.each(['en', 'sw'] as const)('USSD walk findings in %s', (lang) => {
  it('shows a plan as the schedule the server stores: KES 1 once, or a smaller last payment', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const planScreen = async (total: string, first: string) => {
      const session = phoneSession(t, buyer.phone);
      await session.dial();
      return { session, screen: await session.walk('1', local(seller.phone), 'Friji ya LG', '3', total, first, '4') };
    };

    const tiny = await planScreen('10001', '10000');
    const then = lang === 'en' ? 'then' : 'kisha';
    expect(tiny.screen.text).toContain(`KES 10,000, ${then} KES 1\n`);
    expect(tiny.screen.text).not.toContain('24 x');
    expect((await tiny.session.send(TEST_PIN)).kind).toBe('END');
    const txn = await t.ctx.db.transaction.findFirstOrThrow({
      where: { buyerId: buyer.id },
      include: { plan: { include: { installments: { orderBy: { sequence: 'asc' } } } } },
    });
    // What the screen said is what was stored.
    expect(txn.plan!.installments.map((installment) => installment.amountCents)).toEqual([1_000_000n, 100n]);

    const uneven = await planScreen('499999', '100000');
    const and = lang === 'en' ? 'and' : 'na';
    expect(uneven.screen.text).toContain(`${then} 23 x KES 16,700 ${and} KES 15,899\n`);
  });
});
