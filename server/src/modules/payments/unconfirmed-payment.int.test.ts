/**
 * A payment the rail never confirms: every STK query answered "still processing" (as Daraja's can while its
 * own systems are broken). The reconcile job's last attempt raises it in admin Alerts, where it stayed
 * pending for good before, every later Pay answered with it and no new prompt sent. An admin closes it as
 * not received: the buyer is texted and may pay again; a success the rail reports later is still credited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { bearer, makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { createTransaction, detail, expectLedgerHealthy, pay, paymentStatus } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { throughStandIn } from '../../../test/rail-stand-in.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';
import { RECONCILE_QUEUE } from './use-cases/initiate-payment.ts';
import { RECONCILE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-enquiry';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_STATS_CACHE_SECONDS: '0' } });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

const PROCESSING = {
  status: 500,
  body: { requestId: 'stand-in', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
};

/** A buyer (…1037: the mock never calls back) whose payment every enquiry leaves "still processing". */
async function unconfirmedPayment(amount: number) {
  const buyer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
  const created = await createTransaction(t, buyer, {
    seller_phone: randomPhone(),
    amount,
    product_name: 'Solar panel',
    transaction_type: 'standard',
  });
  const sent = await pay(t, buyer, created.id);
  const days = new Date(Date.now() + 7 * 24 * 3600_000);
  await throughStandIn(
    t,
    'mpesa',
    (request) => (request.path.startsWith('/mpesa/stkpushquery') ? PROCESSING : undefined),
    async () => {
      // One attempt per drain: the backoff brought forward each time.
      for (let attempt = 0; attempt < RECONCILE_MAX_ATTEMPTS; attempt++) await t.ctx.jobs.drain({ queues: [RECONCILE_QUEUE], until: days });
    },
  );
  return { buyer, created, paymentId: sent.id };
}

const alerts = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const close = (paymentId: string, headers: Record<string, string> = bearer(admin)) =>
  t.app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/close_not_received`, headers, payload: {} });

describe('a payment the rail never confirms', () => {
  it('is raised in admin Alerts once every enquiry has said "still processing", with its reference, amount, phone and rail', async () => {
    const { buyer, created, paymentId } = await unconfirmedPayment(1200);
    const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(payment.status).toBe('pending');
    expect(payment.reconcileAttempts).toBe(RECONCILE_MAX_ATTEMPTS);
    // Nothing left to run: the job ended with the payment in the mediation team's hands.
    expect(await t.ctx.jobs.drain({ queues: [RECONCILE_QUEUE], until: new Date(Date.now() + 30 * 24 * 3600_000) })).toBe(0);
    const data = await alerts();
    expect(data.counts.unconfirmed_payments).toBeGreaterThanOrEqual(1);
    expect(data.unconfirmed_payments).toContainEqual({
      payment_id: paymentId,
      transaction_id: created.id,
      reference_number: created.reference_number,
      amount: formatCents(payment.amountCents),
      payer_phone: buyer.phone,
      rail: 'mpesa',
      created_at: payment.createdAt.toISOString(),
    });
  });

  it('is closed as not received by an admin only: the buyer is texted and may pay again (a new prompt)', async () => {
    const { buyer, created, paymentId } = await unconfirmedPayment(1300);
    expect((await close(paymentId, {})).statusCode).toBe(401);
    expect((await close(paymentId, bearer(buyer))).statusCode).toBe(403);
    expect((await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('pending');

    const closed = await close(paymentId);
    expect(closed.statusCode, closed.body).toBe(200);
    const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(closed.json().data.payment).toMatchObject({
      id: paymentId,
      status: 'failed',
      amount: formatCents(payment.amountCents),
      rail: 'mpesa',
    });
    // Its own kind: 'other' would tell the buyer "No money was taken", which nobody knows.
    expect(payment).toMatchObject({ status: 'failed', failureKind: 'unconfirmed' });
    expect((await paymentStatus(t, buyer, paymentId)).failure_reason).toBe(
      'M-Pesa never confirmed this payment. If money was taken, it will be credited or refunded. You may pay again.',
    );
    // A second click (or a second admin) does nothing more.
    const again = await close(paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'INVALID_STATE' });

    expect(await t.ctx.db.auditLog.count({ where: { action: 'payment.close_not_received', entityId: paymentId, actorId: admin.id } })).toBe(
      1,
    );
    const timeline = (await detail(t, buyer, created.id)).timeline as { event_type: string; description: string }[];
    expect(timeline.map((event) => event.description)).toContain(
      `M-Pesa payment of ${formatKes(payment.amountCents)} was closed by the mediation team. M-Pesa never confirmed this payment. If money was taken, it will be credited or refunded. You may pay again.`,
    );
    expect((await inboxOf(t, buyer.phone)).map((sms) => sms.message)).toContain(
      `${created.reference_number}: we could not confirm your M-Pesa payment of KES 1,300. You may pay again. If the money was taken, it will be credited or refunded.`.replace(
        'KES 1,300',
        formatKes(payment.amountCents),
      ),
    );
    expect((await alerts()).unconfirmed_payments.map((row: { payment_id: string }) => row.payment_id)).not.toContain(paymentId);

    const next = await pay(t, buyer, created.id);
    expect(next.id).not.toBe(paymentId);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'stk', phone: buyer.phone } })).toBe(2);
  });

  it('a success the rail reports after it was closed is credited once, the ledger balanced', async () => {
    const { created, paymentId } = await unconfirmedPayment(1400);
    expect((await close(paymentId)).statusCode).toBe(200);
    const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: payment.merchantRequestId,
          CheckoutRequestID: payment.railRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: Number(payment.amountCents / 100n) },
              { Name: 'MpesaReceiptNumber', Value: 'UNC4L8TE9Q' },
              { Name: 'PhoneNumber', Value: Number(payment.payerPhone) },
            ],
          },
        },
      },
    };
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await fetch(`${t.baseUrl}/api/payments/mpesa/callback/${t.config.MPESA_CALLBACK_SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    expect((await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('completed');
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    expect((await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).status).toBe('funded');
    await expectLedgerHealthy(t);
  });

  it('a payment still being asked about cannot be closed (409), nor an unknown one (404)', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
    const created = await createTransaction(t, buyer, {
      seller_phone: randomPhone(),
      amount: 1500,
      product_name: 'Radio',
      transaction_type: 'standard',
    });
    const sent = await pay(t, buyer, created.id);
    expect((await close(sent.id)).statusCode).toBe(409);
    expect((await close('0190f7a2-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
