/**
 * The totals the database keeps (totals.ts, migration `transaction_totals`) are exact: after random inserts,
 * status, type and amount changes, sellers attached, changed and detached (a buyer selling to themself
 * included), deletes, some of them in concurrent transactions and some rolled back, with folds at random
 * moments, every key's totals equal a GROUP BY over the rows themselves.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { inTransaction } from '../../db/prisma.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { foldTransactionTotals, totalsSql, type TotalsKey } from './totals.ts';

let t: TestApp;
const users = Array.from({ length: 4 }, (_, i) => `7e57a11e-0000-4000-8000-00000000000${i}`);
let nextReference = 0;

beforeAll(async () => {
  t = await buildTestApp();
  for (const [i, id] of users.entries())
    await t.ctx.db.$executeRawUnsafe(
      `INSERT INTO users (id, first_name, last_name, phone_number, user_type, updated_at) VALUES ($1::uuid, 'T', 'T', $2, 'both', now())`,
      id,
      `25479900010${i}`,
    );
});
afterAll(() => t?.close());

const user = fc.constantFrom(...users);
const status = fc.constantFrom(...TRANSACTION_STATUSES);
const type = fc.constantFrom(...TRANSACTION_TYPES);
/** Which rows a change touches: those whose id hashes to this remainder of 3. */
const slice = fc.integer({ min: 0, max: 2 });
const change = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    rows: fc.array(fc.tuple(user, fc.option(user), status, type), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('status' as const), slice, status }),
  fc.record({ op: fc.constant('type' as const), slice, type }),
  fc.record({ op: fc.constant('amount' as const), slice, cents: fc.integer({ min: 1, max: 10_000_000 }) }),
  fc.record({ op: fc.constant('seller' as const), slice, seller: fc.option(user) }),
  fc.record({ op: fc.constant('self' as const), slice }),
  fc.record({ op: fc.constant('delete' as const), slice }),
);
/** A step: changes applied concurrently, each in its own database transaction; some roll back; maybe a fold. */
const step = fc.record({
  changes: fc.array(fc.record({ change, rollsBack: fc.integer({ min: 0, max: 4 }).map((n) => n === 0) }), { minLength: 1, maxLength: 3 }),
  folds: fc.boolean(),
});
type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;

function statementOf(c: Change) {
  const where = 'slice' in c ? `abs(hashtext(id::text)) % 3 = ${c.slice}` : '';
  switch (c.op) {
    case 'insert':
      return {
        sql: `INSERT INTO transactions (id, reference_number, transaction_type, status, buyer_id, seller_id, seller_phone, product_name,
                                        amount_cents, buyer_fee_cents, seller_fee_cents, updated_at)
              SELECT gen_random_uuid(), r.reference, r.type::"TransactionType", r.status::"TransactionStatus", r.buyer::uuid, r.seller::uuid,
                     '254799000999', 'Totals test', r.cents, 0, 0, now()
                FROM jsonb_to_recordset($1::jsonb) AS r(reference text, type text, status text, buyer text, seller text, cents bigint)`,
        values: [
          JSON.stringify(
            c.rows.map(([buyer, seller, status, type], i) => ({
              reference: `TOT-${String(nextReference++).padStart(8, '0')}`,
              type,
              status,
              buyer,
              seller,
              cents: 1000 * (i + 1),
            })),
          ),
        ],
      };
    case 'status':
      return { sql: `UPDATE transactions SET status = $1::"TransactionStatus" WHERE ${where}`, values: [c.status] };
    case 'type':
      return { sql: `UPDATE transactions SET transaction_type = $1::"TransactionType" WHERE ${where}`, values: [c.type] };
    case 'amount':
      return { sql: `UPDATE transactions SET amount_cents = $1 WHERE ${where}`, values: [c.cents] };
    case 'seller':
      return { sql: `UPDATE transactions SET seller_id = $1::uuid WHERE ${where}`, values: [c.seller] };
    case 'self':
      return { sql: `UPDATE transactions SET seller_id = buyer_id WHERE ${where}`, values: [] };
    case 'delete':
      return { sql: `DELETE FROM transactions WHERE ${where}`, values: [] };
  }
}

const keys: TotalsKey[] = [
  { userId: null },
  ...users.flatMap((userId) => [{ userId }, { userId, side: 'buyer' as const }, { userId, side: 'seller' as const }]),
];

async function expectExact() {
  const db = t.ctx.db;
  for (const key of keys) {
    const values: unknown[] = [];
    const totals = await db.$queryRawUnsafe<unknown[]>(
      totalsSql(key, (value) => `$${values.push(value)}`, { byType: true }),
      ...values,
    );
    const party =
      key.userId === null
        ? 'TRUE'
        : key.side === 'buyer'
          ? 'buyer_id = $1::uuid'
          : key.side === 'seller'
            ? 'seller_id = $1::uuid'
            : '(buyer_id = $1::uuid OR seller_id = $1::uuid)';
    const counted = await db.$queryRawUnsafe<unknown[]>(
      `SELECT status, transaction_type, count(*)::int AS count, sum(amount_cents)::text AS amount_cents
         FROM transactions WHERE ${party} GROUP BY status, transaction_type ORDER BY status, transaction_type`,
      ...(key.userId === null ? [] : [key.userId]),
    );
    expect(totals, JSON.stringify(key)).toEqual(counted);
  }
}

it('keeps every total equal to a count of the rows, through concurrent changes and folds', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      for (const { changes, folds } of steps) {
        await Promise.all([
          ...changes.map(({ change: c, rollsBack }) =>
            inTransaction(t.ctx.db, async (tx) => {
              const { sql, values } = statementOf(c);
              await tx.$executeRawUnsafe(sql, ...values);
              if (rollsBack) throw new Error('rolled back');
            }).catch((error: Error) => {
              // Concurrent changes to the same rows may deadlock: PostgreSQL rolls one back, which must count for nothing too.
              if (error.message !== 'rolled back' && !/deadlock/i.test(error.message)) throw error;
            }),
          ),
          ...(folds ? [foldTransactionTotals(t.ctx.db)] : []),
        ]);
        await expectExact();
      }
    }),
    { numRuns: 25 },
  );
  // Folded or not, the answer is the same; a fold leaves no delta behind.
  await foldTransactionTotals(t.ctx.db);
  await expectExact();
  expect(await t.ctx.db.transactionTotalDelta.count()).toBe(0);
});
