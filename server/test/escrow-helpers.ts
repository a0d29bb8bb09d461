/** Steps of the escrow flow over HTTP, for the integration tests. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { bearer, type MadeUser } from './factories.ts';
import { eventually, type TestApp } from './helpers.ts';

export async function createTransaction(t: TestApp, buyer: MadeUser, body: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/transactions', headers: bearer(buyer), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.transaction as { id: string; status: string; amount: string; amount_due: string; reference_number: string };
}

export async function pay(t: TestApp, buyer: MadeUser, transactionId: string, extra: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    headers: bearer(buyer),
    payload: { transaction_id: transactionId, ...extra },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().data.payment as { id: string; status: string; amount: string; checkout_request_id: string };
}

/** Simultaneous initiations of one order's payment, as a double tap sends them. */
export function initiateTogether(t: TestApp, buyer: MadeUser, transactionId: string, calls: number) {
  return Promise.all(
    Array.from({ length: calls }, () =>
      t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: bearer(buyer), payload: { transaction_id: transactionId } }),
    ),
  );
}

/**
 * One prompt (202) for simultaneous initiations; every other call answered that same payment (200) or, if
 * it took the order's lock after the mock's callback had funded it, told there is nothing to pay (409, as
 * docs/contract.md "One prompt at a time" allows). Returns the prompted payment's id.
 */
export function expectOnePrompt(answers: Awaited<ReturnType<typeof initiateTogether>>): string {
  const codes = answers.map((answer) => answer.statusCode);
  expect(
    codes.filter((code) => code === 202),
    `answers ${codes.join(', ')}`,
  ).toHaveLength(1);
  expect(codes.filter((code) => code !== 200 && code !== 202 && code !== 409)).toEqual([]);
  const late = answers.filter((answer) => answer.statusCode === 409);
  for (const answer of late) expect(answer.json().message).toBe('Nothing to pay: the transaction is funded');
  const answered = answers.filter((answer) => answer.statusCode !== 409);
  const ids = new Set(answered.map((answer) => answer.json().data.payment.id as string));
  expect(ids.size).toBe(1);
  return [...ids][0]!;
}

export async function paymentStatus(t: TestApp, user: MadeUser, paymentId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/status`, headers: bearer(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.payment as { status: string; mpesa_receipt: string | null; failure_reason: string | null };
}

/** Pays and waits for the mock customer's callback to settle the payment. */
export async function payAndSettle(t: TestApp, buyer: MadeUser, transactionId: string, extra: Record<string, unknown> = {}) {
  const payment = await pay(t, buyer, transactionId, extra);
  return eventually(async () => {
    const status = await paymentStatus(t, buyer, payment.id);
    return status.status !== 'pending' ? { ...payment, ...status } : null;
  });
}

/**
 * Runs the seller payout's sends, retries a day ahead included, until the rail's refusal is final (a seller
 * on a phone the M-Pesa mock will not pay, such as one ending 2040).
 */
export function failedSellerPayout(t: TestApp, transactionId: string) {
  return eventually(async () => {
    await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 24 * 3600_000) });
    const row = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId, kind: 'seller_payout' } });
    return row.status === 'failed' ? row : null;
  }, 20_000);
}

export async function action(t: TestApp, user: MadeUser, transactionId: string, name: string, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/${name}`,
    headers: bearer(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function detail(t: TestApp, user: MadeUser, transactionId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/transactions/${transactionId}`, headers: bearer(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Runs queued jobs (payouts, SMS) and waits until every payout of the transaction has an outcome. */
export async function settlePayouts(t: TestApp, transactionId: string) {
  return eventually(async () => {
    await t.ctx.jobs.drain();
    const payouts = await t.ctx.db.payout.findMany({ where: { transactionId } });
    return payouts.every((payout) => payout.status === 'completed' || payout.status === 'failed') ? payouts : null;
  }, 15_000);
}

export async function expectLedgerHealthy(t: TestApp) {
  const report = await checkLedgerInvariants(t.ctx.db);
  expect(
    report,
    JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
  ).toMatchObject({
    isHealthy: true,
    unbalancedJournals: 0,
    overdrawnBalances: 0,
    grandTotal: 0n,
  });
  return report;
}

/**
 * Daraja's success callback for a payment, as M-Pesa sends it: late (after a cancelled prompt), or with another
 * amount than asked (`amount`, in shillings).
 */
export async function deliverStkSuccess(t: TestApp, paymentId: string, options: { amount?: number; receipt?: string } = {}) {
  const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/mpesa/callback/${t.config.MPESA_CALLBACK_SECRET}?payment=${payment.id}`,
    payload: {
      Body: {
        stkCallback: {
          MerchantRequestID: payment.merchantRequestId,
          CheckoutRequestID: payment.railRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: options.amount ?? Number(payment.amountCents / 100n) },
              { Name: 'MpesaReceiptNumber', Value: options.receipt ?? `R${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}` },
              { Name: 'PhoneNumber', Value: Number(payment.payerPhone) },
            ],
          },
        },
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}
