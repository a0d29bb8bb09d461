/** The escrow engine over HTTP, with the Daraja mock calling back over real HTTP. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { Prisma } from '../src/db/prisma.ts';
import { escrowBalance } from '../src/modules/ledger/ledger.ts';
import { bearer, makeUser, randomPhone, type MadeUser } from './factories.ts';
import {
  action,
  createTransaction,
  detail,
  expectLedgerHealthy,
  pay,
  payAndSettle,
  paymentStatus,
  settlePayouts,
} from './escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from './helpers.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let stranger: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  stranger = await makeUser(t.app, { userType: 'both' });
});
afterAll(() => t?.close());

const standard = (amount = 1000) => ({
  seller_phone: `0${seller.phone.slice(3)}`,
  amount,
  product_name: 'Samsung A15 phone',
  transaction_type: 'standard',
});

describe('happy path', () => {
  it('creates, pays by STK push, dispatches, releases and pays the seller by B2C', async () => {
    const created = await createTransaction(t, buyer, standard(1000));
    expect(created).toMatchObject({ status: 'pending', amount: '1000.00', amount_due: '1025.00' });
    expect(created.reference_number).toMatch(/^ESC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const payment = await payAndSettle(t, buyer, created.id);
    expect(payment).toMatchObject({ status: 'completed', amount: '1025.00' });
    expect(payment.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    let data = await detail(t, buyer, created.id);
    expect(data.transaction).toMatchObject({ status: 'funded', amount_paid: '1000.00', amount_due: '0.00' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(100_000n);

    const dispatched = await action(t, seller, created.id, 'dispatch');
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json().data.transaction.status).toBe('dispatched');

    const released = await action(t, buyer, created.id, 'release_payment');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.transaction.status).toBe('completed');

    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ status: 'completed', kind: 'seller_payout', recipientPhone: seller.phone, amountCents: 97_500n });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);

    data = await detail(t, seller, created.id);
    const events = data.timeline.map((event: { event_type: string }) => event.event_type);
    expect(events).toEqual(
      expect.arrayContaining([
        'transaction_initiated',
        'payment_initiated',
        'payment_completed',
        'transaction_funded',
        'dispatch_confirmed',
        'delivery_confirmed',
        'payment_released',
        'payout_completed',
      ]),
    );
    // The release reads before the payout it makes.
    expect(events.slice(events.indexOf('delivery_confirmed') + 1)).toEqual(['payment_released', 'payout_initiated', 'payout_completed']);
    expect(data.timeline.find((event: { event_type: string }) => event.event_type === 'payment_completed')).toMatchObject({
      type: 'payment',
    });
    expect(data.charges).toEqual({ buyer_charge: '25.00', seller_charge: '25.00', total_service_charge: '50.00' });
    expect(data.payment_status).toEqual({ total_payments: 1, successful_payments: 1, failed_payments: 0 });

    const report = await expectLedgerHealthy(t);
    expect(report.cashBalances.mpesa_paybill).toBeGreaterThanOrEqual(5_000n);

    // Both parties heard about every step by SMS.
    await t.ctx.jobs.drain();
    const sms = await t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id } });
    expect(sms.filter((m) => m.phoneNumber === buyer.phone).map((m) => m.template)).toEqual(
      expect.arrayContaining(['transaction_created_buyer', 'payment_received_buyer', 'dispatched_buyer', 'released_buyer']),
    );
    expect(sms.filter((m) => m.phoneNumber === seller.phone).map((m) => m.template)).toEqual(
      expect.arrayContaining(['transaction_created_seller', 'payment_received_seller', 'released_seller', 'payout_sent']),
    );
    // Sent, and possibly already confirmed by the gateway's delivery report.
    expect(sms.every((m) => m.status === 'sent' || m.status === 'delivered')).toBe(true);
  });

  it('prices protected escrow with the with_dispute band', async () => {
    const created = await createTransaction(t, buyer, { ...standard(1000), transaction_type: 'protected' });
    expect(created.amount_due).toBe('1037.00');
  });
});

describe('access and state rules', () => {
  it('answers 404 to a stranger, 403 to the wrong party and 409 to an illegal action', async () => {
    const created = await createTransaction(t, buyer, standard(500));
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${created.id}`, headers: bearer(stranger) })).statusCode).toBe(404);
    expect((await action(t, stranger, created.id, 'cancel')).statusCode).toBe(404);
    const wrongParty = await action(t, buyer, created.id, 'dispatch');
    expect(wrongParty.statusCode).toBe(409); // pending: nothing to dispatch yet
    await payAndSettle(t, buyer, created.id);
    const buyerDispatch = await action(t, buyer, created.id, 'dispatch');
    expect(buyerDispatch.statusCode).toBe(403);
    expect(buyerDispatch.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const early = await action(t, buyer, created.id, 'release_payment');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('INVALID_STATE');
  });

  it('rejects buyer = seller with 422 and bad input with 400 naming the field', async () => {
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bearer(buyer),
      payload: { ...standard(), seller_phone: buyer.phone },
    });
    expect(self.statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bearer(buyer),
      payload: { ...standard(), seller_phone: '12345', amount: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['seller_phone', 'amount']));
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bearer(buyer),
      payload: { ...standard(), product_name: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.product_name).toBeDefined();
    const noAuth = await t.app.inject({ method: 'POST', url: '/api/transactions', payload: standard() });
    expect(noAuth.statusCode).toBe(401);
  });

  it('lets a buyer name a seller who has no account yet', async () => {
    const created = await createTransaction(t, buyer, { ...standard(), seller_phone: randomPhone() });
    expect(created.status).toBe('pending');
  });

  it("lists only the caller's transactions, with filters, search and a summary", async () => {
    const other = await makeUser(t.app, { userType: 'buyer' });
    const mine = await createTransaction(t, other, standard(2000));
    const list = await t.app.inject({ method: 'GET', url: '/api/transactions?per_page=5', headers: bearer(other) });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.transactions.map((row: { id: string }) => row.id)).toEqual([mine.id]);
    expect(data.pagination).toEqual({ current_page: 1, per_page: 5, total_pages: 1, total_count: 1 });
    expect(data.summary).toEqual({ total: 1, completed: 0, pending: 1, total_value: '2000.00' });
    expect(data.transactions[0].latest_event.event_type).toBe('transaction_initiated');
    const search = await t.app.inject({ method: 'GET', url: `/api/transactions?search=${mine.reference_number}`, headers: bearer(other) });
    expect(search.json().data.transactions).toHaveLength(1);
    const filtered = await t.app.inject({ method: 'GET', url: '/api/transactions?status=completed', headers: bearer(other) });
    expect(filtered.json().data.transactions).toHaveLength(0);

    // A cancelled transaction was never paid: it counts among the transactions, not in their value.
    const calledOff = await createTransaction(t, other, standard(450_000));
    expect((await action(t, other, calledOff.id, 'cancel')).statusCode).toBe(200);
    // The kept totals, a search (Prisma) and an amount range (counted rows) read the summary three ways.
    for (const query of ['', '?search=Samsung', '?amount_min=1']) {
      const after = await t.app.inject({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(other) });
      expect(after.json().data.summary, query).toEqual({ total: 2, completed: 0, pending: 1, total_value: '2000.00' });
    }
    const onlyCancelled = await t.app.inject({ method: 'GET', url: '/api/transactions?status=cancelled', headers: bearer(other) });
    expect(onlyCancelled.json().data.summary).toEqual({ total: 1, completed: 0, pending: 0, total_value: '0.00' });
  });
});

describe('the Daraja mock customers', () => {
  it.each([
    ['1032', 'cancelled', 'cancelled_by_payer', 'Request cancelled by user'],
    ['0001', 'failed', 'insufficient_funds', 'The balance is insufficient for the transaction.'],
    ['2001', 'failed', 'wrong_pin', 'The initiator information is invalid.'],
  ] as const)('a phone ending %s leaves the payment %s', async (ending, status, kind, railText) => {
    const created = await createTransaction(t, buyer, standard(300));
    const payment = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone(ending) });
    // People read the plain sentence; M-Pesa's own words stay in result_desc, for staff.
    expect(payment).toMatchObject({ status, failure_reason: paymentFailureSentence(kind, 'en', 'M-Pesa'), mpesa_receipt: null });
    expect(await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      resultDesc: railText,
      failureKind: kind,
    });
    const data = await detail(t, buyer, created.id);
    expect(data.transaction.status).toBe('pending');
    expect(data.timeline.at(-1)).toMatchObject({ event_type: 'payment_failed', type: 'payment' });
    expect(data.payment_status.failed_payments).toBe(1);
  });

  it('settles a payment whose callback never comes (…1037) by STK query', async () => {
    const created = await createTransaction(t, buyer, standard(300));
    const payment = await pay(t, buyer, created.id, { phone_number: randomPhone('1037') });
    await new Promise((resolve) => setTimeout(resolve, 400)); // the mock's customer "times out" after 300 ms here
    expect((await paymentStatus(t, buyer, payment.id)).status).toBe('pending');
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 3600_000) });
    const settled = await paymentStatus(t, buyer, payment.id);
    expect(settled).toMatchObject({ status: 'failed', failure_reason: paymentFailureSentence('timeout', 'en', 'M-Pesa') });
  });

  it('retries a B2C payout that fails (…2040) and then marks it failed', async () => {
    const unregisteredSeller = await makeUser(t.app, { userType: 'seller', phone: randomPhone('2040') });
    const created = await createTransaction(t, buyer, { ...standard(800), seller_phone: unregisteredSeller.phone });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, unregisteredSeller, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    const payouts = await eventually(async () => {
      await t.ctx.jobs.drain({ until: new Date(Date.now() + 24 * 3600_000) });
      const rows = await t.ctx.db.payout.findMany({ where: { transactionId: created.id } });
      return rows.every((row) => row.status === 'failed') ? rows : null;
    }, 20_000);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ attempts: 3, resultCode: 2040 });
    const data = await detail(t, unregisteredSeller, created.id);
    expect(data.timeline.at(-1)).toMatchObject({ event_type: 'payout_failed' });
    await expectLedgerHealthy(t);
  });
});

describe('exactly once', () => {
  it('pays the seller once when 30 release_payment calls arrive at once', async () => {
    const created = await createTransaction(t, buyer, standard(1500));
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 30 }, () => action(t, buyer, created.id, 'release_payment')));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(29);
    expect(await t.ctx.db.payout.count({ where: { transactionId: created.id } })).toBe(1);
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'release' } })).toBe(1);
    await expectLedgerHealthy(t);
  });

  it('credits once when the same callback is delivered 20 times', async () => {
    const created = await createTransaction(t, buyer, standard(700));
    const payment = await pay(t, buyer, created.id);
    const settled = await eventually(async () => {
      const row = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.status === 'completed' ? row : null;
    });
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: settled.merchantRequestId,
          CheckoutRequestID: settled.railRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 740 },
              { Name: 'MpesaReceiptNumber', Value: settled.railReceipt },
              { Name: 'PhoneNumber', Value: Number(buyer.phone) },
            ],
          },
        },
      },
    };
    const url = `${t.baseUrl}/api/payments/mpesa/callback/${t.config.MPESA_CALLBACK_SECRET}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      ),
    );
    for (const answer of answers) expect(await answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
    const txn = await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } });
    expect(txn.paidCents).toBe(70_000n);
    expect(await t.ctx.db.railCallback.count({ where: { externalId: settled.railRequestId } })).toBe(21);
    await expectLedgerHealthy(t);
  });

  it('rejects callbacks on a wrong secret with 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/callback/wrong-secret',
      payload: { Body: { stkCallback: { CheckoutRequestID: 'x', ResultCode: 0 } } },
    });
    expect(response.statusCode).toBe(404);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it for another body', async () => {
    const headers = { ...bearer(buyer), 'idempotency-key': `create-${Date.now()}` };
    const first = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(900) });
    const second = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(900) });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.transaction.id).toBe(first.json().data.transaction.id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const conflict = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(901) });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('answers a repeat with the transaction the first attempt created when that attempt stopped before answering', async () => {
    const key = `create-lost-${Date.now()}`;
    const headers = { ...bearer(buyer), 'idempotency-key': key };
    const first = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(903) });
    expect(first.statusCode, first.body).toBe(201);
    // What a server that stopped between the creation's commit and recording its answer leaves behind,
    // a minute later: the key unanswered and old enough to be taken over.
    const lost = await t.ctx.db.idempotencyRecord.updateMany({
      where: { key },
      data: { statusCode: null, responseBody: Prisma.DbNull, createdAt: new Date(Date.now() - 120_000) },
    });
    expect(lost.count).toBe(1);
    // A stranger who learns the key gets nothing of the buyer's: keys are scoped to their caller.
    const stranger = await makeUser(t.app, { userType: 'buyer' });
    const theirs = await fetch(`${t.baseUrl}/api/transactions`, {
      method: 'POST',
      headers: { ...bearer(stranger), 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(standard(903)),
    });
    const theirBody = (await theirs.json()) as { data: { transaction: { id: string } } };
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirBody.data.transaction.id).not.toBe(first.json().data.transaction.id);
    const before = await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } });
    const repeat = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(903) });
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } })).toBe(before);
    // The rebuilt answer is now the recorded one.
    const again = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(903) });
    expect(again.json()).toEqual(first.json());
  });

  it('asks a repeat to come back in a moment while the first attempt is still running', async () => {
    const key = `create-running-${Date.now()}`;
    const headers = { ...bearer(buyer), 'idempotency-key': key };
    const first = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(904) });
    expect(first.statusCode, first.body).toBe(201);
    // The first attempt before it has created anything or answered.
    await t.ctx.db.idempotencyRecord.updateMany({
      where: { key },
      data: { statusCode: null, responseBody: Prisma.DbNull, resourceId: null },
    });
    const repeat = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(904) });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(repeat.headers['retry-after']).toBe('1');
  });

  it('replays the whole first answer when it was sent compressed, as browsers and fetch accept', async () => {
    for (const encoding of ['gzip', 'br']) {
      const headers = { ...bearer(buyer), 'idempotency-key': `create-${encoding}-${Date.now()}`, 'accept-encoding': encoding };
      const first = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(902) });
      expect(first.statusCode).toBe(201);
      expect(first.headers['content-encoding']).toBe(encoding);
      const text = (answer: typeof first) =>
        (encoding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload)).toString('utf8');
      const replayed = await t.app.inject({ method: 'POST', url: '/api/transactions', headers, payload: standard(902) });
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(JSON.parse(text(replayed))).toEqual(JSON.parse(text(first)));
    }
  });
});

describe('cancel and auto-release', () => {
  it('cancels an unpaid transaction and refunds a funded one in full', async () => {
    const unpaid = await createTransaction(t, buyer, standard(400));
    const cancelled = await action(t, seller, unpaid.id, 'cancel');
    expect(cancelled.json().data.transaction.status).toBe('cancelled');

    const funded = await createTransaction(t, buyer, standard(1000));
    await payAndSettle(t, buyer, funded.id);
    const refunded = await action(t, buyer, funded.id, 'cancel', { reason: 'Changed my mind before dispatch' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.transaction).toMatchObject({ status: 'refunded', refunded_amount: '1025.00' });
    const [payout] = await settlePayouts(t, funded.id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 102_500n, recipientPhone: buyer.phone });
    expect(await escrowBalance(t.ctx.db, funded.id)).toBe(0n);
    await expectLedgerHealthy(t);

    // The seller is told what happened to the money: nothing taken, or the buyer refunded.
    const sellerSms = async (transactionId: string) =>
      (await t.ctx.db.smsMessage.findMany({ where: { transactionId, phoneNumber: seller.phone } })).map((sms) => sms.template);
    expect(await sellerSms(unpaid.id)).toContain('cancelled');
    expect(await sellerSms(funded.id)).toContain('cancelled_refunding');
    expect(await sellerSms(funded.id)).not.toContain('cancelled');
  });

  it('releases automatically when the inspection window passes without a dispute', async () => {
    const created = await createTransaction(t, buyer, standard(1200));
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    await t.ctx.jobs.drain(); // not due yet: nothing happens
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('dispatched');
    await t.ctx.db.transaction.update({ where: { id: created.id }, data: { inspectionEndsAt: new Date(Date.now() - 1000) } });
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 4 * 24 * 3600_000) });
    const data = await detail(t, buyer, created.id);
    expect(data.transaction.status).toBe('completed');
    const events: string[] = data.timeline.map((event: { event_type: string }) => event.event_type);
    // The release reads before the payout it makes.
    expect(events.slice(events.indexOf('auto_release_confirmed') + 1, events.indexOf('auto_release_confirmed') + 3)).toEqual([
      'payment_released',
      'payout_initiated',
    ]);
  });

  it('freezes the money on a dispute: no auto-release', async () => {
    const created = await createTransaction(t, buyer, standard(1300));
    await payAndSettle(t, buyer, created.id);
    await action(t, seller, created.id, 'dispatch');
    const disputed = await action(t, buyer, created.id, 'dispute', { reason: 'The phone arrived with a cracked screen' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().data.transaction.status).toBe('disputed');
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 4 * 24 * 3600_000) });
    const data = await detail(t, buyer, created.id);
    expect(data.transaction.status).toBe('disputed');
    expect(data.dispute).toMatchObject({ status: 'open', opened_by: 'buyer' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(130_000n);
  });
});
