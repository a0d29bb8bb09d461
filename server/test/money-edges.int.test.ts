/**
 * Money exact at the edges, from outside over HTTP (docs/adr/0005-money-at-the-edges.md): one STK prompt
 * per transaction at a time; every success that reaches us — late, repeated, or seen only by the STK
 * query — becomes money in the books; refunds bounded by what was paid in, fee given back at most once,
 * each to the phone that paid; payouts whose result never comes settled by a Transaction Status query and
 * sent again with a new request id only after a definite failure; an admin's retry / return-to-buyer;
 * disputes refused after the inspection window; a failed auto-release retried and alerted; admin health.
 * Late callbacks are forged with the callback secret, as Daraja would deliver them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { accountBalance, escrowBalance, postJournal } from '../src/modules/ledger/ledger.ts';
import { runMaintenance } from '../src/modules/maintenance/sweep.ts';
import { lockTransaction } from '../src/modules/escrow-core/access.ts';
import { refundBuyer } from '../src/modules/escrow-core/money-movements.ts';
import { RailError } from '../src/rails/http.ts';
import { RECEIPTLESS_SUCCESS } from '../src/modules/payments/use-cases/apply-stk-result.ts';
import { reconcilePayment, StillProcessing, UNANSWERED_PROMPT_LIFETIMES } from '../src/modules/payments/use-cases/reconcile-payment.ts';
import { bearer, makeUser, randomPhone, type MadeUser } from './factories.ts';
import {
  action,
  createTransaction,
  detail,
  expectLedgerHealthy,
  expectOnePrompt,
  initiateTogether,
  pay,
  payAndSettle,
  failedSellerPayout,
  paymentStatus,
  settlePayouts,
} from './escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from './helpers.ts';
import { throughStandIn } from './rail-stand-in.ts';
import { inboxOf } from './sms-inbox.ts';
import { renderSms } from '../src/modules/notifications/templates.ts';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYOUT_RECONCILE_AFTER_SECONDS: '1', ADMIN_STATS_CACHE_SECONDS: '0' } });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

const standard = (amount: number, sellerPhone = seller.phone) => ({
  seller_phone: sellerPhone,
  amount,
  product_name: 'Tecno Spark 20',
  transaction_type: 'standard',
});

/**
 * Daraja's success callback for a payment, as M-Pesa would send it (late, or again). `checkoutRequestId`:
 * the answer to a prompt whose request id was never recorded, found by the payment its callback URL names.
 */
async function deliverSuccess(
  paymentId: string,
  receipt: string,
  { checkoutRequestId, amount }: { checkoutRequestId?: string; amount?: number } = {},
) {
  const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  const body = {
    Body: {
      stkCallback: {
        // Daraja always sends its own; ours is null when the request's answer never reached us.
        MerchantRequestID: payment.merchantRequestId ?? 'unrecorded-merchant-request',
        CheckoutRequestID: checkoutRequestId ?? payment.railRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount ?? Number(payment.amountCents / 100n) },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'PhoneNumber', Value: Number(payment.payerPhone) },
          ],
        },
      },
    },
  };
  const naming = checkoutRequestId ? `?payment=${paymentId}` : '';
  const response = await fetch(`${t.baseUrl}/api/payments/mpesa/callback/${t.config.MPESA_CALLBACK_SECRET}${naming}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
}

/** Σ refunds against Σ completed pay-ins of one transaction, and the fee share in and out. */
async function moneyInAndOut(transactionId: string) {
  const paid = await t.ctx.db.payment.aggregate({
    where: { transactionId, status: 'completed' },
    _sum: { amountCents: true, feeCents: true },
  });
  const refunded = await t.ctx.db.refund.aggregate({ where: { transactionId }, _sum: { amountCents: true, feeCents: true } });
  return {
    paidIn: paid._sum.amountCents ?? 0n,
    feeIn: paid._sum.feeCents ?? 0n,
    refunded: refunded._sum.amountCents ?? 0n,
    feeRefunded: refunded._sum.feeCents ?? 0n,
  };
}

const receipt = () => `LATE${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

describe('a negative amount', () => {
  const refusal = (response: { statusCode: number; json: () => { success: boolean; errors?: Record<string, string[]> } }) => {
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    return body.errors?.amount;
  };

  it('is refused as below the bounds on a creation, as negative on a payment, never as not a number', async () => {
    for (const amount of [-5, '-5.00']) {
      const negative = await t.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: bearer(buyer),
        payload: { ...standard(0), amount },
      });
      expect(refusal(negative), String(amount)).toEqual(['Amount must be between 1 and 500,000 KES']);
    }
    const txn = await createTransaction(t, buyer, standard(1500));
    for (const amount of [-5, '-5.00', ' -5']) {
      const paying = await t.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: bearer(buyer),
        payload: { transaction_id: txn.id, amount },
      });
      expect(refusal(paying), String(amount)).toEqual(['Must not be negative']);
    }
    // What is not a number is still said so.
    for (const amount of ['5.001', '-5.001', '--5', 'abc']) {
      const paying = await t.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: bearer(buyer),
        payload: { transaction_id: txn.id, amount },
      });
      expect(refusal(paying), amount).toEqual(['Must be a number with at most 2 decimals']);
    }
    const fee = await t.app.inject({ method: 'GET', url: '/api/v1/charges/calculate?amount=-5' });
    expect(refusal(fee)).toEqual(['Must not be negative']);
  });
});

describe('one prompt at a time', () => {
  it('five simultaneous initiations send one STK push; each answers that payment, or nothing to pay once it is paid', async () => {
    const payer = await makeUser(t.app, { userType: 'buyer' });
    const created = await createTransaction(t, payer, standard(2000));
    const id = expectOnePrompt(await initiateTogether(t, payer, created.id, 5));
    expect(await t.ctx.db.payment.count({ where: { transactionId: created.id } })).toBe(1);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'stk', phone: payer.phone } })).toBe(1);

    // Once that prompt has an answer, the buyer is charged once and nothing more is asked.
    await eventually(async () => (await paymentStatus(t, payer, id)).status === 'completed');
    expect((await detail(t, payer, created.id)).transaction.status).toBe('funded');
    expect(await t.ctx.db.payout.count({ where: { transactionId: created.id } })).toBe(0);
    await expectLedgerHealthy(t);
  });

  it('sends a new prompt once the pending one has failed', async () => {
    const created = await createTransaction(t, buyer, standard(600));
    const cancelled = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
    expect(cancelled.status).toBe('cancelled');
    const again = await pay(t, buyer, created.id);
    expect(again.id).not.toBe(cancelled.id);
  });
});

/** Runs `work` with the M-Pesa rail's collect replaced by `collect` (the real one is passed in). */
async function withCollect<T>(
  collect: (
    real: typeof t.ctx.rails.mpesa.collect,
    request: Parameters<typeof t.ctx.rails.mpesa.collect>[0],
  ) => ReturnType<typeof t.ctx.rails.mpesa.collect>,
  work: () => Promise<T>,
): Promise<T> {
  const rail = t.ctx.rails.mpesa;
  const real = rail.collect.bind(rail);
  rail.collect = (request) => collect(real, request);
  try {
    return await work();
  } finally {
    rail.collect = real;
  }
}

describe('a prompt whose request id was never recorded', () => {
  /** The pay-in of a payer who never answers (…1037), as if its node died before recording the push's id. */
  async function promptWithoutRecordedId(amount: number) {
    const payer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
    const created = await createTransaction(t, payer, standard(amount));
    const sent = await pay(t, payer, created.id);
    const { railRequestId } = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: sent.id } });
    await t.ctx.db.payment.update({ where: { id: sent.id }, data: { railRequestId: null } });
    return { payer, created, paymentId: sent.id as string, checkoutRequestId: railRequestId! };
  }

  it('keeps the payment pending while M-Pesa may still answer: no second prompt, and the late answer credits it once', async () => {
    const { payer, created, paymentId, checkoutRequestId } = await promptWithoutRecordedId(1100);
    await expect(reconcilePayment(t.ctx, { paymentId })).rejects.toBeInstanceOf(StillProcessing);
    expect((await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('pending');
    // The buyer taps Pay again: the same pending payment, no second prompt.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(payer),
      payload: { transaction_id: created.id },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.payment.id).toBe(paymentId);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'stk', phone: payer.phone } })).toBe(1);

    // M-Pesa's answer names the payment in its callback URL, so it lands although the id was never recorded.
    await deliverSuccess(paymentId, receipt(), { checkoutRequestId });
    expect((await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('completed');
    expect((await detail(t, payer, created.id)).transaction.status).toBe('funded');
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    await expectLedgerHealthy(t);
  });

  it('a request whose answer was lost (a timeout) leaves the payment pending (202): the prompt was answered and is credited once', async () => {
    const payer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
    const created = await createTransaction(t, payer, standard(1300));
    const timedOut = new RailError(
      'request to /mpesa/stkpush/v1/processrequest failed: The operation was aborted due to timeout',
      undefined,
      undefined,
      true,
    );
    const first = await withCollect(
      async (real, request) => {
        await real(request);
        throw timedOut;
      },
      () =>
        t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: bearer(payer), payload: { transaction_id: created.id } }),
    );
    expect(first.statusCode, first.body).toBe(202);
    const paymentId = first.json().data.payment.id as string;
    expect(first.json().data.payment.status).toBe('pending');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(payer),
      payload: { transaction_id: created.id },
    });
    expect(again.json().data.payment.id).toBe(paymentId);
    const pushes = await t.ctx.db.mockMpesaRequest.findMany({ where: { kind: 'stk', phone: payer.phone } });
    expect(pushes).toHaveLength(1);
    await deliverSuccess(paymentId, receipt(), { checkoutRequestId: pushes[0]!.id });
    expect((await detail(t, payer, created.id)).transaction.status).toBe('funded');
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    await expectLedgerHealthy(t);
  });

  it('a rail that cannot be reached at all fails the payment at once (502), and the buyer may try again', async () => {
    const payer = await makeUser(t.app, { userType: 'buyer' });
    const created = await createTransaction(t, payer, standard(1400));
    const refused = await withCollect(
      async () => {
        throw new RailError('request to /mpesa/stkpush/v1/processrequest failed: fetch failed (ECONNREFUSED)');
      },
      () =>
        t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: bearer(payer), payload: { transaction_id: created.id } }),
    );
    expect(refused.statusCode, refused.body).toBe(502);
    expect(await t.ctx.db.payment.findFirstOrThrow({ where: { transactionId: created.id } })).toMatchObject({
      status: 'failed',
      failureKind: 'not_sent',
    });
    expect((await pay(t, payer, created.id)).status).toBe('pending');
  });

  it('fails it once a prompt could no longer be answered, without saying the rail was not reached, and the buyer can pay again', async () => {
    const { payer, created, paymentId } = await promptWithoutRecordedId(1200);
    const longAgo = new Date(Date.now() - (UNANSWERED_PROMPT_LIFETIMES * t.config.STK_RECONCILE_AFTER_SECONDS + 1) * 1000);
    await t.ctx.db.payment.update({ where: { id: paymentId }, data: { createdAt: longAgo } });
    await reconcilePayment(t.ctx, { paymentId });
    // The prompt may have reached the phone and expired unanswered: not "we could not reach M-Pesa".
    expect(await t.ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: 'failed',
      failureKind: 'other',
      failureReason: 'M-Pesa could not complete the payment. No money was taken. Please try again.',
    });
    const again = await pay(t, payer, created.id);
    expect(again.id).not.toBe(paymentId);
  });

  it('a payment the reconciliation gives up on texts the buyer, once, in their language: no money was taken, pay again', async () => {
    const payer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(payer),
      payload: { preferred_language: 'sw' },
    });
    expect(language.statusCode, language.body).toBe(200);
    const created = await createTransaction(t, payer, standard(1250));
    // The push reached M-Pesa and its answer was lost: the buyer is told to check their phone (202).
    const first = await withCollect(
      async (real, request) => {
        await real(request);
        throw new RailError(
          'request to /mpesa/stkpush/v1/processrequest failed: The operation was aborted due to timeout',
          undefined,
          undefined,
          true,
        );
      },
      () =>
        t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: bearer(payer), payload: { transaction_id: created.id } }),
    );
    expect(first.statusCode, first.body).toBe(202);
    const paymentId = first.json().data.payment.id as string;
    const longAgo = new Date(Date.now() - (UNANSWERED_PROMPT_LIFETIMES * t.config.STK_RECONCILE_AFTER_SECONDS + 1) * 1000);
    await t.ctx.db.payment.update({ where: { id: paymentId }, data: { createdAt: longAgo } });
    await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });
    await reconcilePayment(t.ctx, { paymentId }); // run again: still one SMS
    expect(await paymentStatus(t, payer, paymentId)).toMatchObject({ status: 'failed' });

    const expected = renderSms('payment_failed', 'sw', { ref: created.reference_number, kind: 'other', rail: 'M-Pesa' });
    const failedSms = (await inboxOf(t, payer.phone)).filter((sms) => sms.message === expected);
    expect(failedSms).toHaveLength(1);
    expect(expected).toContain('Hakuna pesa iliyochukuliwa');
    expect(await t.ctx.db.timelineEvent.count({ where: { transactionId: created.id, eventType: 'payment_failed' } })).toBe(1);
  });
});

describe('a prompt M-Pesa never sent', () => {
  const initiate = (payer: MadeUser, transactionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: bearer(payer), payload: { transaction_id: transactionId } });
  const STK_PUSH = '/mpesa/stkpush/v1/processrequest';

  it.each([
    {
      answer: { status: 400, body: { requestId: 'a-1', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' } },
      kind: 'refused',
    },
    {
      answer: {
        status: 500,
        body: {
          requestId: 'a-2',
          errorCode: '500.001.1001',
          errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
        },
      },
      kind: 'payer_busy',
    },
    {
      answer: { status: 500, body: { requestId: 'a-3', errorCode: '500.003.1001', errorMessage: 'Internal Server Error' } },
      kind: 'not_sent',
    },
  ] as const)(
    'answered $answer.status "$answer.body.errorMessage" to the STK push, is failed at once as $kind (502)',
    async ({ answer, kind }) => {
      const payer = await makeUser(t.app, { userType: 'buyer' });
      const created = await createTransaction(t, payer, standard(1450));
      const response = await throughStandIn(
        t,
        'mpesa',
        (request) => (request.path === STK_PUSH ? answer : undefined),
        () => initiate(payer, created.id),
      );
      expect(response.statusCode, response.body).toBe(502);
      // A refusal is said as one, with what to do; only a rail that did not work is "not reachable".
      expect(response.json().message).toBe(
        kind === 'not_sent'
          ? 'M-Pesa is not reachable right now. Please try again in a moment.'
          : paymentFailureSentence(kind, 'en', 'M-Pesa'),
      );
      const row = await t.ctx.db.payment.findFirstOrThrow({ where: { transactionId: created.id } });
      expect(row).toMatchObject({ status: 'failed', failureKind: kind, resultDesc: kind === 'not_sent' ? null : answer.body.errorMessage });
      expect((await paymentStatus(t, payer, row.id)).failure_reason).toBe(paymentFailureSentence(kind, 'en', 'M-Pesa'));
      expect((await pay(t, payer, created.id)).id).not.toBe(row.id);
    },
  );

  it('for want of an access token is failed at once as not sent (502), not left pending as if the prompt were on the phone', async () => {
    const payer = await makeUser(t.app, { userType: 'buyer' });
    const created = await createTransaction(t, payer, standard(1550));
    // The token request reaches Daraja and its answer is lost, as in a timeout.
    const { response, paths } = await throughStandIn(
      t,
      'mpesa',
      (request) => (request.path.startsWith('/oauth/v1/generate') ? 'cut' : undefined),
      async (standIn) => ({ response: await initiate(payer, created.id), paths: standIn.requests.map((request) => request.path) }),
    );
    expect(paths).toEqual(['/oauth/v1/generate?grant_type=client_credentials']);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().message).toBe('M-Pesa is not reachable right now. Please try again in a moment.');
    expect(await t.ctx.db.payment.findFirstOrThrow({ where: { transactionId: created.id } })).toMatchObject({
      status: 'failed',
      failureKind: 'not_sent',
    });
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'stk', phone: payer.phone } })).toBe(0);
  });
});

describe('nothing dropped', () => {
  it('a success arriving after the payment was reported cancelled funds the transaction still owed', async () => {
    const created = await createTransaction(t, buyer, standard(900));
    const cancelled = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
    expect(cancelled.status).toBe('cancelled');

    const lateReceipt = receipt();
    await deliverSuccess(cancelled.id, lateReceipt);
    await deliverSuccess(cancelled.id, lateReceipt); // and again: credited once

    expect(await paymentStatus(t, buyer, cancelled.id)).toMatchObject({
      status: 'completed',
      mpesa_receipt: lateReceipt,
      failure_reason: null,
    });
    const data = await detail(t, buyer, created.id);
    expect(data.transaction).toMatchObject({ status: 'funded', amount_paid: '900.00' });
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(90_000n);
    expect(await t.ctx.db.refund.count({ where: { transactionId: created.id } })).toBe(0);
    await expectLedgerHealthy(t);
  });

  it('a late success for a transaction already funded is refunded in full, once, to the phone that paid it; a later cancel gives the fee back once', async () => {
    const created = await createTransaction(t, buyer, standard(1000));
    const otherPhone = randomPhone('1032');
    const cancelled = await payAndSettle(t, buyer, created.id, { phone_number: otherPhone });
    expect(cancelled.status).toBe('cancelled');
    const paid = await payAndSettle(t, buyer, created.id);
    expect(paid.status).toBe('completed');

    await Promise.all([deliverSuccess(cancelled.id, receipt()), deliverSuccess(cancelled.id, receipt())]);
    await deliverSuccess(cancelled.id, receipt());

    expect((await paymentStatus(t, buyer, cancelled.id)).status).toBe('completed');
    let refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id }, include: { payout: true } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ paymentId: cancelled.id, amountCents: 102_500n, feeCents: 0n, reason: 'overpayment' });
    expect(refunds[0]!.payout).toMatchObject({ recipientPhone: otherPhone, amountCents: 102_500n });
    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'funded', amount_paid: '1000.00' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(100_000n);
    // The fee was taken once, from the payment that funded the transaction.
    expect(-(await accountBalance(t.ctx.db, 'platform_fees', created.id))).toBe(2_500n);

    const cancel = await action(t, buyer, created.id, 'cancel', { reason: 'Found it cheaper' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.transaction.status).toBe('refunded');
    refunds = await t.ctx.db.refund.findMany({
      where: { transactionId: created.id },
      include: { payout: true },
      orderBy: { createdAt: 'asc' },
    });
    expect(refunds).toHaveLength(2);
    expect(refunds[1]).toMatchObject({ paymentId: paid.id, amountCents: 102_500n, feeCents: 2_500n });
    expect(refunds[1]!.payout!.recipientPhone).toBe(buyer.phone);

    const money = await moneyInAndOut(created.id);
    expect(money).toEqual({ paidIn: 205_000n, feeIn: 2_500n, refunded: 205_000n, feeRefunded: 2_500n });
    // The page says the same: both payments paid in, both given back, refunds not more than paid in.
    expect((await detail(t, buyer, created.id)).transaction.quote).toMatchObject({
      paid_in: '2050.00',
      refunded: '2050.00',
      fee_paid: '0.00',
    });
    expect(await accountBalance(t.ctx.db, 'platform_fees', created.id)).toBe(0n);
    const payouts = await settlePayouts(t, created.id);
    expect(payouts.map((payout) => payout.status)).toEqual(['completed', 'completed']);
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    await expectLedgerHealthy(t);
  });

  it('a success seen only by the STK query is credited without a receipt; the callback that comes later fills it in', async () => {
    const created = await createTransaction(t, buyer, standard(700));
    const payment = await pay(t, buyer, created.id, { phone_number: randomPhone('1037') });
    // The customer paid, but M-Pesa's callback was lost: only the STK query tells.
    await t.ctx.db.mockMpesaRequest.update({
      where: { id: payment.checkout_request_id },
      data: { resultCode: 0, resultDesc: 'The service request is processed successfully.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 400)); // the mock's query answers after 300 ms here
    await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });

    const settled = await paymentStatus(t, buyer, payment.id);
    expect(settled).toMatchObject({ status: 'completed', mpesa_receipt: null });
    const row = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(row.resultDesc).toBe(RECEIPTLESS_SUCCESS.query);
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('funded');
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(70_000n);

    const lateReceipt = receipt();
    await deliverSuccess(payment.id, lateReceipt);
    expect((await paymentStatus(t, buyer, payment.id)).mpesa_receipt).toBe(lateReceipt);
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    await expectLedgerHealthy(t);
  });

  it('a forged late success carrying the receipt of another payment credits nothing', async () => {
    const created = await createTransaction(t, buyer, standard(500));
    const paid = await payAndSettle(t, buyer, created.id);
    const other = await createTransaction(t, buyer, standard(500));
    const cancelled = await payAndSettle(t, buyer, other.id, { phone_number: randomPhone('1032') });
    await deliverSuccess(cancelled.id, paid.mpesa_receipt!);
    expect((await paymentStatus(t, buyer, cancelled.id)).status).toBe('cancelled');
    expect((await detail(t, buyer, other.id)).transaction.status).toBe('pending');
  });
});

describe('a success reporting another amount than asked', () => {
  /** The prompt's answer, as M-Pesa would report it, and the status query that follows it. */
  async function answerWith(amount: number) {
    const created = await createTransaction(t, buyer, standard(1000));
    const payerPhone = randomPhone('1037'); // the mock sends no callback of its own
    const payment = await pay(t, buyer, created.id, { phone_number: payerPhone });
    expect(payment.amount).toBe('1025.00');
    const paidReceipt = receipt();
    await deliverSuccess(payment.id, paidReceipt, { amount });
    await deliverSuccess(payment.id, paidReceipt, { amount }); // and again: booked once
    await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });
    return { created, payment, payerPhone, paidReceipt };
  }

  it('less than asked is booked as received and given back in full to the phone that paid, no fee taken; the buyer may pay again', async () => {
    const { created, payment, payerPhone, paidReceipt } = await answerWith(1);

    expect(await paymentStatus(t, buyer, payment.id)).toMatchObject({ status: 'completed', amount: '1.00', mpesa_receipt: paidReceipt });
    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'pending', amount_paid: '0.00' });
    const refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id }, include: { payout: true } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ paymentId: payment.id, amountCents: 100n, feeCents: 0n, reason: 'overpayment' });
    expect(refunds[0]!.payout).toMatchObject({ recipientPhone: payerPhone, amountCents: 100n });
    expect(await moneyInAndOut(created.id)).toEqual({ paidIn: 100n, feeIn: 0n, refunded: 100n, feeRefunded: 0n });
    const row = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(row.resultDesc).toContain('asked 1025.00, received 1.00');

    // Nothing is pending any more: the buyer's next tap sends a new prompt for the full amount.
    const again = await pay(t, buyer, created.id);
    expect(again).toMatchObject({ status: 'pending', amount: '1025.00' });
    await expectLedgerHealthy(t);
  });

  it('more than asked funds the transaction and gives the excess back, fee taken once', async () => {
    const { created, payment, payerPhone } = await answerWith(1525);

    expect(await paymentStatus(t, buyer, payment.id)).toMatchObject({ status: 'completed', amount: '1525.00' });
    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'funded', amount_paid: '1000.00' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(100_000n);
    expect(-(await accountBalance(t.ctx.db, 'platform_fees', created.id))).toBe(2_500n);
    const refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id }, include: { payout: true } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ paymentId: payment.id, amountCents: 50_000n, feeCents: 0n });
    expect(refunds[0]!.payout).toMatchObject({ recipientPhone: payerPhone, amountCents: 50_000n });
    await expectLedgerHealthy(t);
  });
});

describe('refunds bounded by what was paid in', () => {
  it('refunds a plan paid from two phones to each phone, each at most what it paid', async () => {
    const deposit = await makeUser(t.app, { userType: 'buyer' });
    const otherPhone = randomPhone();
    const created = await createTransaction(t, deposit, {
      seller_phone: seller.phone,
      amount: 7_000,
      total_cost: 35_000,
      installment_months: 6,
      product_name: 'Sofa set',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    const first = await payAndSettle(t, deposit, created.id);
    const second = await payAndSettle(t, deposit, created.id, { phone_number: otherPhone });
    expect([first.status, second.status]).toEqual(['completed', 'completed']);

    const cancelled = await action(t, seller, created.id, 'cancel', { reason: 'Out of stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const payouts = await settlePayouts(t, created.id);
    const byPhone = Object.fromEntries(payouts.map((payout) => [payout.recipientPhone, payout.amountCents]));
    const payments = await t.ctx.db.payment.findMany({ where: { transactionId: created.id, status: 'completed' } });
    expect(byPhone).toEqual(Object.fromEntries(payments.map((payment) => [payment.payerPhone, payment.amountCents])));
    expect(Object.keys(byPhone).sort()).toEqual([deposit.phone, otherPhone].sort());
    const money = await moneyInAndOut(created.id);
    expect(money.refunded).toBe(money.paidIn);
    expect(money.feeRefunded).toBe(money.feeIn);
    await expectLedgerHealthy(t);
  });

  it('the use-case refuses to refund more than was paid in (422), fee included', async () => {
    const created = await createTransaction(t, buyer, standard(800));
    await payAndSettle(t, buyer, created.id);
    const refund = (price: bigint, fee: bigint) =>
      inTransaction(t.ctx.db, async (tx) => {
        const txn = await lockTransaction(tx, created.id);
        return refundBuyer(t.ctx, tx, txn, { price, fee, reason: 'dispute_refund', key: `test:${price}:${fee}` });
      });
    // Paid in: the price 800 and the buyer's fee share; neither part can be given back beyond what it was.
    const { buyerFeeCents: fee } = await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } });
    expect(fee).toBeGreaterThan(0n);
    await expect(refund(80_100n, 0n)).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
    await expect(refund(0n, fee + 100n)).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
    expect(await refund(80_000n, fee)).toBe(80_000n + fee);
    await expect(refund(100n, 0n)).rejects.toMatchObject({ code: 'BUSINESS_RULE' }); // nothing is left
    expect(await t.ctx.db.refund.count({ where: { transactionId: created.id } })).toBe(1);
  });

  it('the database refuses, at commit, a refund beyond what was paid in and an overdrawn ledger account', async () => {
    const created = await createTransaction(t, buyer, standard(400));
    await payAndSettle(t, buyer, created.id);
    await expect(
      t.ctx.db.refund.create({ data: { transactionId: created.id, reason: 'dispute_refund', amountCents: 42_600n } }), // 400 + 25 paid
    ).rejects.toThrow(/exceed what was paid in/);
    await expect(
      t.ctx.db.refund.create({ data: { transactionId: created.id, reason: 'dispute_refund', amountCents: 5_000n, feeCents: 5_000n } }),
    ).rejects.toThrow(/exceed what was paid in/);
    // The fee was 25: giving back 50 of it overdraws the platform's fee income for this transaction.
    await expect(
      inTransaction(t.ctx.db, (tx) =>
        postJournal(tx, {
          key: `test:overdraw:${created.id}`,
          kind: 'refund',
          transactionId: created.id,
          description: 'a fee refunded twice',
          postings: [
            { account: 'platform_fees', amount: 5_000n },
            { account: 'refunds_payable', amount: -5_000n },
          ],
        }),
      ),
    ).rejects.toThrow(/would be overdrawn/);
    expect(await t.ctx.db.refund.count({ where: { transactionId: created.id } })).toBe(0);
    await expectLedgerHealthy(t);
  });
});

describe('payouts reconciled', () => {
  /** A released transaction whose seller payout is on its way to `sellerPhone`. */
  async function releasedTo(sellerPhone: string, amount: number) {
    const payee = await makeUser(t.app, { userType: 'seller', phone: sellerPhone });
    const created = await createTransaction(t, buyer, standard(amount, payee.phone));
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, payee, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    return { created, payee };
  }
  /** Runs due jobs — payout sends at once, whatever their backoff — until `check` holds. */
  const drainUntil = (check: () => Promise<boolean>) =>
    eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 3600_000) });
      await t.ctx.jobs.drain();
      return check();
    }, 20_000);

  it('a payout whose B2C result never comes (…1037) is settled by a Transaction Status query, paid by one B2C request', async () => {
    const { created, payee } = await releasedTo(randomPhone('1037'), 1500);
    await t.ctx.jobs.drain({ queues: ['payouts.send'] });
    const sent = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id } });
    expect(sent.status).toBe('processing');

    const payout = await drainUntil(
      async () => (await t.ctx.db.payout.findUniqueOrThrow({ where: { id: sent.id } })).status === 'completed',
    ).then(() => t.ctx.db.payout.findUniqueOrThrow({ where: { id: sent.id } }));
    expect(payout).toMatchObject({ attempts: 1, railRequestId: sent.railRequestId });
    expect(payout.railReceipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(payout.statusQueries).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'b2c', phone: payee.phone } })).toBe(1);
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { kind: 'status', queriedId: sent.railRequestId } })).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'payout' } })).toBe(1);
    const events = (await detail(t, payee, created.id)).timeline.map((event: { event_type: string }) => event.event_type);
    expect(events).toContain('payout_completed');
    await expectLedgerHealthy(t);
  });

  it('a B2C request whose answer is lost is not sent again; it is sent with a new request id only after the query says M-Pesa never had it', async () => {
    const mpesa = t.ctx.rails.mpesa;
    const realB2c = mpesa.payOut;
    let calls = 0;
    // The request reaches nobody and the answer is a network error: was it paid? Nobody knows yet.
    mpesa.payOut = async (request) => {
      calls += 1;
      if (calls === 1) throw new RailError('request to /mpesa/b2c/v3/paymentrequest failed: socket hang up');
      return realB2c(request);
    };
    try {
      const { created, payee } = await releasedTo(randomPhone('1037'), 1700);
      await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 3600_000) });
      const first = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id } });
      expect(first).toMatchObject({ status: 'processing', attempts: 1 });
      expect(calls).toBe(1); // no blind resend with the same id

      await drainUntil(async () => (await t.ctx.db.payout.findUniqueOrThrow({ where: { id: first.id } })).status === 'completed');
      const payout = await t.ctx.db.payout.findUniqueOrThrow({ where: { id: first.id } });
      expect(payout.attempts).toBe(2);
      expect(payout.railRequestId).not.toBe(first.railRequestId);
      expect(calls).toBe(2);
      const requests = await t.ctx.db.mockMpesaRequest.findMany({ where: { kind: 'b2c', phone: payee.phone } });
      expect(requests.map((request) => request.id)).toEqual([payout.railRequestId]);
      expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'payout' } })).toBe(1);
    } finally {
      mpesa.payOut = realB2c;
    }
    await expectLedgerHealthy(t);
  });

  it('an admin retries a failed payout or returns its money to the buyer; 409 where not allowed; others refused', async () => {
    const { created, payee } = await releasedTo(randomPhone('2040'), 1100);
    const failed = await failedSellerPayout(t, created.id);
    const post = (user: MadeUser | null, path: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/payouts/${failed.id}/${path}`, headers: user ? bearer(user) : {} });

    const alerts = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
    expect(alerts.json().data.payouts.find((row: { payout_id: string }) => row.payout_id === failed.id)).toMatchObject({
      status: 'failed',
      allowed_actions: ['retry', 'return_to_buyer'],
    });

    expect((await post(null, 'retry')).statusCode).toBe(401);
    expect((await post(payee, 'retry')).statusCode).toBe(403);
    expect((await post(buyer, 'return_to_buyer')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/payouts/not-an-id/retry', headers: bearer(admin) })).statusCode).toBe(
      400,
    );

    const retried = await post(admin, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.payout).toMatchObject({ status: 'pending', allowed_actions: [] });
    expect((await post(admin, 'retry')).statusCode).toBe(409); // not failed (any more)
    const failedAgain = await eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payouts.send'] });
      const row = await t.ctx.db.payout.findUniqueOrThrow({ where: { id: failed.id } });
      return row.status === 'failed' ? row : null;
    }, 20_000);
    expect(failedAgain.attempts).toBe(failed.attempts + 1);
    expect(failedAgain.railRequestId).not.toBe(failed.railRequestId);

    const returned = await post(admin, 'return_to_buyer');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.payout).toMatchObject({ status: 'returned', amount: formatCents(failed.amountCents) });
    expect((await post(admin, 'return_to_buyer')).statusCode).toBe(409);
    expect((await post(admin, 'retry')).statusCode).toBe(409);

    // The seller was never paid: the escrow is unwound, and the buyer gets back all they paid, the fees
    // (theirs and the seller's share the release took) included.
    const paidIn = await t.ctx.db.payment.aggregate({
      where: { transactionId: created.id, status: 'completed' },
      _sum: { amountCents: true },
    });
    const refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id }, include: { payout: true } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reason: 'payout_returned', amountCents: paidIn._sum.amountCents });
    expect(refunds[0]!.amountCents).toBeGreaterThan(failed.amountCents);
    expect(refunds[0]!.payout!.recipientPhone).toBe(buyer.phone);
    await eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payouts.send'] });
      return (await t.ctx.db.payout.findUniqueOrThrow({ where: { id: refunds[0]!.payoutId! } })).status === 'completed';
    });
    expect(await accountBalance(t.ctx.db, 'seller_payable', created.id)).toBe(0n);
    expect(await accountBalance(t.ctx.db, 'platform_fees', created.id)).toBe(0n);
    const view = await detail(t, buyer, created.id);
    expect(view.transaction).toMatchObject({ status: 'refunded', refunded_amount: formatCents(paidIn._sum.amountCents!) });
    // The return reads before the refund it makes, naming what the refund gives back.
    const types: string[] = view.timeline.map((event: { event_type: string }) => event.event_type);
    expect(types.slice(types.lastIndexOf('payout_failed') + 1)).toEqual(['payout_returned', 'refund_initiated', 'refund_completed']);
    expect(view.timeline.find((event: { event_type: string }) => event.event_type === 'payout_returned')).toMatchObject({
      description: `The seller could not be paid, so the mediation team returned ${formatKes(paidIn._sum.amountCents!)} to the buyer`,
      data: { amount: formatCents(paidIn._sum.amountCents!), payout_id: failed.id },
    });
    const texts = await t.ctx.db.smsMessage.findMany({
      where: { transactionId: created.id, template: { in: ['payout_returned_buyer', 'payout_returned_seller'] } },
      orderBy: { template: 'asc' },
    });
    expect(texts.map((sms) => [sms.template, sms.phoneNumber])).toEqual([
      ['payout_returned_buyer', buyer.phone],
      ['payout_returned_seller', payee.phone],
    ]);
    expect(texts[0]!.message).toContain(`so ${formatKes(paidIn._sum.amountCents!)} (fees included) is being refunded`);
    // The seller reads the payout they missed and the refund the page shows, each named for what it is.
    expect(texts[1]!.message).toBe(
      `${created.reference_number}: we could not send ${formatKes(failed.amountCents)} to your M-Pesa, so the buyer gets back all they paid, ` +
        `${formatKes(paidIn._sum.amountCents!)} with fees. Questions? Call 0709 384 400.`,
    );
    const audits = await t.ctx.db.auditLog.findMany({ where: { entity: 'payout', entityId: failed.id }, orderBy: { createdAt: 'asc' } });
    expect(audits.map((row) => [row.action, row.actorId])).toEqual([
      ['payout.retry', admin.id],
      ['payout.return_to_buyer', admin.id],
    ]);
    const refundPayout = await t.ctx.db.payout.findUniqueOrThrow({ where: { id: refunds[0]!.payoutId! } });
    const refundRetry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${refundPayout.id}/return_to_buyer`,
      headers: bearer(admin),
    });
    expect(refundRetry.statusCode).toBe(409);
    await expectLedgerHealthy(t);
  });

  it('a split ruling whose seller payout fails: returning it gives the buyer the rest of what they paid, fees included', async () => {
    const payee = await makeUser(t.app, { userType: 'seller', phone: randomPhone('2040') });
    const created = await createTransaction(t, buyer, standard(2_000, payee.phone));
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, payee, created.id, 'dispatch')).statusCode).toBe(200);
    const opened = await action(t, buyer, created.id, 'dispute', { reason: 'Two keys missing', dispute_type: 'not_as_described' });
    expect(opened.statusCode, opened.body).toBe(200);
    const disputeId = (await detail(t, buyer, created.id)).dispute.id as string;
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'split', buyer_amount: 500, note: 'Keys missing: part refund' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);

    // The buyer's part is paid; the seller's is refused by M-Pesa (…2040).
    const failed = await eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 24 * 3600_000) });
      const rows = await t.ctx.db.payout.findMany({ where: { transactionId: created.id } });
      const sellerPayout = rows.find((row) => row.kind === 'seller_payout');
      const splitRefund = rows.find((row) => row.kind === 'buyer_refund');
      return sellerPayout?.status === 'failed' && splitRefund?.status === 'completed' ? sellerPayout : null;
    }, 20_000);
    const returned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${failed.id}/return_to_buyer`,
      headers: bearer(admin),
    });
    expect(returned.statusCode, returned.body).toBe(200);

    const paidIn = (
      await t.ctx.db.payment.aggregate({ where: { transactionId: created.id, status: 'completed' }, _sum: { amountCents: true } })
    )._sum.amountCents!;
    const refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id }, orderBy: { createdAt: 'asc' } });
    expect(refunds.map((refund) => [refund.reason, refund.amountCents])).toEqual([
      ['dispute_split', 50_000n],
      // The seller's part (their payout and the fee share the release took) and the buyer's whole fee.
      ['payout_returned', paidIn - 50_000n],
    ]);
    expect(refunds[1]!.amountCents).toBeGreaterThan(failed.amountCents);
    await eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payouts.send'] });
      return (await t.ctx.db.payout.findUniqueOrThrow({ where: { id: refunds[1]!.payoutId! } })).status === 'completed';
    });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    expect(await accountBalance(t.ctx.db, 'seller_payable', created.id)).toBe(0n);
    expect(await accountBalance(t.ctx.db, 'platform_fees', created.id)).toBe(0n);
    const view = await detail(t, buyer, created.id);
    expect(view.transaction).toMatchObject({ status: 'refunded', refunded_amount: formatCents(paidIn) });
    expect(view.timeline.map((event: { event_type: string }) => event.event_type)).toContain('payout_returned');
    await expectLedgerHealthy(t);
  });
});

describe('the inspection window', () => {
  async function dispatched(amount: number) {
    const created = await createTransaction(t, buyer, standard(amount));
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    return created;
  }

  it('refuses a dispute once the inspection window has passed (422), even before the auto-release ran', async () => {
    const created = await dispatched(1300);
    await t.ctx.db.transaction.update({ where: { id: created.id }, data: { inspectionEndsAt: new Date(Date.now() - 1000) } });
    for (const party of [buyer, seller]) {
      const late = await action(t, party, created.id, 'dispute', { reason: 'The screen is cracked' });
      expect(late.statusCode, late.body).toBe(422);
      expect(late.json()).toMatchObject({ success: false, code: 'BUSINESS_RULE' });
      expect(late.json().message).toMatch(/inspection period ended/);
    }
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('dispatched');
  });

  it('a failed auto-release is alerted and retried by the maintenance sweep until the seller is paid', async () => {
    const created = await dispatched(1400);
    await t.ctx.db.transaction.update({ where: { id: created.id }, data: { inspectionEndsAt: new Date(Date.now() - 20 * 60_000) } });
    // The auto-release job used up its attempts (e.g. the database was down each time).
    await t.ctx.db.$queryRaw`
      SELECT id FROM graphile_worker.permanently_fail_jobs(
        ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ${`auto-release:${created.id}`}), 'connection refused')`;
    const alerts = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
    expect(alerts.json().data.overdue_releases.map((row: { transaction_id: string }) => row.transaction_id)).toContain(created.id);
    expect(alerts.json().data.counts.overdue_releases).toBeGreaterThanOrEqual(1);

    const report = await runMaintenance(t.ctx);
    expect(report.overdueReleases).toBeGreaterThanOrEqual(1);
    await t.ctx.jobs.drain({ queues: ['transactions.auto_release'] });
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('completed');
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
    expect(after.json().data.overdue_releases.map((row: { transaction_id: string }) => row.transaction_id)).not.toContain(created.id);
  });
});

// Last: it breaks the books on purpose (with the database's own checks switched off) to see health notice.
describe('admin health', () => {
  it('shows platform_fees, checks every account and the refund bound of every transaction', async () => {
    const health = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/health', headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.ledger;
    };
    const report = await checkLedgerInvariants(t.ctx.db);
    expect(report.platformFees).toBeGreaterThan(0n);
    expect(await health()).toMatchObject({
      status: 'ok',
      platform_fees: formatCents(report.platformFees),
      refund_bound_violations: 0,
      overdrawn_balances: 0,
    });

    const created = await createTransaction(t, buyer, standard(300));
    await payAndSettle(t, buyer, created.id);
    await t.ctx.db.$executeRawUnsafe('ALTER TABLE refunds DISABLE TRIGGER refunds_bounded');
    await t.ctx.db.$executeRawUnsafe('ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_not_overdrawn');
    try {
      await t.ctx.db.refund.create({
        data: { transactionId: created.id, reason: 'dispute_refund', amountCents: 40_000n, feeCents: 2_000n },
      });
      await inTransaction(t.ctx.db, (tx) =>
        postJournal(tx, {
          key: `test:fee-twice:${created.id}`,
          kind: 'refund',
          transactionId: created.id,
          description: 'a fee refunded twice',
          postings: [
            { account: 'platform_fees', amount: 5_000n },
            { account: 'refunds_payable', amount: -5_000n },
          ],
        }),
      );
    } finally {
      await t.ctx.db.$executeRawUnsafe('ALTER TABLE refunds ENABLE TRIGGER refunds_bounded');
      await t.ctx.db.$executeRawUnsafe('ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_not_overdrawn');
    }
    expect(await health()).toMatchObject({ status: 'critical', refund_bound_violations: 1, overdrawn_balances: 1 });
  });
});
