/** The demo data `npm start` seeds: the admin, demo users, and transactions in every state. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '@escrow/core/domain/transaction-state';
import { ensureAdmin, seedDemoData } from '../src/seed/seed.ts';
import { expectLedgerHealthy } from './escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('seeds once: an admin, demo users and transactions in every state, with a balanced ledger', async () => {
  await ensureAdmin(t.ctx);
  expect(await seedDemoData(t.ctx)).toBe(true);
  expect(await seedDemoData(t.ctx)).toBe(false);
  await ensureAdmin(t.ctx); // idempotent: updates the same admin

  expect(await t.ctx.db.user.count({ where: { userType: 'admin' } })).toBe(1);
  const statuses = new Set((await t.ctx.db.transaction.findMany({ select: { status: true } })).map((row) => row.status));
  expect([...statuses].sort()).toEqual([...TRANSACTION_STATUSES].sort());

  // The completed sale's payout and the refund are sent by the worker through the M-Pesa mock.
  await eventually(async () => {
    await t.ctx.jobs.drain();
    const open = await t.ctx.db.payout.count({ where: { status: { in: ['pending', 'processing'] } } });
    return open === 0;
  }, 15_000);
  expect(await t.ctx.db.payout.count({ where: { status: 'completed' } })).toBe(2);
  await expectLedgerHealthy(t);
});
