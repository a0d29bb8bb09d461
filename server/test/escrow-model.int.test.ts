/**
 * Property: random sequences of actions by random parties, played against the real API, always agree
 * with a hand-written model of the state machine in docs/contract.md "States", and the ledger balances after every step
 * with exactly the money the model says is held in escrow. Among the actions: concurrent initiations
 * (one prompt), late successes of failed payments and repeated successes (forged with the callback
 * secret), a lost B2C request; half of the runs pay a seller whose payout result never comes (…1037),
 * and an "advance" step (the next step of the happy path) makes runs reach release and payouts often.
 * After every step no transaction has refunds beyond what was paid into it, fee at most once; at the end
 * of every run every payout has landed exactly once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowBalance } from '../src/modules/ledger/ledger.ts';
import { RailError } from '../src/rails/http.ts';
import { makeUser, randomPhone, type MadeUser } from './factories.ts';
import {
  action,
  createTransaction,
  expectLedgerHealthy,
  expectOnePrompt,
  initiateTogether,
  payAndSettle,
  paymentStatus,
} from './escrow-helpers.ts';
import { buildTestApp, eventually, LIFTED_LIMITS, type TestApp } from './helpers.ts';

type Status = 'pending' | 'funded' | 'dispatched' | 'completed' | 'cancelled' | 'disputed' | 'refunded';
type Step =
  | { kind: 'pay'; succeeds: boolean }
  | { kind: 'concurrent_pay'; calls: number }
  | { kind: 'late_success' }
  | { kind: 'duplicate_success' }
  | { kind: 'lose_payout_request' }
  | { kind: 'act'; name: 'dispatch' | 'release_payment' | 'cancel' | 'dispute'; by: 'buyer' | 'seller' | 'stranger' };

/** The contract, written independently of the server's state table. */
function expected(status: Status, step: Step): { code: number; next: Status } {
  if (step.kind === 'pay') return { code: 202, next: status === 'pending' && step.succeeds ? 'funded' : status };
  if (step.kind === 'concurrent_pay') return status === 'pending' ? { code: 202, next: 'funded' } : { code: 409, next: status };
  // Money that arrives late funds what is still owed; anything else is refunded and changes no state.
  if (step.kind === 'late_success') return { code: 200, next: status === 'pending' ? 'funded' : status };
  if (step.kind !== 'act') return { code: 200, next: status };
  if (step.by === 'stranger') return { code: 404, next: status };
  const { name, by } = step;
  switch (name) {
    case 'dispatch':
      if (status !== 'funded') return { code: 409, next: status };
      return by === 'seller' ? { code: 200, next: 'dispatched' } : { code: 403, next: status };
    case 'release_payment':
      if (status !== 'dispatched') return { code: 409, next: status };
      return by === 'buyer' ? { code: 200, next: 'completed' } : { code: 403, next: status };
    case 'cancel':
      if (status === 'pending') return { code: 200, next: 'cancelled' };
      if (status === 'funded') return { code: 200, next: 'refunded' };
      return { code: 409, next: status };
    case 'dispute':
      if (status === 'funded' || status === 'dispatched') return { code: 200, next: 'disputed' };
      return { code: 409, next: status };
  }
}

const HELD: Status[] = ['funded', 'dispatched', 'disputed'];

/** The next step of the happy path from a state (pay, dispatch, release), so runs reach payouts often. */
function advance(status: Status): Step | null {
  if (status === 'pending') return { kind: 'pay', succeeds: true };
  if (status === 'funded') return { kind: 'act', name: 'dispatch', by: 'seller' };
  if (status === 'dispatched') return { kind: 'act', name: 'release_payment', by: 'buyer' };
  return null;
}

const stepArbitrary: fc.Arbitrary<Step | { kind: 'advance' }> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'advance' as const }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), succeeds: fc.boolean() }), weight: 2 },
  fc.record({ kind: fc.constant('concurrent_pay' as const), calls: fc.integer({ min: 2, max: 5 }) }),
  { arbitrary: fc.record({ kind: fc.constant('late_success' as const) }), weight: 2 },
  fc.record({ kind: fc.constant('duplicate_success' as const) }),
  { arbitrary: fc.record({ kind: fc.constant('lose_payout_request' as const) }), weight: 2 },
  fc.record({
    kind: fc.constant('act' as const),
    name: fc.constantFrom('dispatch' as const, 'release_payment' as const, 'cancel' as const, 'dispute' as const),
    by: fc.constantFrom('buyer' as const, 'seller' as const, 'stranger' as const),
  }),
);

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
/** A seller whose B2C results never come: only the Transaction Status query tells. */
let unansweredSeller: MadeUser;
let stranger: MadeUser;
const failingPhone = randomPhone('0001');

beforeAll(async () => {
  t = await buildTestApp({ env: { MPESA_MOCK_DELAY_MS: '10', PAYOUT_RECONCILE_AFTER_SECONDS: '1', ...LIFTED_LIMITS } });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  unansweredSeller = await makeUser(t.app, { userType: 'seller', phone: randomPhone('1037') });
  stranger = await makeUser(t.app, { userType: 'both' });
});
afterAll(() => t?.close());

/** Daraja's success callback for a payment (late or repeated), delivered with the callback secret. */
async function deliverSuccess(paymentId: string, receipt: string) {
  const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  const response = await fetch(`${t.baseUrl}/api/payments/mpesa/callback/${t.config.MPESA_CALLBACK_SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: payment.merchantRequestId,
          CheckoutRequestID: payment.railRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: Number(payment.amountCents / 100n) },
              { Name: 'MpesaReceiptNumber', Value: receipt },
            ],
          },
        },
      },
    }),
  });
  expect(response.status).toBe(200);
}

/** Refunds never exceed what was paid in, the fee part never more than the fee taken. */
async function expectRefundsBounded(transactionId: string) {
  const paid = await t.ctx.db.payment.aggregate({
    where: { transactionId, status: 'completed' },
    _sum: { amountCents: true, feeCents: true },
  });
  const refunded = await t.ctx.db.refund.aggregate({ where: { transactionId }, _sum: { amountCents: true, feeCents: true } });
  expect(refunded._sum.amountCents ?? 0n).toBeLessThanOrEqual(paid._sum.amountCents ?? 0n);
  expect(refunded._sum.feeCents ?? 0n).toBeLessThanOrEqual(paid._sum.feeCents ?? 0n);
}

/** Sends every queued payout (a lost request is found out by the status query) until each has landed, once. */
async function settleAllPayouts(transactionId: string) {
  const payouts = await eventually(async () => {
    await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 3600_000) });
    await t.ctx.jobs.drain();
    const rows = await t.ctx.db.payout.findMany({ where: { transactionId } });
    return rows.every((row) => row.status === 'completed') ? rows : null;
  }, 30_000);
  for (const payout of payouts) {
    expect(await t.ctx.db.ledgerJournal.count({ where: { idempotencyKey: `payout:${payout.id}` } })).toBe(1);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'b2c', id: payout.railRequestId! } })).toBe(1);
  }
  const sellerPayouts = payouts.filter((payout) => payout.kind === 'seller_payout');
  expect(sellerPayouts.length).toBeLessThanOrEqual(1);
}

describe('escrow state machine against a model', () => {
  it('agrees with the model on every step and keeps the ledger balanced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 500 }),
        fc.boolean(),
        async (steps, hundreds, isSellerUnanswered) => {
          const price = hundreds * 100;
          const payee = isSellerUnanswered ? unansweredSeller : seller;
          const created = await createTransaction(t, buyer, {
            seller_phone: payee.phone,
            amount: price,
            product_name: 'Model item',
            transaction_type: 'standard',
          });
          let status: Status = 'pending';
          const failedPayments: string[] = [];
          const completedPayments: string[] = [];
          for (const drawn of steps) {
            const step = drawn.kind === 'advance' ? advance(status) : drawn;
            if (!step) continue;
            const want = expected(status, step);
            if (step.kind === 'pay') {
              if (status !== 'pending') continue; // paying is only offered while pending (covered elsewhere)
              const payment = await payAndSettle(t, buyer, created.id, step.succeeds ? {} : { phone_number: failingPhone });
              expect(payment.status).toBe(step.succeeds ? 'completed' : 'failed');
              (step.succeeds ? completedPayments : failedPayments).push(payment.id);
            } else if (step.kind === 'concurrent_pay') {
              const answers = await initiateTogether(t, buyer, created.id, step.calls);
              if (want.code === 409) {
                expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: step.calls }, () => 409));
              } else {
                const id = expectOnePrompt(answers);
                await eventually(async () => (await paymentStatus(t, buyer, id)).status === 'completed');
                completedPayments.push(id);
              }
            } else if (step.kind === 'late_success') {
              const paymentId = failedPayments.shift();
              if (!paymentId) continue;
              const refundsBefore = await t.ctx.db.refund.count({ where: { paymentId } });
              await deliverSuccess(paymentId, `LT${paymentId.replaceAll('-', '').slice(-8).toUpperCase()}`);
              const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
              expect(payment.status).toBe('completed');
              completedPayments.push(paymentId);
              if (status !== 'pending') {
                // Refunded in full, once, to the phone that paid it.
                const refunds = await t.ctx.db.refund.findMany({ where: { paymentId }, include: { payout: true } });
                expect(refunds.length).toBe(refundsBefore + 1);
                expect(refunds.at(-1)).toMatchObject({ amountCents: payment.amountCents, reason: 'overpayment' });
                expect(refunds.at(-1)!.payout!.recipientPhone).toBe(payment.payerPhone);
              }
            } else if (step.kind === 'duplicate_success') {
              const paymentId = completedPayments[0];
              if (!paymentId) continue;
              const before = await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id } });
              const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
              await deliverSuccess(paymentId, payment.railReceipt ?? 'NORECEIPT0');
              expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id } })).toBe(before);
            } else if (step.kind === 'lose_payout_request') {
              // The next B2C request of this run gets no answer and never reaches M-Pesa.
              const mpesa = t.ctx.rails.mpesa;
              const real = mpesa.payOut;
              mpesa.payOut = async () => {
                mpesa.payOut = real;
                throw new RailError('request to /mpesa/b2c/v3/paymentrequest failed: socket hang up');
              };
              await t.ctx.jobs.drain({ queues: ['payouts.send'] });
              mpesa.payOut = real;
            } else {
              const who = step.by === 'buyer' ? buyer : step.by === 'seller' ? payee : stranger;
              const payload = step.name === 'dispute' ? { reason: 'Not what was agreed' } : undefined;
              const response = await action(t, who, created.id, step.name, payload);
              expect(response.statusCode, `${status} --${step.name} by ${step.by}--> ${response.body}`).toBe(want.code);
            }
            status = want.next;
            const row = await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } });
            expect(row.status).toBe(status);
            expect(await escrowBalance(t.ctx.db, created.id)).toBe(HELD.includes(status) ? BigInt(price) * 100n : 0n);
            await expectRefundsBounded(created.id);
            await expectLedgerHealthy(t);
          }
          await settleAllPayouts(created.id);
          await expectRefundsBounded(created.id);
          await expectLedgerHealthy(t);
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
