/**
 * The hand-written list against Prisma's: the same page rows and per-status summary for every filter the
 * list takes without a search (party, role, status, type, amount range, pages), as a party and as an
 * admin, on the demo seed's transactions in every state.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { ensureAdmin, seedDemoData } from '../../seed/seed.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { listWithSql } from './list-query.ts';
import { listWithPrisma, type ListTransactionsInput } from './use-cases/read-transactions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureAdmin(t.ctx);
  await seedDemoData(t.ctx);
});
afterAll(() => t?.close());

it('returns the page and summary Prisma returns, for every filter', async () => {
  const db = t.ctx.db;
  const users = await db.user.findMany({ select: { id: true, userType: true } });
  const admin = users.find((user) => user.userType === 'admin')!;
  const parties = users.filter((user) => user.userType !== 'admin');
  const callers = [{ userId: admin.id, role: 'admin' as const }, ...parties.map((user) => ({ userId: user.id, role: user.userType }))];
  const filters: Partial<ListTransactionsInput>[] = [
    {},
    ...TRANSACTION_STATUSES.map((status) => ({ status })),
    ...TRANSACTION_TYPES.map((transactionType) => ({ transactionType })),
    { amountMin: 500_000n },
    { amountMax: 1_000_000n, status: 'completed' as const },
    { role: 'buyer' as const },
    { role: 'seller' as const, transactionType: 'standard' as const },
  ];
  let compared = 0;
  let nonEmpty = 0;
  for (const caller of callers) {
    for (const filter of filters) {
      for (const [page, perPage] of [
        [1, 20],
        [1, 2],
        [2, 2],
      ] as const) {
        const input: ListTransactionsInput = { caller, page, perPage, ...filter };
        const [handWritten, prisma] = await Promise.all([listWithSql(db, input), listWithPrisma(t.ctx, input)]);
        expect(
          handWritten,
          JSON.stringify({ caller, filter, page, perPage }, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
        ).toEqual(prisma);
        compared++;
        if (prisma.rows.length) nonEmpty++;
      }
    }
  }
  expect(compared).toBe(callers.length * filters.length * 3);
  expect(nonEmpty).toBeGreaterThan(compared / 4);
});
