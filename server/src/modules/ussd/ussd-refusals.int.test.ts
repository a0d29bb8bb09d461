/**
 * The refusals a USSD caller meets that the use-cases name by `reason` (lib/app-error.ts), met for real over
 * HTTP in Africa's Talking's protocol: the state is arranged with the REST API, the phone dials, and the
 * screen must be the menus' own words for that reason (not the English message), and nothing must change.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { abuseRules } from '../../config/limits.ts';
import { makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { dialAndWalk, giveUssdPin, M, phoneSession, TEST_PIN } from './test/ussd-client.ts';
import { displayTime } from './use-cases/verify-ussd-pin.ts';

let t: TestApp;
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({
    env: { LIMIT_TRANSACTIONS_PER_HOUR: '2', LIMIT_INVITES_PER_PHONE_PER_DAY: '1' },
    // Whole seconds, so a rate limit's window ends on the second and its "try again after" time is exact.
    clock: () => new Date(Math.floor((Date.now() + clockOffsetMs) / 1000) * 1000),
  });
});
afterAll(() => t?.close());

/** An account with the test PIN, speaking English (a test switches it to Kiswahili with `giveUssdPin`). */
async function party(userType: MadeUser['userType']) {
  const user = await makeUser(t.app, { userType });
  await giveUssdPin(t, user.id);
  return user;
}

const order = (sellerPhone: string, name = 'Gas cooker') => ({
  seller_phone: sellerPhone,
  amount: 2000,
  product_name: name,
  transaction_type: 'standard',
});

/** A Lipa Mdogo Mdogo plan with its deposit paid (`installment`), or every payment (`funded`). */
async function paidPlan(buyer: MadeUser, seller: MadeUser, until: 'installment' | 'funded') {
  const plan = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 4000,
    total_cost: 20000,
    installment_months: 3,
    product_name: 'Fridge',
    transaction_type: 'lipa_mdogo_mdogo',
  });
  do await payAndSettle(t, buyer, plan.id);
  while ((await detail(t, buyer, plan.id)).transaction.status !== until);
  return plan;
}

/** The buyer asks to leave the plan on the web. */
async function askToWithdraw(buyer: MadeUser, transactionId: string, reason: string) {
  const response = await action(t, buyer, transactionId, 'withdrawal_request', { reason });
  expect(response.statusCode, response.body).toBe(200);
}

/** Buy menu: standard escrow of KES 1,500 with this seller phone, confirmed with the PIN. */
const buyOverUssd = (buyer: MadeUser, sellerPhone: string) =>
  dialAndWalk(t, buyer.phone, '1', sellerPhone, 'Sofa set', '1', '1500', TEST_PIN);

describe('USSD refusals, worded by their reason', () => {
  it('too_many_transactions: an account over its hourly limit is told until when, in its language', async () => {
    const buyer = await party('buyer');
    const seller = await party('seller');
    for (const name of ['Fridge', 'Cooker']) await createTransaction(t, buyer, order(seller.phone, name));
    const refused = await buyOverUssd(buyer, seller.phone);
    // The window opened with the first of the two: its end is the time shown.
    const { resetAt } = await t.ctx.db.rateLimitBucket.findUniqueOrThrow({
      where: { key: abuseRules.transactionsByAccount(t.config, buyer.id).key },
    });
    expect(refused).toEqual({ kind: 'END', text: M.en.tooManyTransactions(displayTime(resetAt)) });
    await giveUssdPin(t, buyer.id, 'sw');
    expect(await buyOverUssd(buyer, seller.phone)).toEqual({ kind: 'END', text: M.sw.tooManyTransactions(displayTime(resetAt)) });
    expect(await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } })).toBe(2);
  });

  it('too_many_invitations: a phone with no account already invited today by another buyer', async () => {
    const invitee = randomPhone();
    await createTransaction(t, await party('buyer'), order(invitee));
    // Another buyer, well within their own limit: the phone's limit counts all senders together.
    const buyer = await party('buyer');
    expect(await buyOverUssd(buyer, invitee)).toEqual({ kind: 'END', text: M.en.tooManyInvitations });
    await giveUssdPin(t, buyer.id, 'sw');
    expect(await buyOverUssd(buyer, invitee)).toEqual({ kind: 'END', text: M.sw.tooManyInvitations });
    expect(await t.ctx.db.transaction.count({ where: { sellerPhone: invitee } })).toBe(1);
    expect(await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it('withdrawal_unanswered: the seller of a fully paid plan must answer the withdrawal before releasing or dispatching', async () => {
    const buyer = await party('buyer');
    const seller = await party('seller');
    const plan = await paidPlan(buyer, seller, 'funded');
    // The seller is at the release-code prompt, and at the dispatch confirmation, when the buyer asks on the web.
    const releasing = phoneSession(t, seller.phone);
    await releasing.dial();
    expect((await releasing.walk('4', '2', '1')).text).toContain(plan.reference_number);
    const dispatching = phoneSession(t, seller.phone);
    await dispatching.dial();
    expect((await dispatching.walk('4', '1', '1')).text).toContain(plan.reference_number);
    await askToWithdraw(buyer, plan.id, 'Found it cheaper in town');
    expect(await releasing.send('123456')).toEqual({ kind: 'END', text: M.en.answerWithdrawalFirst });
    // Confirming the dispatch is refused, here in Kiswahili; the lists no longer offer the plan, and say why.
    await giveUssdPin(t, seller.id, 'sw');
    expect(await dispatching.send(TEST_PIN)).toEqual({ kind: 'END', text: M.sw.answerWithdrawalFirst });
    expect((await dialAndWalk(t, seller.phone, '4', '1')).text).toContain(M.sw.heldByWithdrawal(plan.reference_number));
    expect((await dialAndWalk(t, seller.phone, '4', '2')).text).toContain(M.sw.heldByWithdrawal(plan.reference_number));
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
      status: 'funded',
      dispatchedAt: null,
      completedAt: null,
    });
    expect(await t.ctx.db.withdrawalRequest.count({ where: { transactionId: plan.id, status: 'pending' } })).toBe(1);
  });

  it('withdrawal_already_waiting: the buyer asked on the web while confirming the same request over USSD', async () => {
    const buyer = await party('buyer');
    const plan = await paidPlan(buyer, await party('seller'), 'installment');
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    expect((await session.walk('6', '2', '1', 'Found it cheaper in town')).text).toContain(M.en.enterPin);
    await askToWithdraw(buyer, plan.id, 'Changed my mind');
    expect(await session.send(TEST_PIN)).toEqual({ kind: 'END', text: M.en.withdrawalWaiting });
    // Only the web's request waits; no second one.
    const requests = await t.ctx.db.withdrawalRequest.findMany({ where: { transactionId: plan.id } });
    expect(requests).toEqual([expect.objectContaining({ status: 'pending', reason: 'Changed my mind' })]);
  });

  it('inspection_over: a dispatched order whose inspection period has ended cannot be disputed', async () => {
    const buyer = await party('buyer');
    const seller = await party('seller');
    const created = await createTransaction(t, buyer, order(seller.phone));
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    // Past the end of the window; the auto-release job has not run yet (jobs run only when a test drains them).
    clockOffsetMs = (t.config.INSPECTION_WINDOW_SECONDS + 60) * 1000;
    onTestFinished(() => {
      clockOffsetMs = 0;
    });
    expect(await dialAndWalk(t, buyer.phone, '6', '1', '1', '1', TEST_PIN)).toEqual({ kind: 'END', text: M.en.inspectionOver });
    expect(await t.ctx.db.dispute.count({ where: { transactionId: created.id } })).toBe(0);
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: 'dispatched' });
  });
});
