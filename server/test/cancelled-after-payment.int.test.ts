/**
 * A Lipa Mdogo Mdogo plan that ends after the buyer's money came in, driven over HTTP with the M-Pesa
 * mock's callbacks: what the detail read gives the web page's outcome sentence (transaction-detail.tsx
 * `guidance`) to decide with — the status, the quote's `refunded` and the refund's timeline lines, whose
 * progress `refundProgress` reads — checked against the money rows and the ledger.
 *
 * - The seller cancels a plan the buyer has paid part of: `refunded` (the state table), everything paid in,
 *   fee share included, sent back; the page's "Refunded: …" sentences.
 * - A deposit whose prompt was reported cancelled arrives after the buyer cancelled the plan: the plan stays
 *   `cancelled` and the money is given back; the page's "Cancelled." followed by the refund's sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type Cents } from '@escrow/core/domain/money';
import { refundProgress } from '@escrow/core/domain/payout-progress';
import { escrowBalance } from '../src/modules/ledger/ledger.ts';
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
import { buildTestApp, eventually, type TestApp } from './helpers.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
});
afterAll(() => t?.close());

const plan = (product: string) => ({
  seller_phone: seller.phone,
  amount: 4_000,
  total_cost: 12_000,
  installment_months: 3,
  product_name: product,
  transaction_type: 'lipa_mdogo_mdogo',
});

const cents = (wire: unknown): Cents => {
  const value = parseAmount(wire);
  expect(value, `amount ${String(wire)}`).not.toBeNull();
  return value!;
};

interface Line {
  event_type: string;
  data?: Record<string, unknown>;
}

/** The refund lines of a read's timeline, by type, in cents. */
function refundLines(timeline: Line[]) {
  const sum = (type: string) =>
    timeline.filter((line) => line.event_type === type).reduce((total, line) => total + cents(line.data?.amount), 0n);
  return { initiated: sum('refund_initiated'), completed: sum('refund_completed'), failed: sum('refund_failed') };
}

/** What came in and what went back for a transaction, in cents, from the money rows. */
async function moneyRows(transactionId: string) {
  const paid = await t.ctx.db.payment.aggregate({ where: { transactionId, status: 'completed' }, _sum: { amountCents: true } });
  const refunded = await t.ctx.db.refund.aggregate({ where: { transactionId }, _sum: { amountCents: true } });
  return { paidIn: paid._sum.amountCents ?? 0n, refunded: refunded._sum.amountCents ?? 0n };
}

/** Runs the refund's sends, retries a day ahead included, until the rail's refusal is final. */
function failedRefund(transactionId: string) {
  return eventually(async () => {
    await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 24 * 3600_000) });
    const row = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId, kind: 'buyer_refund' } });
    return row.status === 'failed' ? row : null;
  }, 20_000);
}

describe('the seller cancels a plan the buyer has paid part of', () => {
  it('reads refunded, with everything paid in given back, the refund on its way and then paid, to both parties', async () => {
    const created = await createTransaction(t, buyer, plan('Fridge'));
    // The deposit with the buyer's fee share, then the next installment, each confirmed by the mock's callback.
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    const paying = (await detail(t, buyer, created.id)).transaction;
    expect(paying).toMatchObject({ status: 'installment', amount_paid: '6700.00' });
    expect(cents(paying.quote.paid_in)).toBe(685_000n);

    const cancelled = await action(t, seller, created.id, 'cancel', { reason: 'Out of stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    for (const reader of [buyer, seller]) {
      const read = await detail(t, reader, created.id);
      // The state table's seller cancel of a paid plan: the page says "Refunded: …", not "Cancelled.".
      expect(read.transaction).toMatchObject({ status: 'refunded', allowed_actions: [], refunded_amount: '6850.00' });
      expect(read.transaction.quote).toMatchObject({
        refunded: '6850.00',
        paid_in: '6850.00',
        held: '0.00',
        fee_paid: '0.00',
        owed: '0.00',
      });
      expect(read.withdrawal_request).toBeNull();
      expect(read.timeline.find((line: Line) => line.event_type === 'transaction_cancelled').data).toEqual({
        actor: 'seller',
        cancel_reason: 'Out of stock',
      });
      const refund = read.timeline.filter((line: Line) => line.event_type === 'refund_initiated');
      expect(refund.map((line: Line) => line.data)).toEqual([{ amount: '6850.00', reason: 'seller_cancelled_plan' }]);
      // Sent, not yet paid by the rail: "is on its way back", not "was sent back".
      expect(refundLines(read.timeline)).toEqual({ initiated: 685_000n, completed: 0n, failed: 0n });
      expect(refundProgress(read.timeline)).toBe('sending');
    }
    expect(await moneyRows(created.id)).toEqual({ paidIn: 685_000n, refunded: 685_000n });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);

    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 685_000n });
    for (const reader of [buyer, seller]) {
      const read = await detail(t, reader, created.id);
      expect(read.transaction).toMatchObject({ status: 'refunded', quote: { refunded: '6850.00' } });
      expect(refundLines(read.timeline)).toEqual({ initiated: 685_000n, completed: 685_000n, failed: 0n });
      expect(refundProgress(read.timeline)).toBe('settled');
    }
    await expectLedgerHealthy(t);
  });

  it('reads the refund as refused while the rail refuses it, with the money still the buyer’s', async () => {
    const created = await createTransaction(t, buyer, plan('Cooker'));
    // A phone the M-Pesa mock pays in from but will not send money to (…2040).
    expect((await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('2040') })).status).toBe('completed');
    expect((await action(t, seller, created.id, 'cancel')).statusCode).toBe(200);
    await failedRefund(created.id);

    const read = await detail(t, buyer, created.id);
    expect(read.transaction).toMatchObject({ status: 'refunded', quote: { refunded: '4150.00', held: '0.00' } });
    expect(refundLines(read.timeline)).toEqual({ initiated: 415_000n, completed: 0n, failed: 415_000n });
    expect(refundProgress(read.timeline)).toBe('failed');
    expect(await moneyRows(created.id)).toEqual({ paidIn: 415_000n, refunded: 415_000n });
    await expectLedgerHealthy(t);
  });
});

describe('a deposit that arrives after the buyer cancelled the plan', () => {
  it('reads cancelled with the deposit refunded: on its way, then paid', async () => {
    const created = await createTransaction(t, buyer, plan('Television'));
    // The prompt is reported cancelled on the phone (…1032), so nothing is owed and the buyer cancels…
    const prompt = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
    expect(prompt.status).toBe('cancelled');
    expect((await action(t, buyer, created.id, 'cancel', { reason: 'Changed my mind' })).statusCode).toBe(200);
    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'cancelled', quote: { refunded: '0.00' } });

    // … and then M-Pesa reports the payment taken after all.
    await deliverStkSuccess(t, prompt.id, { receipt: 'LATE4CANCL' });

    for (const reader of [buyer, seller]) {
      const read = await detail(t, reader, created.id);
      // What the page's "Cancelled." sentence needs: still cancelled, with something refunded.
      expect(read.transaction).toMatchObject({ status: 'cancelled', allowed_actions: [], amount_paid: '0.00', refunded_amount: '4150.00' });
      expect(read.transaction.quote).toMatchObject({ refunded: '4150.00', paid_in: '4150.00', held: '0.00', owed: '0.00' });
      expect(refundLines(read.timeline)).toEqual({ initiated: 415_000n, completed: 0n, failed: 0n });
      expect(refundProgress(read.timeline)).toBe('sending');
    }
    expect(await moneyRows(created.id)).toEqual({ paidIn: 415_000n, refunded: 415_000n });

    await settlePayouts(t, created.id);
    const read = await detail(t, buyer, created.id);
    expect(read.transaction).toMatchObject({ status: 'cancelled', quote: { refunded: '4150.00' } });
    expect(refundProgress(read.timeline)).toBe('settled');
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    await expectLedgerHealthy(t);
  });
});
