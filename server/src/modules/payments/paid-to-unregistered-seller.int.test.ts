/**
 * A buyer pays an escrow whose seller phone has no verified account: that phone cannot mark anything
 * dispatched, nor be paid, until it registers. Its "fully paid" SMS says so (not "dispatch and mark it
 * dispatched"), and once it registers over USSD the paid order waits in its Sell menu to be dispatched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { createTransaction, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';
import { firstLine, M, phoneSession } from '../ussd/test/ussd-client.ts';

let t: TestApp;
let buyer: MadeUser;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer', firstName: 'Wanjiku' });
});
afterAll(() => t?.close());

async function paidTo(sellerPhone: string, productName: string) {
  const created = await createTransaction(t, buyer, {
    seller_phone: sellerPhone,
    amount: 1500,
    product_name: productName,
    transaction_type: 'standard',
  });
  const payment = await payAndSettle(t, buyer, created.id);
  expect(payment.status).toBe('completed');
  return created;
}

describe('an escrow paid to a seller phone with no verified account', () => {
  it('tells a phone with no account, in English, that the money is held and to register before dispatching', async () => {
    const phone = randomPhone();
    const created = await paidTo(phone, 'Radio');
    const texts = (await inboxOf(t, phone)).map((sms) => sms.message);
    expect(texts).toContain(
      `${created.reference_number} is fully paid: KES 1,500 is held in escrow. Register this number on *384*40# or our website before you dispatch: only then can you be paid.`,
    );
    expect(texts.join('\n')).not.toContain('mark it dispatched');
  });

  it('tells an account that is not verified yet the same, in its language', async () => {
    const unverified = await makeUser(t.app, { userType: 'seller', verified: false });
    await t.ctx.db.user.update({ where: { id: unverified.id }, data: { language: 'sw' } });
    const created = await paidTo(unverified.phone, 'Redio');
    const texts = (await inboxOf(t, unverified.phone)).map((sms) => sms.message);
    expect(texts).toContain(
      `${created.reference_number} imelipwa kikamilifu: KES 1,500 imehifadhiwa. Sajili nambari hii kwa *384*40# au tovuti kabla ya kutuma bidhaa, ili uweze kulipwa.`,
    );
    expect(texts.join('\n')).not.toContain('thibitisha umetuma');
  });

  it('tells a phone with no account to register at each part of a plan, not to dispatch once it is fully paid', async () => {
    const phone = randomPhone();
    const created = await createTransaction(t, buyer, {
      seller_phone: phone,
      amount: 6_000,
      total_cost: 30_000,
      product_name: 'Fridge',
      transaction_type: 'lipa_mdogo_mdogo',
      installment_months: 3,
    });
    expect(await payAndSettle(t, buyer, created.id)).toMatchObject({ status: 'completed' });
    const texts = (await inboxOf(t, phone)).map((sms) => sms.message);
    expect(texts).toContain(
      `The buyer paid KES 6,000 towards ${created.reference_number}: KES 6,000 of KES 30,000 is held in escrow. Register this number on *384*40# to be paid.`,
    );
    expect(texts.join('\n')).not.toContain('Dispatch once');
  });

  it('still asks a registered seller to dispatch and mark it dispatched', async () => {
    const seller = await makeUser(t.app, { userType: 'seller' });
    const created = await paidTo(seller.phone, 'Kettle');
    expect((await inboxOf(t, seller.phone)).map((sms) => sms.message)).toContain(
      `${created.reference_number} is fully paid: KES 1,500 is held in escrow. Please dispatch Kettle and mark it dispatched.`,
    );
  });

  it('shows the paid order in the Sell menu, to dispatch, once the phone registers over USSD', async () => {
    const phone = randomPhone();
    const created = await paidTo(phone, 'Sufuria');
    const register = phoneSession(t, phone);
    await register.dial();
    expect(await register.walk('1', 'Akinyi', 'Odhiambo', '2', '7777', '7777')).toEqual({ kind: 'END', text: M.en.registered('Akinyi') });

    const session = phoneSession(t, phone, { autoUnlock: '7777' });
    await session.dial();
    expect((await session.send('4')).text).toContain(M.en.sellMenu[0]);
    const list = await session.send('1');
    expect(firstLine(list)).toBe(M.en.pickTitle.dispatch);
    expect(list.text).toContain(created.reference_number.slice(4));
    expect((await session.send('1')).text).toMatch(/^Confirm you dispatched Sufuria/);
  });
});
