/**
 * A sale paid twice (the first prompt's money arriving after the second paid it, given straight back), then
 * dispatched and released: the seller is paid the price less their fee, and the detail read says so. Its
 * quote read the overpayment's refund as a price part refunded, "released to the seller: KES 0", and the page
 * told both parties a split ruling had paid the seller nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser, randomPhone, type MadeUser } from './factories.ts';
import {
  action,
  createTransaction,
  deliverStkSuccess,
  detail,
  expectLedgerHealthy,
  payAndSettle,
  settlePayouts,
} from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let seller: MadeUser;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeUser(t.app, { userType: 'seller' });
});
afterAll(() => t?.close());

it('releases the whole price of a sale paid twice, and the read says what the seller was paid', async () => {
  const buyer = await makeUser(t.app, { userType: 'buyer' });
  const created = await createTransaction(t, buyer, {
    seller_phone: `0${seller.phone.slice(3)}`,
    amount: 1000,
    product_name: 'Radio',
    transaction_type: 'standard',
  });
  const first = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
  expect(first.status).toBe('cancelled');
  expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
  await deliverStkSuccess(t, first.id);
  expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
  const released = await action(t, buyer, created.id, 'release_payment');
  expect(released.statusCode, released.body).toBe(200);
  await settlePayouts(t, created.id);

  for (const reader of [buyer, seller]) {
    const read = await detail(t, reader, created.id);
    expect(read.transaction).toMatchObject({ status: 'completed', refunded_amount: '1025.00' });
    expect(read.transaction.quote).toMatchObject({
      paid_in: '2050.00',
      refunded: '1025.00',
      released_to_seller: '1000.00',
      seller_fee_charged: '25.00',
      seller_paid_out: '975.00',
    });
  }
  const payout = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id, kind: 'seller_payout' } });
  expect(payout).toMatchObject({ amountCents: 97_500n, status: 'completed' });
  await expectLedgerHealthy(t);
});
