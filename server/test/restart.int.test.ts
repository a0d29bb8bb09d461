/**
 * A server restart in the middle of a money movement loses nothing and doubles nothing: the M-Pesa
 * callback due while the server was down is delivered after it comes back, and queued payouts resume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-postgres.ts';
import { escrowBalance } from '../src/modules/ledger/ledger.ts';
import { makeUser, type MadeUser } from './factories.ts';
import { action, createTransaction, expectLedgerHealthy, pay, paymentStatus } from './escrow-helpers.ts';
import { buildTestApp, createTestDatabase, eventually, type TestApp } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let port: number;
let current: TestApp | undefined;

const start = async (startJobs = false) => {
  current = await buildTestApp({ databaseUrl: database.url, port, startJobs, env: { MPESA_MOCK_DELAY_MS: '700' } });
  return current;
};

beforeAll(async () => {
  database = await createTestDatabase();
  port = await findFreePort();
});
afterAll(async () => {
  await current?.close();
  await database?.drop();
});

describe('restart', () => {
  let buyer: MadeUser;
  let seller: MadeUser;

  it('completes a pay-in whose callback was due while the server was down', async () => {
    let t = await start();
    buyer = await makeUser(t.app, { userType: 'buyer' });
    seller = await makeUser(t.app, { userType: 'seller' });
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2500,
      product_name: 'Restart test',
      transaction_type: 'standard',
    });
    const payment = await pay(t, buyer, created.id);
    await t.close(); // down before the customer answers
    current = undefined;
    await new Promise((resolve) => setTimeout(resolve, 900));

    t = await start();
    const settled = await eventually(async () => {
      const status = await paymentStatus(t, buyer, payment.id);
      return status.status === 'completed' ? status : null;
    });
    expect(settled.mpesa_receipt).toBeTruthy();
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(250_000n);

    // Release, then stop before the worker sends the payout; the next process sends it exactly once.
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    expect((await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id } })).status).toBe('pending');
    await t.close();
    current = undefined;

    t = await start(true); // with the background worker, as in production
    const payout = await eventually(async () => {
      const row = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id } });
      return row.status === 'completed' ? row : null;
    }, 15_000);
    expect(payout.amountCents).toBe(250_000n - 4_000n); // less the seller's half of the KES 80 fee
    expect(await t.ctx.db.payout.count({ where: { transactionId: created.id } })).toBe(1);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'b2c' } })).toBe(1);
    await expectLedgerHealthy(t);
  });
});
