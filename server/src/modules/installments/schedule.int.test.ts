/**
 * Moving a plan's dates (schedule.ts), counted on the wire as in server/test/db-round-trips.int.test.ts:
 * the first payment that starts a 24-month plan, and a ruling that lets a frozen plan go on, each move
 * every installment's date in one statement, with the dates the core's month rule (`addMonths`) gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '@escrow/core/domain/installment-plan';
import { createPrisma } from '../../db/prisma.ts';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';

const DAY = 24 * 3600_000;
// The plan starts on 31 January: its months end on the 28th of February, the 31st of March, the 30th of April…
const START_DAY = Date.UTC(new Date().getUTCFullYear() + 1, 0, 31);
let clockOffsetMs = START_DAY + 9 * 3600_000 - Date.now();
const statements: string[] = [];
let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;

/** A statement that writes installments' due dates. */
const movesDueDates = (sql: string) => /^\s*UPDATE\s+("public"\.)?"?installments"?\s[\s\S]*\bdue_date"?\s*=/i.test(sql);

beforeAll(async () => {
  t = await buildTestApp({
    // Tokens outlive the months the clock is moved by.
    env: { ...LIFTED_LIMITS, JWT_TTL_SECONDS: String(400 * 24 * 3600) },
    clock: () => new Date(Date.now() + clockOffsetMs),
    db: (url) => createPrisma(url, { onQuery: (statement) => void statements.push(statement.sql) }),
  });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

const dueDates = async (transactionId: string) =>
  (await t.ctx.db.installment.findMany({ where: { plan: { transactionId } }, orderBy: { sequence: 'asc' } })).map((row) => ({
    sequence: row.sequence,
    due: row.dueDate.getTime(),
    status: row.status,
    reminderSentAt: row.reminderSentAt,
  }));

describe("a plan's dates move in one statement", () => {
  it('the first payment sets all 24 monthly dates at once, each addMonths from the payment; a ruling that lets the plan go on moves the unpaid ones at once', async () => {
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 9_600,
      total_cost: 48_000,
      product_name: 'Solar kit',
      transaction_type: 'lipa_mdogo_mdogo',
      installment_months: 24,
    });
    statements.length = 0;
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    expect(statements.filter(movesDueDates).length, statements.filter(movesDueDates)[0]).toBe(1);

    const started = await dueDates(created.id);
    expect(started).toHaveLength(25);
    // The payment's moment: 31 January (this test takes seconds, not hours) at the time of day every date keeps.
    const start = new Date(START_DAY + (started[1]!.due % DAY));
    for (const row of started.slice(1)) expect(new Date(row.due)).toEqual(addMonths(start, row.sequence));
    expect(new Date(started[1]!.due).getUTCDate()).toBe(28);
    expect(new Date(started[2]!.due).getUTCDate()).toBe(31);

    // Frozen by a dispute with a reminder already sent for the first month and the second already overdue.
    const [first, second] = await t.ctx.db.installment.findMany({
      where: { plan: { transactionId: created.id }, sequence: { in: [1, 2] } },
      orderBy: { sequence: 'asc' },
    });
    const reminded = new Date(Date.now() + clockOffsetMs);
    await t.ctx.db.installment.update({ where: { id: first!.id }, data: { reminderSentAt: reminded } });
    await t.ctx.db.installment.update({ where: { id: second!.id }, data: { status: 'overdue', reminderSentAt: reminded } });
    expect((await action(t, buyer, created.id, 'dispute', { reason: 'The panels are not the ones agreed' })).statusCode).toBe(200);
    clockOffsetMs += 10 * DAY;
    const disputeId = (await detail(t, admin, created.id)).dispute.id as string;
    statements.length = 0;
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'release_seller', note: 'The panels match the order; the plan goes on' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(statements.filter(movesDueDates).length, statements.filter(movesDueDates)[0]).toBe(1);

    const dispute = await t.ctx.db.dispute.findUniqueOrThrow({ where: { id: disputeId } });
    const frozenMs = dispute.resolvedAt!.getTime() - dispute.createdAt.getTime();
    expect(frozenMs).toBeGreaterThanOrEqual(10 * DAY);
    const moved = await dueDates(created.id);
    expect(moved[0]).toEqual(started[0]); // the paid deposit keeps its date
    for (const row of moved.slice(1)) expect(row.due - started[row.sequence]!.due).toBe(frozenMs);
    // A reminder named the old date: a pending installment gets its own again; an overdue one keeps its record.
    expect(moved[1]).toMatchObject({ status: 'pending', reminderSentAt: null });
    expect(moved[2]).toMatchObject({ status: 'overdue', reminderSentAt: reminded });
  });
});
