/**
 * A Lipa Mdogo Mdogo plan through time, with the app's clock moved: what the schedule, the SMS and the
 * hourly sweep say when the deposit is paid long after the plan was created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../../../test/factories.ts';
import { createTransaction, detail, expectLedgerHealthy, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { INSTALLMENT_SWEEP_QUEUE, installmentSweep } from './sweep.ts';

const DAY = 24 * 3600_000;
let clockOffsetMs = 0;
let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;

beforeAll(async () => {
  // Tokens outlive the weeks the clock is moved by.
  t = await buildTestApp({
    env: { ...LIFTED_LIMITS, JWT_TTL_SECONDS: String(400 * 24 * 3600) },
    clock: () => new Date(Date.now() + clockOffsetMs),
  });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
});
afterAll(() => t?.close());

async function runSweep() {
  await installmentSweep.start(t.ctx);
  await t.ctx.jobs.drain({ queues: [INSTALLMENT_SWEEP_QUEUE] });
}

interface Installment {
  sequence: number;
  status: string;
  due_date: string;
}

describe('a plan whose deposit is paid weeks after it was created', () => {
  it('counts the monthly due dates from the deposit, so nothing is due or missed the moment it starts', async () => {
    clockOffsetMs = 0;
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 4_000,
      total_cost: 12_000,
      product_name: 'Cooker',
      transaction_type: 'lipa_mdogo_mdogo',
      installment_months: 3,
    });
    // An unpaid plan waits as long as the buyer likes: the deposit comes 45 days later.
    clockOffsetMs = 45 * DAY;
    const paidAt = t.ctx.now().getTime();
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');

    const installments = (await detail(t, buyer, created.id)).installments as Installment[];
    const later = installments.filter((item) => item.sequence > 0);
    expect(later.every((item) => item.status === 'pending')).toBe(true);
    // The first monthly installment is a month after the deposit, not a month after the plan was created.
    const firstDue = Date.parse(later[0]!.due_date);
    expect(firstDue).toBeGreaterThanOrEqual(paidAt + 27 * DAY);
    expect(firstDue).toBeLessThanOrEqual(paidAt + 32 * DAY);
    // Still one month apart.
    for (let i = 1; i < later.length; i++) {
      const gap = Date.parse(later[i]!.due_date) - Date.parse(later[i - 1]!.due_date);
      expect(gap).toBeGreaterThanOrEqual(28 * DAY);
      expect(gap).toBeLessThanOrEqual(31 * DAY);
    }

    // The deposit's SMS names a next date still ahead.
    const received = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'installment_received' } });
    const nextDate = /Next: KES 2,700 by (\d{1,2} \w{3,4} \d{4})\.$/.exec(received.message)?.[1];
    expect(nextDate, received.message).toBeDefined();
    expect(Date.parse(`${nextDate} 23:59:59 UTC`)).toBeGreaterThan(paidAt);

    // The sweep right after the deposit finds nothing missed and nothing to flag.
    await runSweep();
    clockOffsetMs += 8 * DAY;
    await runSweep();
    const notices = await t.ctx.db.smsMessage.count({ where: { transactionId: created.id, template: 'installment_missed' } });
    expect(notices).toBe(0);
    const plan = await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } });
    expect(plan.flaggedAt).toBeNull();
    await expectLedgerHealthy(t);
  });
});
