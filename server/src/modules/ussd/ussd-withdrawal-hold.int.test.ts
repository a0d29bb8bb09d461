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
import { formatSmsDate, smsDateTime } from '../notifications/templates.ts';
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

describe('the buyer’s Leave-a-plan list and their own request waiting', () => {
  /** A buyer of their own (so that the list holds only this test's plans), and a seller. */
  async function newBuyer(lang: 'en' | 'sw') {
    const own = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, own.id, lang);
    return own;
  }

  /** A Lipa Mdogo Mdogo plan with its first payment made (paying in installments). */
  async function partPaidPlan(own: MadeUser, seller: MadeUser, name = 'Television') {
    const plan = await createTransaction(t, own, {
      seller_phone: seller.phone,
      amount: 4_000,
      total_cost: 12_000,
      product_name: name,
      transaction_type: 'lipa_mdogo_mdogo',
      installment_months: 3,
    });
    expect((await payAndSettle(t, own, plan.id)).status).toBe('completed');
    return plan;
  }

  async function requestToLeave(own: MadeUser, transactionId: string) {
    const response = await action(t, own, transactionId, 'withdrawal_request', { reason: 'Found one cheaper in town' });
    expect(response.statusCode, response.body).toBe(200);
    return (await t.ctx.db.withdrawalRequest.findFirstOrThrow({ where: { transactionId, status: 'pending' } })).respondBy;
  }

  it.each(['en', 'sw'] as const)('says the request waits for the seller until its respond-by, and what follows (%s)', async (lang) => {
    const m = M[lang];
    const own = await newBuyer(lang);
    const seller = await newSeller();
    const plan = await partPaidPlan(own, seller);
    const ref = plan.reference_number;
    const respondBy = await requestToLeave(own, plan.id);
    const by = formatSmsDate(smsDateTime(respondBy), lang);

    // Not "You have no plan you can leave now": they have one, and their request on it waits.
    expect(await dialAndWalk(t, own.phone, '6', '2')).toEqual({ kind: 'CON', text: `${m.withdrawalRequestWaiting(ref, by)}\n${m.nav}` });
    // A number typed on it picks nothing.
    const typing = phoneSession(t, own.phone);
    await typing.dial();
    await typing.walk('6', '2');
    expect(await typing.send('1')).toMatchObject({ kind: 'CON', text: expect.stringContaining(m.withdrawalRequestWaiting(ref, by)) });

    // Past the respond-by: the seller can no longer answer, the mediators will review it (the lapse sweep's dispute).
    await t.ctx.db.withdrawalRequest.updateMany({
      where: { transactionId: plan.id, status: 'pending' },
      data: { respondBy: new Date(t.ctx.now().getTime() - 60_000) },
    });
    expect(await dialAndWalk(t, own.phone, '6', '2')).toEqual({ kind: 'CON', text: `${m.withdrawalRequestLapsed(ref)}\n${m.nav}` });
  });

  it.each(['en', 'sw'] as const)(
    'names the waiting plan, unnumbered, under the plans that can be left; a stale pick is refused (%s)',
    async (lang) => {
      const m = M[lang];
      const own = await newBuyer(lang);
      const seller = await newSeller();
      const waiting = await partPaidPlan(own, seller, 'Television');
      const other = await partPaidPlan(own, seller, 'Fridge');
      // A list seen before the request: both plans numbered (newest first).
      const stale = phoneSession(t, own.phone);
      await stale.dial();
      const before = await stale.walk('6', '2');
      expect(before.text.match(/^\d\. /gm)).toHaveLength(2);
      expect(before.text).toMatch(new RegExp(`^2\\. ${waiting.reference_number.slice(4)} `, 'm'));

      await requestToLeave(own, waiting.id);
      const screen = await dialAndWalk(t, own.phone, '6', '2');
      expect(screen.kind).toBe('CON');
      expect(screen.text).toMatch(new RegExp(`^1\\. ${other.reference_number.slice(4)} `, 'm'));
      expect(screen.text).toContain(m.requestWaitingLine(waiting.reference_number.slice(4)));
      // Only the plan that can be left has a number.
      expect(screen.text.match(/^\d\. /gm)).toHaveLength(1);

      // Picking the waiting plan by its number on the old list is refused at the PIN, with the reason.
      expect((await stale.send('2')).text).toContain(m.withdrawReason);
      expect((await stale.send('Found one cheaper in town')).text).toContain(m.enterPin);
      expect(await stale.send(TEST_PIN)).toEqual({ kind: 'END', text: m.withdrawalWaiting });
      expect(await t.ctx.db.withdrawalRequest.count({ where: { transactionId: waiting.id } })).toBe(1);
    },
  );

  it.each(['en', 'sw'] as const)(
    'a stale pick confirmed at the PIN after the request’s respond-by is told the mediators will review it (%s)',
    async (lang) => {
      const m = M[lang];
      const own = await newBuyer(lang);
      const plan = await partPaidPlan(own, await newSeller());
      // The list seen and the plan picked before the request was made.
      const stale = phoneSession(t, own.phone);
      await stale.dial();
      await stale.walk('6', '2', '1');
      expect((await stale.send('Found one cheaper in town')).text).toContain(m.enterPin);
      await requestToLeave(own, plan.id);
      // Past its respond-by (the request's own date moved, so that the open session does not time out).
      await t.ctx.db.withdrawalRequest.updateMany({
        where: { transactionId: plan.id, status: 'pending' },
        data: { respondBy: new Date(t.ctx.now().getTime() - 60_000) },
      });
      const refused = await stale.send(TEST_PIN);
      // Not "already waiting for the seller": the seller can no longer answer it.
      expect(refused).toEqual({ kind: 'END', text: m.withdrawalWaitingLapsed });
      expect(refused.text.length).toBeLessThanOrEqual(182);
      expect(await t.ctx.db.withdrawalRequest.count({ where: { transactionId: plan.id } })).toBe(1);
    },
  );
});
