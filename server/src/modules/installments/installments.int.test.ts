/**
 * Lipa Mdogo Mdogo over HTTP on real PostgreSQL: the spec's example plans, the calculator, paying in
 * installments until funded (dispatch only then), the reminder sweep, withdrawals and the seller
 * cancelling a plan — with the ledger balanced and payouts settled after every money movement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowBalance } from '../ledger/ledger.ts';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, expectLedgerHealthy, payAndSettle, settlePayouts } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { INSTALLMENT_SWEEP_QUEUE, installmentSweep } from './sweep.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;
let stranger: MadeUser;

beforeAll(async () => {
  // One buyer pays for every plan here: more prompts in an hour than the per-account limit allows.
  t = await buildTestApp({ env: LIFTED_LIMITS });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
  stranger = await makeUser(t.app, { userType: 'both' });
});
afterAll(() => t?.close());

const DAY = 24 * 3600_000;

interface Installment {
  id: string;
  sequence: number;
  amount: string;
  paid_amount: string;
  status: string;
  due_date: string;
}

function plan(total: number, deposit: number, months?: number, product = 'Sofa set') {
  return {
    seller_phone: seller.phone,
    amount: deposit,
    total_cost: total,
    product_name: product,
    transaction_type: 'lipa_mdogo_mdogo',
    ...(months ? { installment_months: months } : {}),
  };
}

/** A plan with its deposit (and the buyer's fee share) paid: status `installment`. */
async function planWithDeposit(total = 35_000, deposit = 7_000, months = 6) {
  const created = await createTransaction(t, buyer, plan(total, deposit, months));
  const payment = await payAndSettle(t, buyer, created.id);
  expect(payment.status).toBe('completed');
  return created;
}

async function smsTemplates(transactionId: string, phone: string) {
  const rows = await t.ctx.db.smsMessage.findMany({ where: { transactionId, phoneNumber: phone }, orderBy: { createdAt: 'asc' } });
  return rows.map((row) => row.template);
}

async function runSweep() {
  await installmentSweep.start(t.ctx);
  await t.ctx.jobs.drain({ queues: [INSTALLMENT_SWEEP_QUEUE] });
}

describe('installment plans', () => {
  it.each([
    ['Sofa', 35_000, 7_000, 6, '4700.00', '4500.00'],
    ['TV', 65_000, 13_000, 6, '8700.00', '8500.00'],
    ['Laptop', 75_000, 15_000, 12, '5000.00', '5000.00'],
  ])('stores the spec example plan for the %s exactly', async (product, total, deposit, months, monthly, last) => {
    const created = await createTransaction(t, buyer, plan(total, deposit, months, product));
    const data = await detail(t, buyer, created.id);
    expect(data.transaction).toMatchObject({
      status: 'pending',
      total_cost: `${total}.00`,
      initial_payment: `${deposit}.00`,
      installment_months: months,
    });
    const installments = data.installments as Installment[];
    expect(installments).toHaveLength(months + 1);
    expect(installments[0]).toMatchObject({ sequence: 0, amount: `${deposit}.00`, status: 'pending' });
    expect(installments.slice(1, -1).every((item) => item.amount === monthly)).toBe(true);
    expect(installments.at(-1)!.amount).toBe(last);
    const cents = installments.reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0);
    expect(cents).toBe(total * 100);
    // Monthly due dates, one month apart, starting a month after the deposit.
    expect(new Date(installments[1]!.due_date).getTime()).toBeGreaterThan(new Date(installments[0]!.due_date).getTime() + 27 * DAY);

    const calculated = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plans/calculate?total_cost=${total}&deposit=${deposit}&months=${months}`,
    });
    expect(calculated.statusCode, calculated.body).toBe(200);
    const calc = calculated.json().data;
    expect(calc).toMatchObject({ total_cost: `${total}.00`, deposit: `${deposit}.00`, monthly, months });
    expect(calc.schedule.map((item: { amount: string }) => item.amount)).toEqual(installments.map((item) => item.amount));
    expect(calc.total_payable).toBe(created.amount_due);
  });

  it('calculates a plan publicly with defaults, and names the broken rule', async () => {
    const defaults = await t.app.inject({ method: 'GET', url: '/api/v1/plans/calculate?total_cost=35000' });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().data).toMatchObject({
      deposit: '7000.00',
      minimum_deposit: '7000.00',
      monthly: '4700.00',
      months: 6,
      fees: { total: '566.00', buyer_share: '283.00', seller_share: '283.00', percentage: 1.62 },
      first_payment: '7283.00',
      total_payable: '35283.00',
    });
    const cases: [string, number, string][] = [
      ['total_cost=10000', 422, 'total_cost'],
      ['total_cost=35000&deposit=6999', 422, 'deposit'],
      ['total_cost=35000&deposit=35000', 422, 'deposit'],
      ['total_cost=35000&deposit=7000.50', 422, 'deposit'],
      ['total_cost=35000&months=5', 400, 'months'],
      ['total_cost=35000&months=abc', 400, 'months'],
      ['total_cost=600000', 400, 'total_cost'],
      ['total_cost=lots', 400, 'total_cost'],
      ['', 400, 'total_cost'],
    ];
    for (const [query, status, field] of cases) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/plans/calculate?${query}` });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(status);
      expect(response.json().errors?.[field], query).toBeDefined();
    }
  });

  it('refuses a first payment below the initial payment and fee before any prompt: the plan starts only with its deposit paid', async () => {
    const created = await createTransaction(t, buyer, plan(35_000, 7_000, 6));
    const initiate = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: bearer(buyer),
        payload: { transaction_id: created.id, amount },
      });
    // 7,000 of initial payment and 283 of the buyer's fee share are due first.
    for (const amount of [500, 7_282]) {
      const refused = await initiate(amount);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'BUSINESS_RULE',
        errors: {
          amount: ["The first payment must cover the plan's initial payment and your fee: at least KES 7,283, at most KES 35,283"],
        },
      });
    }
    expect(await t.ctx.db.payment.count({ where: { transactionId: created.id } })).toBe(0);
    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'pending', amount_paid: '0.00' });

    // More than the initial payment is a first payment too: the rest goes to the next installment.
    expect(await payAndSettle(t, buyer, created.id, { amount: 8_283 })).toMatchObject({ status: 'completed', amount: '8283.00' });
    const data = await detail(t, buyer, created.id);
    expect(data.transaction).toMatchObject({ status: 'installment', amount_paid: '8000.00' });
    expect((data.installments as Installment[]).slice(0, 2).map((item) => [item.status, item.paid_amount])).toEqual([
      ['paid', '7000.00'],
      ['pending', '1000.00'],
    ]);
    // Once the plan runs, a part of an installment may be paid.
    expect(await payAndSettle(t, buyer, created.id, { amount: 500 })).toMatchObject({ status: 'completed', amount: '500.00' });
  });

  it('goes installment → funded only when fully paid, and the seller dispatches only then', async () => {
    const created = await createTransaction(t, buyer, plan(35_000, 7_000, 6));
    expect(created.amount_due).toBe('35283.00');
    const deposit = await payAndSettle(t, buyer, created.id);
    expect(deposit).toMatchObject({ status: 'completed', amount: '7283.00' });
    // The buyer reads what the phone paid and the fee inside it; the seller, the part of the price.
    const depositSms = (template: string) => t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template } });
    expect((await depositSms('installment_received')).message).toMatch(
      /^ESC-[A-Z0-9-]+: KES 7,283 received \(KES 283 fee\)\. Paid KES 7,000 of KES 35,000\. Next: KES 4,700 by \d{1,2} \w{3,4} \d{4}\.$/,
    );
    expect((await depositSms('installment_received_seller')).message).toMatch(/^The buyer paid KES 7,000 towards ESC-/);

    let data = await detail(t, buyer, created.id);
    expect(data.transaction).toMatchObject({ status: 'installment', amount_paid: '7000.00', amount_due: '28000.00' });
    expect((data.installments as Installment[])[0]).toMatchObject({ status: 'paid', paid_amount: '7000.00' });
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(409);

    // A custom part-payment smaller than one installment stays on that installment.
    const part = await payAndSettle(t, buyer, created.id, { amount: 2_000 });
    expect(part).toMatchObject({ status: 'completed', amount: '2000.00' });
    data = await detail(t, buyer, created.id);
    expect(data.transaction).toMatchObject({ status: 'installment', amount_paid: '9000.00', amount_due: '26000.00' });
    expect((data.installments as Installment[])[1]).toMatchObject({ status: 'pending', paid_amount: '2000.00', amount: '4700.00' });
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(409);
    expect(await smsTemplates(created.id, buyer.phone)).toContain('installment_received');
    // The fee was paid with the deposit: a later installment's SMS does not name a fee of KES 0.
    const later = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, template: 'installment_received', message: { contains: 'KES 2,000' } },
    });
    expect(later.message).toMatch(/^ESC-[A-Z0-9-]+: KES 2,000 received\. Paid KES 9,000 of KES 35,000\./);

    // A custom amount spanning several installments is spread over them in order.
    await payAndSettle(t, buyer, created.id, { amount: 10_000 });
    data = await detail(t, buyer, created.id);
    const installments = data.installments as Installment[];
    expect(installments.slice(1, 3).map((item) => item.status)).toEqual(['paid', 'paid']);
    expect(installments[3]).toMatchObject({ status: 'pending', paid_amount: '2600.00' });
    expect(data.transaction.amount_paid).toBe('19000.00');

    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(buyer),
      payload: { transaction_id: created.id, amount: 16_001 },
    });
    expect(tooMuch.statusCode).toBe(422);

    await payAndSettle(t, buyer, created.id, { amount: 16_000 });
    data = await detail(t, seller, created.id);
    expect(data.transaction).toMatchObject({ status: 'funded', amount_paid: '35000.00', amount_due: '0.00' });
    expect((data.installments as Installment[]).every((item) => item.status === 'paid')).toBe(true);
    expect(data.transaction.allowed_actions).toContain('dispatch');
    expect((await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } })).status).toBe('completed');
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(3_500_000n);

    const dispatched = await action(t, seller, created.id, 'dispatch');
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json().data.transaction.status).toBe('dispatched');
    await expectLedgerHealthy(t);
  });
});

describe('reminders and missed installments', () => {
  it('queues a catch-up sweep when the app starts', async () => {
    const [waiting] = await t.ctx.db.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) FROM graphile_worker.jobs WHERE task_identifier = ${INSTALLMENT_SWEEP_QUEUE} AND key = ${`${INSTALLMENT_SWEEP_QUEUE}:catch-up`}`;
    expect(waiting!.count).toBe(1n);
  });

  it('reminds 3 days before, marks a missed one overdue, flags the plan after the grace period and never cancels it', async () => {
    const created = await planWithDeposit(35_000, 7_000, 6);
    const planRow = await t.ctx.db.installmentPlan.findUniqueOrThrow({
      where: { transactionId: created.id },
      include: { installments: { orderBy: { sequence: 'asc' } } },
    });
    const [, first, second] = planRow.installments;
    const now = Date.now();
    await t.ctx.db.installment.update({ where: { id: first!.id }, data: { dueDate: new Date(now + 2 * DAY) } });
    await t.ctx.db.installment.update({ where: { id: second!.id }, data: { dueDate: new Date(now + 2 * DAY + 3600_000) } });

    await runSweep();
    let rows = await t.ctx.db.installment.findMany({ where: { planId: planRow.id }, orderBy: { sequence: 'asc' } });
    expect(rows[1]!.reminderSentAt).not.toBeNull();
    expect(rows[2]!.reminderSentAt).not.toBeNull();
    expect(rows[3]!.reminderSentAt).toBeNull(); // due in ~3 months
    expect((await smsTemplates(created.id, buyer.phone)).filter((template) => template === 'installment_due')).toHaveLength(2);

    // Once only, however often the sweep runs.
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 2 * 3600_000) });
    await runSweep();
    expect((await smsTemplates(created.id, buyer.phone)).filter((template) => template === 'installment_due')).toHaveLength(2);

    // Missed: the first installment's date passes unpaid.
    await t.ctx.db.installment.update({ where: { id: first!.id }, data: { dueDate: new Date(Date.now() - DAY) } });
    await runSweep();
    rows = await t.ctx.db.installment.findMany({ where: { planId: planRow.id }, orderBy: { sequence: 'asc' } });
    expect(rows[1]).toMatchObject({ status: 'overdue' });
    expect(rows[1]!.missedNoticeAt).not.toBeNull();
    await runSweep();
    const templates = await smsTemplates(created.id, buyer.phone);
    expect(templates.filter((template) => template === 'installment_missed')).toHaveLength(1);
    const missedSms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'installment_missed' } });
    expect(missedSms.message).toContain('KES 4,700');
    let data = await detail(t, buyer, created.id);
    const events = data.timeline.map((event: { event_type: string }) => event.event_type);
    expect(events).toEqual(expect.arrayContaining(['installment_reminder_sent', 'installment_missed']));
    // What the timeline's sentence in the reader's language is built from (timeline-sentence.ts).
    const missedEvent = data.timeline.find((event: { event_type: string }) => event.event_type === 'installment_missed');
    expect(missedEvent.data).toMatchObject({ sequence: 1, amount: '4700.00' });
    expect(Date.parse(missedEvent.data.grace_ends_at) - Date.parse(missedEvent.data.due_date)).toBe(7 * DAY);
    expect((data.installments as Installment[])[1]!.status).toBe('overdue');
    expect((await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { id: planRow.id } })).flaggedAt).toBeNull(); // within grace

    // Past the 7-day grace period: flagged for the admins, not cancelled.
    await t.ctx.db.installment.update({ where: { id: first!.id }, data: { dueDate: new Date(Date.now() - 8 * DAY) } });
    await runSweep();
    await runSweep();
    const flaggedPlan = await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { id: planRow.id } });
    expect(flaggedPlan).toMatchObject({ status: 'active' });
    expect(flaggedPlan.flaggedAt).not.toBeNull();
    data = await detail(t, buyer, created.id);
    expect(data.transaction.status).toBe('installment');
    const flaggedEvents = data.timeline.filter((event: { data?: { flagged?: boolean } }) => event.data?.flagged);
    expect(flaggedEvents).toHaveLength(1);
    expect(flaggedEvents[0].data).toMatchObject({ overdue_amount: '4700.00', grace_days: 7 });
    expect(
      await t.ctx.db.auditLog.count({ where: { entity: 'installment_plan', entityId: planRow.id, action: 'installment_plan.flag' } }),
    ).toBe(1);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/installments/flagged', headers: bearer(admin) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.plans).toEqual([
      expect.objectContaining({ transaction_id: created.id, overdue_amount: '4700.00', amount_paid: '7000.00', buyer_phone: buyer.phone }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/installments/flagged', headers: bearer(buyer) })).statusCode).toBe(403);

    // The buyer catches up (the overdue installment is paid first): the flag clears.
    await payAndSettle(t, buyer, created.id);
    expect((await t.ctx.db.installment.findUniqueOrThrow({ where: { id: first!.id } })).status).toBe('paid');
    await runSweep();
    expect((await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { id: planRow.id } })).flaggedAt).toBeNull();
    await expectLedgerHealthy(t);
  });

  it('sends nothing for a plan whose deposit is unpaid or whose money a dispute froze', async () => {
    const unpaid = await createTransaction(t, buyer, plan(20_000, 4_000, 3));
    const frozen = await planWithDeposit(20_000, 4_000, 3);
    expect((await action(t, buyer, frozen.id, 'dispute', { reason: 'The seller says the item is out of stock' })).statusCode).toBe(200);
    for (const id of [unpaid.id, frozen.id]) {
      await t.ctx.db.installment.updateMany({
        where: { plan: { transactionId: id }, sequence: { gt: 0 } },
        data: { dueDate: new Date(Date.now() - 10 * DAY) },
      });
    }
    await runSweep();
    for (const id of [unpaid.id, frozen.id]) {
      const templates = await t.ctx.db.smsMessage.findMany({
        where: { transactionId: id, template: { in: ['installment_due', 'installment_missed'] } },
      });
      expect(templates).toHaveLength(0);
      expect(await t.ctx.db.installment.count({ where: { plan: { transactionId: id }, status: 'overdue' } })).toBe(0);
    }
  });
});

describe('withdrawal', () => {
  it('refunds the paid installments at once when the seller accepts, keeping the buyer fee share', async () => {
    const created = await planWithDeposit(35_000, 7_000, 6);
    await payAndSettle(t, buyer, created.id, { amount: 4_700 });

    const requested = await action(t, buyer, created.id, 'withdrawal_request', { reason: 'I lost my job and cannot keep paying' });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().data.transaction).toMatchObject({ status: 'installment' });
    expect(requested.json().data.transaction.allowed_actions).not.toContain('request_withdrawal');
    expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Again, please' })).statusCode).toBe(409);
    expect(await smsTemplates(created.id, seller.phone)).toContain('withdrawal_requested');
    const sellerView = await detail(t, seller, created.id);
    expect(sellerView.transaction.allowed_actions).toEqual(expect.arrayContaining(['accept_withdrawal', 'decline_withdrawal']));
    expect((await action(t, buyer, created.id, 'withdrawal_response', { accept: true })).statusCode).toBe(403);
    expect((await action(t, stranger, created.id, 'withdrawal_response', { accept: true })).statusCode).toBe(404);
    expect((await action(t, seller, created.id, 'withdrawal_response', { accept: 'yes' })).statusCode).toBe(400);

    const accepted = await action(t, seller, created.id, 'withdrawal_response', { accept: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.transaction).toMatchObject({ status: 'refunded', refunded_amount: '11700.00' });
    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 1_170_000n, recipientPhone: buyer.phone });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    // One refund row per pay-in returned (deposit, then the installment), paid by the one payout above.
    const refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id }, orderBy: { amountCents: 'desc' } });
    expect(refunds.map((refund) => [refund.reason, refund.amountCents, refund.feeCents, refund.payoutId])).toEqual([
      ['withdrawal_accepted', 700_000n, 0n, payout!.id],
      ['withdrawal_accepted', 470_000n, 0n, payout!.id],
    ]);
    expect((await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } })).status).toBe('withdrawn');
    expect(await t.ctx.db.withdrawalRequest.findFirst({ where: { transactionId: created.id } })).toMatchObject({ status: 'accepted' });
    const data = await detail(t, buyer, created.id);
    expect(data.timeline.map((event: { event_type: string }) => event.event_type)).toEqual(
      expect.arrayContaining(['withdrawal_initiated', 'withdrawal_confirmed', 'refund_initiated', 'refund_completed']),
    );
    // The buyer's fee share (KES 283) stays with the platform.
    const fees = await t.ctx.db.ledgerPosting.aggregate({
      where: { transactionId: created.id, accountCode: 'platform_fees' },
      _sum: { amountCents: true },
    });
    expect(fees._sum.amountCents).toBe(-28_300n);
    // And the buyer's SMS says so, beside what comes back.
    const refundSms = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, phoneNumber: buyer.phone, template: 'withdrawal_accepted' },
    });
    expect(refundSms.message).toBe(
      `The seller accepted your withdrawal from plan ${created.reference_number}: KES 11,700 is being refunded to the phone that paid it. Your KES 283 fee is not refunded.`,
    );
    // The seller who accepted is told too (as on a decline): the plan ends and the money goes back to the buyer.
    const sellerSms = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, phoneNumber: seller.phone, template: 'withdrawal_accepted_seller' },
    });
    expect(sellerSms.message).toBe(
      `You accepted the withdrawal from plan ${created.reference_number}: the plan is closed and KES 11,700 is being refunded to the buyer. Do not send the item.`,
    );
    expect((await action(t, seller, created.id, 'withdrawal_response', { accept: true })).statusCode).toBe(409);
    await expectLedgerHealthy(t);
  });

  it('opens a dispute for the buyer when the seller declines', async () => {
    const created = await planWithDeposit(20_000, 4_000, 3);
    expect((await action(t, seller, created.id, 'withdrawal_response', { accept: false })).statusCode).toBe(409); // nothing to answer
    expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Found it cheaper elsewhere' })).statusCode).toBe(200);
    const declined = await action(t, seller, created.id, 'withdrawal_response', { accept: false });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.transaction.status).toBe('disputed');
    const data = await detail(t, buyer, created.id);
    expect(data.dispute).toMatchObject({
      reason: 'withdrawal_declined',
      status: 'open',
      opened_by: 'buyer',
      description: 'Found it cheaper elsewhere',
    });
    expect(data.timeline.map((event: { event_type: string }) => event.event_type)).toEqual(
      expect.arrayContaining(['withdrawal_declined', 'dispute_initiated']),
    );
    expect(await smsTemplates(created.id, buyer.phone)).toContain('withdrawal_declined');
    // The seller who declined is told the dispute is theirs to answer, and by when.
    const sellerSms = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, phoneNumber: seller.phone, template: 'withdrawal_declined_seller' },
    });
    expect(sellerSms.message).toMatch(
      /^You declined the withdrawal from ESC-.+ Answer on the web or \*384\*40# by \d{1,2} \w{3,4} \d{4}, \d{2}:\d{2}\.$/,
    );
    expect(await smsTemplates(created.id, seller.phone)).not.toContain('withdrawal_declined');
    expect(await t.ctx.db.withdrawalRequest.findFirst({ where: { transactionId: created.id } })).toMatchObject({ status: 'declined' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(400_000n);
    // The seller, who declined, is the party who responds.
    const responded = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${created.id}/dispute/respond`,
      headers: bearer(seller),
      payload: { response: 'The sofa was made to order' },
    });
    expect(responded.statusCode, responded.body).toBe(200);
  });

  it('tells a buyer who answers the withdrawal question 403 whether or not a request waits, the seller with none waiting 409', async () => {
    // Who may answer is checked before whether there is anything to answer.
    const created = await planWithDeposit(20_000, 4_000, 3);
    const forbidden = { success: false, code: 'FORBIDDEN', message: 'The buyer cannot accept the withdrawal from this plan' };
    const none = await action(t, buyer, created.id, 'withdrawal_response', { accept: true });
    expect([none.statusCode, none.json()]).toEqual([403, forbidden]);
    const noneSeller = await action(t, seller, created.id, 'withdrawal_response', { accept: false });
    expect([noneSeller.statusCode, noneSeller.json()]).toEqual([
      409,
      { success: false, code: 'INVALID_STATE', message: 'There is no withdrawal request waiting for an answer' },
    ]);
    expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Found it cheaper elsewhere' })).statusCode).toBe(200);
    const waiting = await action(t, buyer, created.id, 'withdrawal_response', { accept: true });
    expect([waiting.statusCode, waiting.json()]).toEqual([403, forbidden]);
    const declineWaiting = await action(t, buyer, created.id, 'withdrawal_response', { accept: false });
    expect([declineWaiting.statusCode, declineWaiting.json().message]).toEqual([
      403,
      'The buyer cannot decline the withdrawal from this plan',
    ]);
  });

  it('makes the seller answer a pending withdrawal before dispatching a fully paid plan', async () => {
    const created = await createTransaction(t, buyer, plan(12_000, 3_000, 3));
    await payAndSettle(t, buyer, created.id, { amount: 12_150 }); // the whole price and the fee share at once
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('funded');
    expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Changed my plans before delivery' })).statusCode).toBe(200);
    const dispatch = await action(t, seller, created.id, 'dispatch');
    expect(dispatch.statusCode).toBe(409);
    expect(dispatch.json().message).toMatch(/withdrawal request/);
  });

  it('answers 422 with the reason outside the withdrawal conditions', async () => {
    const standard = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 1_000,
      product_name: 'Phone',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, standard.id);
    const notPlan = await action(t, buyer, standard.id, 'withdrawal_request', { reason: 'Please let me out' });
    expect(notPlan.statusCode).toBe(422);
    expect(notPlan.json()).toMatchObject({ code: 'BUSINESS_RULE', message: expect.stringMatching(/only to Lipa Mdogo Mdogo/) });

    const unpaid = await createTransaction(t, buyer, plan(20_000, 4_000, 3));
    const nothingPaid = await action(t, buyer, unpaid.id, 'withdrawal_request', { reason: 'Please let me out' });
    expect(nothingPaid.statusCode).toBe(422);
    expect(nothingPaid.json().message).toMatch(/cancel/);

    const shipped = await createTransaction(t, buyer, plan(12_000, 3_000, 3));
    await payAndSettle(t, buyer, shipped.id, { amount: 12_150 });
    expect((await action(t, seller, shipped.id, 'dispatch')).statusCode).toBe(200);
    const afterDispatch = await action(t, buyer, shipped.id, 'withdrawal_request', { reason: 'Please let me out' });
    expect(afterDispatch.statusCode).toBe(422);
    expect(afterDispatch.json().message).toMatch(/before the item is dispatched/);

    const active = await planWithDeposit(20_000, 4_000, 3);
    expect((await action(t, seller, active.id, 'withdrawal_request', { reason: 'Seller tries' })).statusCode).toBe(403);
    expect((await action(t, stranger, active.id, 'withdrawal_request', { reason: 'Stranger tries' })).statusCode).toBe(404);
    expect((await action(t, buyer, active.id, 'withdrawal_request', { reason: '' })).statusCode).toBe(400);
  });
});

describe('the seller cancels a plan', () => {
  it('refunds everything the buyer paid, fee share included; the buyer cannot cancel a part-paid plan', async () => {
    const created = await planWithDeposit(35_000, 7_000, 6);
    expect((await action(t, buyer, created.id, 'cancel')).statusCode).toBe(403);
    const cancelled = await action(t, seller, created.id, 'cancel', { reason: 'Out of stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.transaction).toMatchObject({ status: 'refunded', refunded_amount: '7283.00' });
    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 728_300n });
    expect(await t.ctx.db.refund.findFirst({ where: { transactionId: created.id } })).toMatchObject({ reason: 'seller_cancelled_plan' });
    expect((await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } })).status).toBe('cancelled');
    await expectLedgerHealthy(t);
  });
});
