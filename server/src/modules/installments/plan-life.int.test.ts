/**
 * A Lipa Mdogo Mdogo plan through time, with the app's clock moved: what the schedule, the SMS and the
 * hourly sweep say when the deposit is paid long after the plan was created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, expectLedgerHealthy, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { INSTALLMENT_SWEEP_QUEUE, installmentSweep } from './sweep.ts';

const DAY = 24 * 3600_000;
let clockOffsetMs = 0;
/** When set, the app's clock stands still at this instant (a test of what happens at an exact moment). */
let frozenAt: Date | null = null;
let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;

beforeAll(async () => {
  // Tokens outlive the weeks the clock is moved by.
  t = await buildTestApp({
    env: { ...LIFTED_LIMITS, JWT_TTL_SECONDS: String(400 * 24 * 3600) },
    clock: () => frozenAt ?? new Date(Date.now() + clockOffsetMs),
  });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

async function runSweep() {
  await installmentSweep.start(t.ctx);
  await t.ctx.jobs.drain({ queues: [INSTALLMENT_SWEEP_QUEUE] });
}

const planBody = (product: string) => ({
  seller_phone: seller.phone,
  amount: 4_000,
  total_cost: 12_000,
  product_name: product,
  transaction_type: 'lipa_mdogo_mdogo',
  installment_months: 3,
});

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

describe('a plan frozen by a dispute that the mediation team rules should go on', () => {
  it('does not count the weeks the buyer could not pay: nothing is missed or flagged the moment it goes on', async () => {
    clockOffsetMs = 0;
    const created = await createTransaction(t, buyer, planBody('Sofa'));
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    const before = (await detail(t, buyer, created.id)).installments as Installment[];

    const opened = await action(t, buyer, created.id, 'dispute', { reason: 'The seller now asks a higher price for the sofa' });
    expect(opened.statusCode, opened.body).toBe(200);
    // Frozen: the buyer cannot pay while the mediators look at it.
    clockOffsetMs = 10 * DAY;
    const frozenPay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(buyer),
      payload: { transaction_id: created.id },
    });
    expect(frozenPay.statusCode).toBe(409);

    // The ruling comes 40 days after the dispute opened: the first monthly date (day 30) fell inside it.
    clockOffsetMs = 40 * DAY;
    const disputeId = (await detail(t, admin, created.id)).dispute.id as string;
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'release_seller', note: 'The price was agreed in writing; the plan goes on' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('installment');

    // Each unpaid installment moves by the 40 days the plan was frozen.
    const after = (await detail(t, buyer, created.id)).installments as Installment[];
    for (const item of after.filter((row) => row.sequence > 0)) {
      const was = before.find((row) => row.sequence === item.sequence)!;
      const moved = Date.parse(item.due_date) - Date.parse(was.due_date);
      expect(moved).toBeGreaterThanOrEqual(40 * DAY);
      expect(moved).toBeLessThan(40 * DAY + 60_000); // and the seconds the test itself took
      expect(item.status).toBe('pending');
    }

    await runSweep();
    clockOffsetMs += 8 * DAY;
    await runSweep();
    expect(await t.ctx.db.smsMessage.count({ where: { transactionId: created.id, template: 'installment_missed' } })).toBe(0);
    expect((await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } })).flaggedAt).toBeNull();
    await expectLedgerHealthy(t);
  });
});

describe('a reminder sent, then a dispute', () => {
  it('reminds the buyer again of the new date once the plan goes on', async () => {
    clockOffsetMs = 0;
    const created = await createTransaction(t, buyer, planBody('Wardrobe'));
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    // Two days before the first monthly date: reminded.
    clockOffsetMs = 28 * DAY;
    await runSweep();
    const reminders = () =>
      t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id, template: 'installment_due' }, orderBy: { createdAt: 'asc' } });
    expect(await reminders()).toHaveLength(1);
    expect((await action(t, seller, created.id, 'dispute', { reason: 'The buyer wants another colour now' })).statusCode).toBe(200);
    clockOffsetMs = 38 * DAY;
    const disputeId = (await detail(t, admin, created.id)).dispute.id as string;
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'release_seller', note: 'The colour was chosen at the start; the plan goes on' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    await runSweep();
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    const newDate = ((await detail(t, buyer, created.id)).installments as Installment[]).find((row) => row.sequence === 1)!.due_date;
    expect(sent[1]!.message).not.toBe(sent[0]!.message);
    expect(Date.parse(newDate)).toBeGreaterThan(t.ctx.now().getTime());
    expect(await t.ctx.db.smsMessage.count({ where: { transactionId: created.id, template: 'installment_missed' } })).toBe(0);
  });
});

describe('an installment missed, then the grace period over', () => {
  it('tells the buyer, in their language, what happens after the grace period, and that is what happens', async () => {
    clockOffsetMs = 0;
    await t.ctx.db.user.update({ where: { id: buyer.id }, data: { language: 'sw' } });
    const created = await createTransaction(t, buyer, planBody('Friji'));
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    // The first monthly date passes unpaid.
    clockOffsetMs = 32 * DAY;
    await runSweep();
    const missed = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'installment_missed' } });
    expect(missed.message).toMatch(
      /^KES 2,700 kwa ESC-[A-Z0-9-]+ ilipaswa kulipwa \d{1,2} \w{3} \d{4}\. Tafadhali lipa kabla ya \d{1,2} \w{3} \d{4}; baada ya hapo timu yetu itakagua mpango wako\.$/,
    );
    expect(missed.message.length).toBeLessThanOrEqual(160);
    // A part of it paid late: the SMS says what is still overdue since when, not 'next … by' a date gone by.
    expect((await payAndSettle(t, buyer, created.id, { amount: 1_000 })).status).toBe('completed');
    const partLate = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, template: 'installment_received', message: { contains: 'KES 1,000 imepokelewa' } },
    });
    expect(partLate.message).toMatch(
      /^ESC-[A-Z0-9-]+: KES 1,000 imepokelewa\. Umelipa KES 5,000 kati ya KES 12,000\. Imechelewa: KES 1,700, ilipaswa \d{1,2} \w{3} \d{4}\.$/,
    );
    // Past the grace period the plan is flagged to the team and stays active, as the SMS said.
    clockOffsetMs = 40 * DAY;
    await runSweep();
    const plan = await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } });
    expect(plan.flaggedAt).not.toBeNull();
    expect(plan.status).toBe('active');
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('installment');
    await t.ctx.db.user.update({ where: { id: buyer.id }, data: { language: 'en' } });
  });
});

describe('the end of the grace period', () => {
  it('is one instant for the sweep that flags the plan and for the admin alerts that list the installment', async () => {
    clockOffsetMs = 0;
    const created = await createTransaction(t, buyer, planBody('Meza'));
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    const first = await t.ctx.db.installment.findFirstOrThrow({ where: { plan: { transactionId: created.id }, sequence: 1 } });
    const graceEnds = first.dueDate.getTime() + 7 * DAY;
    const flagged = async () =>
      (await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: created.id } })).flaggedAt !== null;
    const alerted = async () => {
      const alerts = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
      expect(alerts.statusCode, alerts.body).toBe(200);
      const listed = alerts.json().data.overdue_installments as { installment_id: string }[];
      return listed.some((row) => row.installment_id === first.id);
    };
    try {
      // A millisecond before the grace period ends: missed, not yet flagged, not yet an alert.
      frozenAt = new Date(graceEnds - 1);
      await runSweep();
      expect((await t.ctx.db.installment.findUniqueOrThrow({ where: { id: first.id } })).status).toBe('overdue');
      expect(await flagged()).toBe(false);
      expect(await alerted()).toBe(false);
      // The instant it ends: the sweep flags the plan, and the alerts list the installment at the same instant.
      frozenAt = new Date(graceEnds);
      await runSweep();
      expect(await flagged()).toBe(true);
      expect(await alerted()).toBe(true);
    } finally {
      frozenAt = null;
    }
  });
});
