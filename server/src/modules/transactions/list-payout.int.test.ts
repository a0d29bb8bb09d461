/**
 * GET /api/transactions, over HTTP on real PostgreSQL: a completed sale whose seller payout is on its way
 * or was refused by the rail says so in the list (`seller_payout_status`), the same on the hand-written SQL
 * page and on a search's Prisma page, as the detail says it (seller_payout). The web list reads it through
 * payoutProgress; it read a plain "Completed" before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle, settlePayouts } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let buyer: MadeUser;
let failingSeller: MadeUser;
let seller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { ...LIFTED_LIMITS } });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  failingSeller = await makeUser(t.app, { userType: 'seller' });
  seller = await makeUser(t.app, { userType: 'seller' });
});
afterAll(() => t?.close());

async function completedSale(to: MadeUser, productName: string) {
  const created = await createTransaction(t, buyer, {
    seller_phone: to.phone,
    amount: 2_500,
    product_name: productName,
    transaction_type: 'standard',
  });
  expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
  expect((await action(t, to, created.id, 'dispatch')).statusCode).toBe(200);
  expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
  await settlePayouts(t, created.id);
  return created.id as string;
}

async function listed(user: MadeUser, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.transactions as { id: string; status: string; seller_payout_status: string | null }[];
}

describe("a seller's completed sale in the transaction list", () => {
  it('carries its payout: failed when the rail refused it, completed once paid; null before completion', async () => {
    const failed = await completedSale(failingSeller, 'Refused payout lamp');
    // The rail refused it (a payout to a number ending 2040 in the mock, after its retries).
    await t.ctx.db.payout.updateMany({ where: { transactionId: failed, kind: 'seller_payout' }, data: { status: 'failed' } });
    const paid = await completedSale(seller, 'Paid payout lamp');
    const open = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 1_500,
      product_name: 'Unpaid lamp',
      transaction_type: 'standard',
    });

    expect((await detail(t, failingSeller, failed)).seller_payout.status).toBe('failed');
    for (const query of ['', '?search=lamp']) {
      const mine = await listed(failingSeller, query);
      expect(mine.find((row) => row.id === failed)).toMatchObject({ status: 'completed', seller_payout_status: 'failed' });
      const theirs = await listed(seller, query);
      expect(theirs.find((row) => row.id === paid)).toMatchObject({ status: 'completed', seller_payout_status: 'completed' });
      expect(theirs.find((row) => row.id === open.id)).toMatchObject({ status: 'pending', seller_payout_status: null });
    }
  });

  it('while the payout is on its way it says pending or processing, not paid', async () => {
    const id = await completedSale(seller, 'Slow payout radio');
    await t.ctx.db.payout.updateMany({ where: { transactionId: id, kind: 'seller_payout' }, data: { status: 'processing' } });
    for (const query of ['', '?search=radio']) {
      expect((await listed(seller, query)).find((row) => row.id === id)?.seller_payout_status).toBe('processing');
    }
  });
});
