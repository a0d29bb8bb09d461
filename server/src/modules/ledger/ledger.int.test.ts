/**
 * The ledger's own guarantees, on real PostgreSQL: a retried journal is recorded once, a reused key with
 * different postings is refused, a reversal is a new linked journal that undoes the original once, and
 * an escrow balance can never be overdrawn (the `ledger_postings_not_overdrawn` trigger, at commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, expectLedgerHealthy, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import { releasePostings } from '@escrow/core/domain/posting-rules';
import { escrowBalance, JournalKeyConflictError, postJournal, reverseJournal } from './ledger.ts';

let t: TestApp;
let buyer: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer' });
});
afterAll(() => t.close());

async function fundedTransaction(price: number): Promise<string> {
  const created = await createTransaction(t, buyer, {
    transaction_type: 'standard',
    product_name: 'Ledger test item',
    amount: price,
    seller_phone: (await makeUser(t.app, { userType: 'seller' })).phone,
  });
  await payAndSettle(t, buyer, created.id);
  return created.id;
}

const release = (transactionId: string, price: bigint, sellerFee: bigint) => ({
  key: `test:release:${transactionId}`,
  kind: 'release' as const,
  transactionId,
  description: 'test release',
  postings: releasePostings({ price, sellerFee }),
});

describe('ledger journals', () => {
  it('records a retried journal once and refuses the same key with different postings', async () => {
    const id = await fundedTransaction(1000);
    expect(await inTransaction(t.ctx.db, (tx) => postJournal(tx, release(id, 40_000n, 1_000n)))).toBe(true);
    // The same movement again, its lines in another order: a retry, recorded once.
    const reordered = { ...release(id, 40_000n, 1_000n), postings: [...releasePostings({ price: 40_000n, sellerFee: 1_000n })].reverse() };
    expect(await inTransaction(t.ctx.db, (tx) => postJournal(tx, reordered))).toBe(false);
    await expect(inTransaction(t.ctx.db, (tx) => postJournal(tx, release(id, 50_000n, 1_000n)))).rejects.toBeInstanceOf(
      JournalKeyConflictError,
    );
    expect(await t.ctx.db.ledgerJournal.count({ where: { idempotencyKey: `test:release:${id}` } })).toBe(1);
    expect(await escrowBalance(t.ctx.db, id)).toBe(60_000n);
  });

  it('reverses a journal with a new linked journal, once', async () => {
    const id = await fundedTransaction(1000);
    await inTransaction(t.ctx.db, (tx) => postJournal(tx, release(id, 100_000n, 2_500n)));
    expect(await escrowBalance(t.ctx.db, id)).toBe(0n);

    expect(await inTransaction(t.ctx.db, (tx) => reverseJournal(tx, `test:release:${id}`, 'released by mistake'))).toBe(true);
    expect(await inTransaction(t.ctx.db, (tx) => reverseJournal(tx, `test:release:${id}`, 'released by mistake'))).toBe(false);

    expect(await escrowBalance(t.ctx.db, id)).toBe(100_000n);
    const original = await t.ctx.db.ledgerJournal.findUniqueOrThrow({ where: { idempotencyKey: `test:release:${id}` } });
    const reversal = await t.ctx.db.ledgerJournal.findUniqueOrThrow({
      where: { idempotencyKey: `reversal:test:release:${id}` },
      include: { postings: true },
    });
    expect(reversal).toMatchObject({ kind: 'reversal', reversesJournalId: original.id, transactionId: id });
    expect(reversal.postings.map((p) => [p.accountCode, p.amountCents]).sort()).toEqual(
      [
        ['escrow_holding', -100_000n],
        ['platform_fees', 2_500n],
        ['seller_payable', 97_500n],
      ].sort(),
    );
    await expectLedgerHealthy(t);
  });

  it('refuses at commit a release of more than the escrow holds', async () => {
    const id = await fundedTransaction(1000);
    await expect(inTransaction(t.ctx.db, (tx) => postJournal(tx, release(id, 100_001n, 0n)))).rejects.toThrow(/would be overdrawn/);
    expect(await escrowBalance(t.ctx.db, id)).toBe(100_000n);
    expect(await t.ctx.db.ledgerJournal.count({ where: { idempotencyKey: `test:release:${id}` } })).toBe(0);
  });
});

describe('the quote on the wire', () => {
  it('says what is owed before paying and what the escrow holds after, as the ledger has it', async () => {
    const seller = await makeUser(t.app, { userType: 'seller' });
    const created = await createTransaction(t, buyer, {
      transaction_type: 'standard',
      product_name: 'Quoted item',
      amount: 1000,
      seller_phone: seller.phone,
    });
    const before = (await detail(t, buyer, created.id)).transaction;
    expect(before.quote).toEqual({
      owed: before.amount_due,
      owed_fee: before.buyer_fee,
      paid_in: '0.00',
      fee_paid: '0.00',
      held: '0.00',
      refunded: '0.00',
      seller_receives: '975.00',
      released_to_seller: '0.00',
      seller_fee_charged: '0.00',
      seller_paid_out: '0.00',
      next_payment: before.amount_due,
    });
    await payAndSettle(t, buyer, created.id);
    const funded = (await detail(t, buyer, created.id)).transaction;
    expect(funded.quote).toMatchObject({ owed: '0.00', owed_fee: '0.00', next_payment: null, held: '1000.00' });
    expect(funded.quote.held).toBe(formatCents(await escrowBalance(t.ctx.db, created.id)));

    expect((await action(t, buyer, created.id, 'cancel')).statusCode).toBe(200);
    const refunded = (await detail(t, buyer, created.id)).transaction;
    expect(refunded.quote).toMatchObject({ held: '0.00', refunded: refunded.refunded_amount });
    expect(refunded.quote.held).toBe(formatCents(await escrowBalance(t.ctx.db, created.id)));
  });
});
