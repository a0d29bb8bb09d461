/**
 * What the customer pages read, over HTTP on real PostgreSQL: the quote's released and paid-out figures
 * agree with the payout and its SMS (a split ruling included), the seller's payout and receipt, the
 * dispatch details (courier, tracking number, note) stored and shown to the buyer, Protected's longer
 * inspection window, the seller's SMS for every deposit, the payment's honest answer time, and the timeline
 * data each event's sentence is built from in the reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, pay, payAndSettle, settlePayouts } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';
import { RAIL_DISPLAY_NAMES, type RailChoice } from '@escrow/core/domain/rail-choice';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;
let stranger: MadeUser;

const STANDARD_WINDOW = 259_200;
const PROTECTED_WINDOW = 604_800;
const RECONCILE_AFTER = 90;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ...LIFTED_LIMITS,
      INSPECTION_WINDOW_SECONDS: String(STANDARD_WINDOW),
      PROTECTED_INSPECTION_WINDOW_SECONDS: String(PROTECTED_WINDOW),
      STK_RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER),
    },
  });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
  stranger = await makeUser(t.app, { userType: 'both' });
});
afterAll(() => t?.close());

const body = (amount: number, type: 'standard' | 'protected' = 'standard') => ({
  seller_phone: seller.phone,
  amount,
  product_name: 'Tecno Spark 20',
  transaction_type: type,
});

async function funded(amount: number, type: 'standard' | 'protected' = 'standard') {
  const created = await createTransaction(t, buyer, body(amount, type));
  expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
  return created.id;
}

const kesIn = (text: string) => [...text.matchAll(/KES ([\d,]+(?:\.\d\d)?)/g)].map((match) => match[1]!.replaceAll(',', ''));

describe('one source for the seller’s money', () => {
  it('a split ruling: the web quote, the payout and the seller’s SMS name the same amount', async () => {
    const id = await funded(32_000);
    expect((await action(t, seller, id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, id, 'dispute', { reason: 'One speaker does not work', dispute_type: 'quality_issue' })).statusCode).toBe(
      200,
    );
    const disputeId = (await detail(t, buyer, id)).dispute.id as string;
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'split', buyer_amount: 20_000, note: 'Partial refund for the speaker' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    const payouts = await settlePayouts(t, id);
    const sellerPayout = payouts.find((payout) => payout.kind === 'seller_payout')!;

    const seen = await detail(t, seller, id);
    const sellerFee = seen.charges.seller_charge as string;
    expect(seen.transaction.quote).toMatchObject({
      refunded: '20000.00',
      released_to_seller: '12000.00',
      seller_fee_charged: sellerFee,
      held: '0.00',
    });
    const paidOut = (12_000 - Number(sellerFee)).toFixed(2);
    expect(seen.transaction.quote.seller_paid_out).toBe(paidOut);
    expect(sellerPayout.amountCents).toBe(BigInt(Math.round(Number(paidOut) * 100)));
    expect(seen.seller_payout).toMatchObject({ amount: paidOut, status: 'completed' });
    expect(seen.seller_payout.receipt).toMatch(/^[A-Z0-9]{8,}$/);

    // The SMS of the ruling names the seller's share as paid out, the same figure as the page.
    const sms = (await inboxOf(t, seller.phone)).map((message) => message.message);
    const ruling = sms.find((text) => /split/i.test(text) || /gawanywa|mgawanyo/i.test(text));
    expect(ruling, sms.join('\n')).toBeDefined();
    const shown = Number(paidOut).toLocaleString('en-KE', { maximumFractionDigits: 2 }).replaceAll(',', '');
    expect(kesIn(ruling!).map((amount) => amount.replace(/\.00$/, ''))).toContain(shown.replace(/\.00$/, ''));
    expect(kesIn(ruling!).map((amount) => amount.replace(/\.00$/, ''))).not.toContain('12000');

    // The timeline keeps what the web client needs to say each event in the reader's language
    // (client/src/features/customer/components/timeline-sentence.ts).
    const event = (type: string) => seen.timeline.find((entry: { event_type: string }) => entry.event_type === type);
    expect(event('transaction_initiated').data).toMatchObject({
      amount: '32000.00',
      transaction_type: 'standard',
      product_name: 'Tecno Spark 20',
    });
    expect(event('payment_initiated').data.rail_name).toBe(RAIL_DISPLAY_NAMES[event('payment_initiated').data.rail as RailChoice]);
    expect(event('transaction_funded').data).toEqual({ amount: '32000.00' });
    expect(event('release_code_sent').data).toMatchObject({ reason: 'funded' });
    expect(event('dispute_initiated').data).toMatchObject({
      reason: 'quality_issue',
      actor: 'buyer',
      dispute_description: 'One speaker does not work',
    });
    expect(event('dispute_resolved').data).toMatchObject({
      outcome: 'split',
      buyer_amount: '20000.00',
      seller_amount: '12000.00',
      seller_payout: paidOut,
    });
  });

  it('a completed sale shows the seller the payout, the fee taken and the M-Pesa receipt', async () => {
    const id = await funded(5_000);
    expect((await action(t, seller, id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, id, 'release_payment')).statusCode).toBe(200);
    await settlePayouts(t, id);
    const seen = await detail(t, seller, id);
    const fee = Number(seen.charges.seller_charge);
    expect(seen.transaction.quote).toMatchObject({
      released_to_seller: '5000.00',
      seller_fee_charged: fee.toFixed(2),
      seller_paid_out: (5_000 - fee).toFixed(2),
    });
    expect(seen.seller_payout).toMatchObject({ amount: (5_000 - fee).toFixed(2), status: 'completed' });
    expect(seen.seller_payout.receipt).toBeTruthy();
    expect(seen.seller_payout.completed_at).not.toBeNull();
    const released = seen.timeline.find((entry: { event_type: string }) => entry.event_type === 'payment_released');
    expect(released.description).toBe('Payment released to the seller');
    expect(released.data).toEqual({ released_by: 'buyer' });
  });

  it('records who cancelled and why, for the timeline in either language', async () => {
    const created = await createTransaction(t, buyer, body(1_500));
    expect((await action(t, buyer, created.id, 'cancel', { reason: 'changed my mind' })).statusCode).toBe(200);
    const cancelled = (await detail(t, seller, created.id)).timeline.find(
      (entry: { event_type: string }) => entry.event_type === 'transaction_cancelled',
    );
    expect(cancelled.description).toBe('Cancelled by the buyer: changed my mind');
    expect(cancelled.data).toEqual({ actor: 'buyer', cancel_reason: 'changed my mind' });
  });
});

describe('dispatch details', () => {
  it('stores the courier, tracking number and note, puts them on the timeline and shows them to the buyer', async () => {
    const id = await funded(2_000);
    const dispatched = await action(t, seller, id, 'dispatch', {
      courier: 'G4S',
      tracking_number: 'G4S-884120',
      note: 'Fragile, keep upright',
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const seen = await detail(t, buyer, id);
    expect(seen.transaction.dispatch_details).toEqual({ courier: 'G4S', tracking_number: 'G4S-884120', note: 'Fragile, keep upright' });
    const event = seen.timeline.find((entry: { event_type: string }) => entry.event_type === 'dispatch_confirmed');
    expect(event.data).toMatchObject({ courier: 'G4S', tracking_number: 'G4S-884120', note: 'Fragile, keep upright' });
    expect(event.description).toContain('G4S');
  });

  it('takes no details at all, refuses oversized ones with 400, and hides the transaction from a stranger', async () => {
    const id = await funded(2_100);
    const tooLong = await action(t, seller, id, 'dispatch', { courier: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect((await action(t, stranger, id, 'dispatch', { note: 'not mine' })).statusCode).toBe(404);
    expect((await action(t, buyer, id, 'dispatch', { note: 'I am the buyer' })).statusCode).toBe(403);
    expect((await action(t, seller, id, 'dispatch')).statusCode).toBe(200);
    expect((await detail(t, buyer, id)).transaction.dispatch_details).toEqual({ courier: null, tracking_number: null, note: null });
  });
});

describe('Standard and Protected', () => {
  it('Protected buys the longer inspection window; Standard has the shorter one (over HTTP)', async () => {
    const hours = async (type: 'standard' | 'protected') => {
      const id = await funded(3_000, type);
      expect((await action(t, seller, id, 'dispatch')).statusCode).toBe(200);
      const txn = (await detail(t, buyer, id)).transaction;
      const seconds = (Date.parse(txn.inspection_ends_at) - Date.parse(txn.dispatched_at)) / 1000;
      return { seconds, advertised: txn.inspection_window_hours as number };
    };
    expect(await hours('standard')).toEqual({ seconds: STANDARD_WINDOW, advertised: STANDARD_WINDOW / 3600 });
    expect(await hours('protected')).toEqual({ seconds: PROTECTED_WINDOW, advertised: PROTECTED_WINDOW / 3600 });
  });

  it('tells the web client each window before a transaction exists (GET /api/config), from the same rule', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.inspection_window_hours).toEqual({
      standard: STANDARD_WINDOW / 3600,
      protected: PROTECTED_WINDOW / 3600,
      lipa_mdogo_mdogo: STANDARD_WINDOW / 3600,
    });
  });
});

describe('money arriving', () => {
  it('tells the seller by SMS of a Lipa Mdogo Mdogo deposit, not only of the last payment', async () => {
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 7_000,
      total_cost: 35_000,
      product_name: 'Sofa set',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    const messages = await inboxOf(t, seller.phone);
    const deposit = messages.find((message) => message.message.includes(created.reference_number) && /7,000/.test(message.message));
    expect(deposit, messages.map((message) => message.message).join('\n')).toBeDefined();
    expect(deposit!.message).toMatch(/35,000/);
  });

  it('says by when a pending payment’s outcome is known: our own status query time', async () => {
    const created = await createTransaction(t, buyer, body(1_200));
    const payment = await pay(t, buyer, created.id);
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}/status`, headers: bearer(buyer) });
    const wire = status.json().data.payment;
    expect(Date.parse(wire.answer_by) - Date.parse(wire.created_at)).toBe(RECONCILE_AFTER * 1000);
  });
});
