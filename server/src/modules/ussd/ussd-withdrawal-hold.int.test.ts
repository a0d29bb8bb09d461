/**
 * A fully paid Lipa Mdogo Mdogo plan whose buyer asked to withdraw is held: the seller may not dispatch it
 * (nor release it with a code) until the request is answered, or, past its respond-by, until the mediation
 * team has reviewed it (run-action.ts). The seller's USSD lists say so, naming the plan and where to answer,
 * instead of "nothing waits"; and no path of the menus dispatches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { dialAndWalk, giveUssdPin, M, phoneSession, TEST_PIN } from './test/ussd-client.ts';

let t: TestApp;
let buyer: MadeUser;

beforeAll(async () => {
  t = await buildTestApp({ env: LIFTED_LIMITS });
  buyer = await makeUser(t.app, { userType: 'buyer' });
});
afterAll(() => t?.close());

/** A seller of their own (so that the lists hold only this test's orders), speaking English. */
async function newSeller() {
  const seller = await makeUser(t.app, { userType: 'seller' });
  await giveUssdPin(t, seller.id, 'en');
  return seller;
}

/** A Lipa Mdogo Mdogo plan, paid in full (funded). */
async function paidPlan(seller: MadeUser) {
  const plan = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 4_000,
    total_cost: 12_000,
    product_name: 'Television',
    transaction_type: 'lipa_mdogo_mdogo',
    installment_months: 3,
  });
  do expect((await payAndSettle(t, buyer, plan.id)).status).toBe('completed');
  while ((await detail(t, buyer, plan.id)).transaction.status !== 'funded');
  return plan;
}

async function askToWithdraw(transactionId: string) {
  const response = await action(t, buyer, transactionId, 'withdrawal_request', { reason: 'Found one cheaper in town' });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the seller’s Dispatch list and a plan held by a withdrawal request', () => {
  it('names the held plan and where to answer, in English and Kiswahili, and the answer menu lists it', async () => {
    const seller = await newSeller();
    const plan = await paidPlan(seller);
    await askToWithdraw(plan.id);
    const ref = plan.reference_number;

    for (const lang of ['en', 'sw'] as const) {
      await giveUssdPin(t, seller.id, lang);
      const m = M[lang];
      expect(await dialAndWalk(t, seller.phone, '4', '1')).toEqual({ kind: 'CON', text: `${m.heldByWithdrawal(ref)}\n${m.nav}` });
      // Entering the buyer's release code is held by the same request.
      expect(await dialAndWalk(t, seller.phone, '4', '2')).toEqual({ kind: 'CON', text: `${m.heldByWithdrawal(ref)}\n${m.nav}` });
      // A number typed on it picks nothing, and the screen still fits (the wrong-choice notice gives way when it does not).
      const typing = phoneSession(t, seller.phone);
      await typing.dial();
      await typing.walk('4', '1');
      expect(await typing.send('1')).toMatchObject({ kind: 'CON', text: expect.stringContaining(m.heldByWithdrawal(ref)) });
      // Where the screen says to answer, the request is listed.
      expect((await dialAndWalk(t, seller.phone, '6', '3')).text).toContain(ref.slice(-4));
    }
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
      status: 'funded',
      dispatchedAt: null,
    });
  });

  it('names the held plan under a list of the orders that can be dispatched', async () => {
    const seller = await newSeller();
    const plan = await paidPlan(seller);
    const other = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2_000,
      product_name: 'Gas cooker',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, other.id);
    await askToWithdraw(plan.id);
    for (const lang of ['en', 'sw'] as const) {
      await giveUssdPin(t, seller.id, lang);
      const m = M[lang];
      const screen = await dialAndWalk(t, seller.phone, '4', '1');
      expect(screen.kind).toBe('CON');
      expect(screen.text).toContain(other.reference_number.slice(4));
      expect(screen.text).toContain(m.heldLine(plan.reference_number.slice(4)));
      // Only the order that can be dispatched has a number.
      expect(screen.text.match(/^\d\. /gm)).toHaveLength(1);
    }
  });

  it('past the respond-by, says the mediation team will review it; a list seen before the request dispatches nothing', async () => {
    const seller = await newSeller();
    const plan = await paidPlan(seller);
    const ref = plan.reference_number;
    // The seller opened the Dispatch list, and picked the plan, before the buyer asked.
    const stale = phoneSession(t, seller.phone);
    await stale.dial();
    expect((await stale.walk('4', '1')).text).toContain(ref.slice(-4));
    const picking = phoneSession(t, seller.phone);
    await picking.dial();
    expect((await picking.walk('4', '1', '1')).text).toContain(M.en.enterPin);
    await askToWithdraw(plan.id);
    // Picking it by its number on the old list reaches the PIN, and the PIN is refused with the reason.
    expect((await stale.send('1')).text).toContain(M.en.enterPin);
    expect(await stale.send(TEST_PIN)).toEqual({ kind: 'END', text: M.en.answerWithdrawalFirst });

    // Past the respond-by (the request's own date moved, so that the open session does not time out).
    await t.ctx.db.withdrawalRequest.updateMany({
      where: { transactionId: plan.id, status: 'pending' },
      data: { respondBy: new Date(t.ctx.now().getTime() - 60_000) },
    });
    expect(await picking.send(TEST_PIN)).toEqual({ kind: 'END', text: M.en.withdrawalLapsedFirst });
    for (const lang of ['en', 'sw'] as const) {
      await giveUssdPin(t, seller.id, lang);
      const m = M[lang];
      expect(await dialAndWalk(t, seller.phone, '4', '1')).toEqual({ kind: 'CON', text: `${m.heldByWithdrawalLapsed(ref)}\n${m.nav}` });
      // Found by its reference, the plan offers the seller nothing to pick.
      const found = await dialAndWalk(t, seller.phone, '7', ref);
      expect(found.text).toContain(ref);
      expect(found.text).not.toMatch(/^\d\. /m);
    }
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
      status: 'funded',
      dispatchedAt: null,
    });
  });
});
