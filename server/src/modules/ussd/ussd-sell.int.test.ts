/**
 * The seller's USSD menu: entering the buyer's release code at hand-over, and creating a payment link
 * (sent by SMS), in English and Kiswahili, over HTTP in Africa's Talking's protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../../../test/factories.ts';
import { createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';
import { formatSmsDate, smsDateTime } from '../notifications/templates.ts';
import type { UssdLanguage } from './messages.ts';
import { dialAndWalk, firstLine, giveUssdPin, M, phoneSession, TEST_PIN } from './test/ussd-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function party(userType: MadeUser['userType'], language: UssdLanguage) {
  const user = await makeUser(t.app, { userType, firstName: 'Otieno' });
  await giveUssdPin(t, user.id, language);
  return user;
}

const local = (phone: string) => `0${phone.slice(3)}`;

/** The newest release code texted to the buyer. */
async function releaseCodeOf(buyer: MadeUser): Promise<string> {
  const sms = (await inboxOf(t, buyer.phone)).find(
    (message) => /release code|kuachilia/i.test(message.message) && /\b\d{6}\b/.test(message.message),
  );
  return /\b(\d{6})\b/.exec(sms!.message)![1]!;
}

describe.each(['en', 'sw'] as const)('USSD sell menu in %s', (lang) => {
  const m = M[lang];

  it('releases a funded order when the seller types the buyer’s code; a wrong code may be typed again', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2200,
      product_name: 'School shoes',
      transaction_type: 'standard',
    });
    const empty = phoneSession(t, seller.phone);
    await empty.dial();
    expect((await empty.walk('4', '2')).text).toContain(m.nothingTo.release_with_code);
    await payAndSettle(t, buyer, created.id);
    const code = await releaseCodeOf(buyer);

    const session = phoneSession(t, seller.phone);
    await session.dial();
    expect((await session.send('4')).text).toContain(m.sellMenu[1]);
    expect(firstLine(await session.send('2'))).toBe(m.pickTitle.release_with_code);
    expect((await session.send('1')).text).toContain(created.reference_number);
    expect(firstLine(await session.send('12'))).toBe(m.releaseCodeFormat);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(firstLine(await session.send(wrong))).toBe(m.wrongReleaseCode(4));
    expect(await session.send(code)).toEqual({ kind: 'END', text: m.releasedWithCode(created.reference_number) });
    const data = await detail(t, seller, created.id);
    expect(data.transaction.status).toBe('completed');
    expect(data.timeline.map((event: { event_type: string }) => event.event_type)).toContain('released_with_code');
  });

  // A buyer with no smartphone gets a new code over USSD as the web's buyer does (resendReleaseCode: same
  // limit, texted by SMS), under the transaction in My transactions; both texts say where.
  it('after five wrong codes the buyer gets a new one over USSD, within the resend limit, and it releases', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2600,
      product_name: 'Gas cooker',
      transaction_type: 'standard',
    });
    const ref = created.reference_number;
    await payAndSettle(t, buyer, created.id);
    const code = await releaseCodeOf(buyer);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const session = phoneSession(t, seller.phone);
    await session.dial();
    await session.walk('4', '2', '1');
    for (let left = 4; left >= 1; left--) expect(firstLine(await session.send(wrong))).toBe(m.wrongReleaseCode(left));
    const burnt = await session.send(wrong);
    expect(burnt).toEqual({ kind: 'END', text: m.releaseCodeUnusable });
    expect(burnt.text).toContain('*384*40#');
    expect(burnt.text).toContain(lang === 'en' ? 'website' : 'tovuti');
    const sms = await t.ctx.db.smsMessage.findFirst({ where: { phoneNumber: buyer.phone, template: 'release_code_burnt' } });
    expect(sms?.message).toContain(ref);
    expect(sms!.message).not.toContain(code);
    expect(sms!.message).toContain(`*384*40# (${m.mainMenu[1]})`);

    // The seller reads the same order with no such option.
    const sellerView = phoneSession(t, seller.phone);
    await sellerView.dial();
    const sold = await sellerView.walk('2', '1');
    expect(sold.text).toContain(ref);
    expect(sold.text).not.toContain(m.newReleaseCodeOption);
    expect((await sellerView.send('1')).text).toBe(sold.text);

    const askNewCode = async () => {
      const buying = phoneSession(t, buyer.phone);
      await buying.dial();
      const order = await buying.walk('2', '1');
      expect(order.text).toContain(`1. ${m.newReleaseCodeOption}`);
      expect((await buying.send('1')).text).toContain(m.confirmNewReleaseCode(ref));
      return buying.send(TEST_PIN);
    };
    expect(await askNewCode()).toEqual({ kind: 'END', text: m.newReleaseCodeSent(ref) });
    const fresh = await releaseCodeOf(buyer);
    expect(fresh).not.toBe(code);
    // LIMIT_RELEASE_CODE_RESENDS_PER_HOUR (3), as on the web: the fourth is refused and sends nothing.
    expect((await askNewCode()).kind).toBe('END');
    expect((await askNewCode()).kind).toBe('END');
    const latest = await releaseCodeOf(buyer);
    const refused = await askNewCode();
    expect(refused.kind).toBe('END');
    expect(refused.text).toMatch(new RegExp(`^${m.tooManyTries('__').split('__')[0]}`));
    expect(await releaseCodeOf(buyer)).toBe(latest);

    const releasing = phoneSession(t, seller.phone);
    await releasing.dial();
    await releasing.walk('4', '2', '1');
    expect(await releasing.send(latest)).toEqual({ kind: 'END', text: m.releasedWithCode(ref) });
    // Completed: no code to ask for any more.
    const done = await dialAndWalk(t, buyer.phone, '2', '1');
    expect(done.text).not.toContain(m.newReleaseCodeOption);
  });

  // Every account type may buy, and an order names its seller by phone whatever the account type: the menus
  // keep every entry on every phone, so the numbers a caller learns are the same for everyone.
  it('keeps Buy and Sell for every account type: a seller-only account buys, a buyer-only one dispatches its order', async () => {
    const sellerOnly = await party('seller', lang);
    const buyerOnly = await party('buyer', lang);
    const buying = phoneSession(t, sellerOnly.phone);
    await buying.dial();
    expect((await buying.walk('1', local(buyerOnly.phone), 'Gas cylinder', '1', '3000')).text).toContain(m.enterPin);
    expect((await buying.send(TEST_PIN)).kind).toBe('END');
    const bought = await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: sellerOnly.id } });
    expect(bought.sellerId).toBe(buyerOnly.id);

    const buyer = await party('buyer', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: buyerOnly.phone,
      amount: 1800,
      product_name: 'Charcoal',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, created.id);
    const selling = phoneSession(t, buyerOnly.phone);
    await selling.dial();
    const dispatched = await selling.walk('4', '1', '1', TEST_PIN);
    const { inspectionEndsAt } = await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } });
    const paidBy = formatSmsDate(smsDateTime(inspectionEndsAt!), lang);
    expect(dispatched).toEqual({ kind: 'END', text: m.dispatched(created.reference_number, paidBy) });
    // Payment links alone are a seller account's: refused at once, before the item, price and PIN.
    expect(await dialAndWalk(t, buyerOnly.phone, '4', '3')).toEqual({ kind: 'END', text: m.sellerOnly });
  });

  it('creates a payment link with the PIN and sends it to the seller by SMS', async () => {
    const seller = await party('seller', lang);
    const session = phoneSession(t, seller.phone);
    await session.dial();
    expect((await session.walk('4', '3')).text).toContain(m.itemName);
    await session.send('Mitumba jackets');
    expect((await session.send('1500')).text).toContain('Mitumba jackets');
    const done = await session.send('2468');
    expect(done.kind).toBe('END');
    const link = await t.ctx.db.paymentLink.findFirstOrThrow({ where: { sellerId: seller.id } });
    expect(link).toMatchObject({
      productName: 'Mitumba jackets',
      amountCents: 150_000n,
      transactionType: 'standard',
      quantity: 1,
      channel: 'ussd',
    });
    const url = `${t.config.PUBLIC_BASE_URL}/pay/${link.code}`;
    expect(done.text).toBe(m.linkCreated(url));
    const sms = (await inboxOf(t, seller.phone)).find((message) => message.message.includes(url));
    expect(sms?.message).toContain(lang === 'en' ? 'Your escrow payment link' : 'Kiungo cha malipo ya escrow');
  });
});
