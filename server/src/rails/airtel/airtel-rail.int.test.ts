/**
 * Airtel Money end to end: the adapter against its mock over real HTTP (token, collection, callback,
 * enquiry, disbursement, every outcome), a pay-in → release → payout on Airtel with the ledger balanced,
 * the rail chosen by prefix or by the payer, and forged callbacks refused.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, escrowBalance } from '../../modules/ledger/ledger.ts';
import { bearer, makeUser, randomAirtelPhone, randomPhone, type MadeUser } from '../../../test/factories.ts';
import {
  action,
  createTransaction,
  detail,
  expectLedgerHealthy,
  pay,
  payAndSettle,
  paymentStatus,
  settlePayouts,
} from '../../../test/escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from '../../../test/helpers.ts';
import { throughStandIn } from '../../../test/rail-stand-in.ts';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { RailError } from '../http.ts';
import { airtelMsisdn, createAirtelClient } from './airtel-client.ts';
import { createAirtelRail } from './airtel-rail.ts';

let t: TestApp;
let seller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYOUT_RECONCILE_AFTER_SECONDS: '1' } });
  seller = await makeUser(t.app, { userType: 'seller', phone: randomAirtelPhone() });
});
afterAll(() => t?.close());

const airtelConfig = () => ({
  baseUrl: t.config.AIRTEL_BASE_URL,
  clientId: t.config.AIRTEL_CLIENT_ID,
  clientSecret: t.config.AIRTEL_CLIENT_SECRET,
  encryptedPin: t.config.AIRTEL_ENCRYPTED_PIN,
});

const standard = (amount = 1000) => ({
  seller_phone: `0${seller.phone.slice(3)}`,
  amount,
  product_name: 'Tecno Spark phone',
  transaction_type: 'standard',
});

async function airtelBuyer(ending?: string) {
  return makeUser(t.app, { userType: 'buyer', phone: randomAirtelPhone(ending) });
}

describe('the Airtel mock speaks Airtel open API', () => {
  const base = () => t.config.AIRTEL_BASE_URL.replace(`http://127.0.0.1:${new URL(t.config.AIRTEL_BASE_URL).port}`, '');

  it('issues a token for the configured client credentials only, and refuses calls without one or without X-Country/X-Currency', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${base()}/auth/oauth2/token`,
      payload: { client_id: t.config.AIRTEL_CLIENT_ID, client_secret: 'not-it', grant_type: 'client_credentials' },
    });
    expect(wrong.statusCode).toBe(401);
    const good = await t.app.inject({
      method: 'POST',
      url: `${base()}/auth/oauth2/token`,
      payload: { client_id: t.config.AIRTEL_CLIENT_ID, client_secret: t.config.AIRTEL_CLIENT_SECRET, grant_type: 'client_credentials' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ expires_in: '180', token_type: 'bearer' });
    const token = good.json().access_token as string;

    const noToken = await t.app.inject({
      method: 'GET',
      url: `${base()}/standard/v1/payments/x`,
      headers: { 'x-country': 'KE', 'x-currency': 'KES' },
    });
    expect(noToken.statusCode).toBe(401);
    const forgedToken = await t.app.inject({
      method: 'GET',
      url: `${base()}/standard/v1/payments/x`,
      headers: { authorization: `Bearer ${token.slice(0, -2)}xx`, 'x-country': 'KE', 'x-currency': 'KES' },
    });
    expect(forgedToken.statusCode).toBe(401);
    const noCountry = await t.app.inject({
      method: 'GET',
      url: `${base()}/standard/v1/payments/x`,
      headers: { authorization: `Bearer ${token}`, 'x-currency': 'KES' },
    });
    expect(noCountry.statusCode).toBe(400);
    const withAll = await t.app.inject({
      method: 'GET',
      url: `${base()}/standard/v1/payments/x`,
      headers: { authorization: `Bearer ${token}`, 'x-country': 'KE', 'x-currency': 'KES' },
    });
    expect(withAll.statusCode).toBe(200);
    expect(withAll.json().status).toMatchObject({ response_code: 'DP00800001025', success: false });
  });

  it('refuses a client with the wrong secret before any money request', async () => {
    const rail = createAirtelRail(createAirtelClient({ ...airtelConfig(), clientSecret: 'wrong' }));
    await expect(
      rail.collect({
        paymentId: crypto.randomUUID(),
        phone: randomAirtelPhone(),
        amountCents: 10_000n,
        reference: 'ESC-TEST-0001',
        description: 'Escrow payment',
      }),
    ).rejects.toBeInstanceOf(RailError);
  });

  it('collects by USSD push and reports every outcome by enquiry, in the port’s words', async () => {
    const rail = createAirtelRail(createAirtelClient(airtelConfig()));
    const cases = [
      [randomAirtelPhone(), { outcome: 'succeeded' }],
      [randomAirtelPhone('1032'), { outcome: 'cancelled', failure: 'cancelled_by_payer' }],
      [randomAirtelPhone('0001'), { outcome: 'failed', failure: 'insufficient_funds' }],
      [randomAirtelPhone('2001'), { outcome: 'failed', failure: 'wrong_pin' }],
    ] as const;
    for (const [phone, expected] of cases) {
      const { requestId } = await rail.collect({
        paymentId: crypto.randomUUID(),
        phone,
        amountCents: 50_000n,
        reference: 'ESC-TEST-0001',
        description: 'Escrow payment',
      });
      const result = await eventually(async () => {
        const answer = await rail.queryCollection(requestId);
        return answer.outcome === 'pending' ? null : answer;
      });
      expect(result, phone).toMatchObject(expected);
      if (expected.outcome === 'succeeded') expect(result.receipt).toMatch(/^MP[A-Z0-9]{10}$/);
    }
    // The payer who never answers: in progress, then a timeout once the push has expired.
    const silent = await rail.collect({
      paymentId: crypto.randomUUID(),
      phone: randomAirtelPhone('1037'),
      amountCents: 50_000n,
      reference: 'ESC-TEST-0001',
      description: 'Escrow payment',
    });
    expect((await rail.queryCollection(silent.requestId)).outcome).toBe('pending');
    const timedOut = await eventually(async () => {
      const answer = await rail.queryCollection(silent.requestId);
      return answer.outcome === 'pending' ? null : answer;
    });
    expect(timedOut).toMatchObject({ outcome: 'failed', failure: 'timeout' });
    const row = await t.ctx.db.mockAirtelRequest.findUniqueOrThrow({ where: { id: silent.requestId } });
    expect(row).toMatchObject({ msisdn: expect.stringMatching(/^7\d{8}$/), callbackDueAt: null });
  });

  it('disburses once per request id, fails a number that is not an Airtel Money customer, and answers the enquiry', async () => {
    const rail = createAirtelRail(createAirtelClient(airtelConfig()));
    const phone = randomAirtelPhone();
    const request = {
      payoutId: crypto.randomUUID(),
      requestId: `ESC-${Date.now()}-1`,
      phone,
      amountCents: 97_500n,
      remarks: 'Escrow payout',
      reference: 'ESC-TEST-0001',
    };
    const first = await rail.payOut(request);
    expect(first.result).toMatchObject({ outcome: 'succeeded', receipt: expect.stringMatching(/^MP/) });
    const again = await rail.payOut(request);
    expect(again.result?.receipt).toBe(first.result?.receipt);
    expect(await t.ctx.db.mockAirtelRequest.count({ where: { kind: 'disbursement', msisdn: airtelMsisdn(phone) } })).toBe(1);
    expect(
      await rail.queryPayout({ payoutId: request.payoutId, requestId: request.requestId, receipt: null, reference: 'x' }),
    ).toMatchObject({ outcome: 'succeeded' });

    const refused = await rail.payOut({ ...request, requestId: `ESC-${Date.now()}-2`, phone: randomAirtelPhone('2040') });
    expect(refused.result).toMatchObject({ outcome: 'failed', failure: 'unregistered' });
    // Airtel's "Transaction Not Found" (DP00900001015) for a request it never received: nothing was paid.
    expect(await rail.queryPayout({ payoutId: request.payoutId, requestId: 'never-sent', receipt: null, reference: 'x' })).toMatchObject({
      outcome: 'failed',
    });
  });
});

describe('paying with Airtel Money', () => {
  it('pays in, releases and pays the Airtel seller out, with the ledger balanced', async () => {
    const buyer = await airtelBuyer();
    const created = await createTransaction(t, buyer, standard(1000));
    const initiated = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(buyer),
      payload: { transaction_id: created.id },
    });
    expect(initiated.statusCode, initiated.body).toBe(202);
    expect(initiated.json().message).toContain('Airtel Money PIN');
    expect(initiated.json().data.payment).toMatchObject({ rail: 'airtel', checkout_request_id: initiated.json().data.payment.id });

    const settled = await eventually(async () => {
      const status = await paymentStatus(t, buyer, initiated.json().data.payment.id);
      return status.status === 'pending' ? null : status;
    });
    expect(settled).toMatchObject({ status: 'completed', mpesa_receipt: expect.stringMatching(/^MP/) });
    expect(await t.ctx.db.railCallback.count({ where: { rail: 'airtel', externalId: initiated.json().data.payment.id } })).toBe(1);
    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'funded', amount_paid: '1000.00' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(100_000n);
    // Airtel's money lands in the Airtel float, not in the M-Pesa paybill.
    expect(await accountBalance(t.ctx.db, 'airtel_float', created.id)).toBe(102_500n);
    expect(await accountBalance(t.ctx.db, 'mpesa_paybill', created.id)).toBe(0n);

    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({
      status: 'completed',
      rail: 'airtel',
      recipientPhone: seller.phone,
      amountCents: 97_500n,
      railReceipt: expect.stringMatching(/^MP/),
    });
    expect(await t.ctx.db.mockAirtelRequest.count({ where: { kind: 'disbursement', id: payout!.railRequestId! } })).toBe(1);
    // The seller's page names the receipt by the rail that paid it: its payout card read 'M-Pesa receipt'.
    expect((await detail(t, seller, created.id)).seller_payout).toEqual({
      amount: '975.00',
      status: 'completed',
      rail: 'airtel',
      receipt: payout!.railReceipt,
      completed_at: expect.any(String),
    });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    // The payout leaves the Airtel float: what stays is the two fee shares.
    expect(await accountBalance(t.ctx.db, 'airtel_float', created.id)).toBe(5_000n);
    expect(await accountBalance(t.ctx.db, 'mpesa_paybill', created.id)).toBe(0n);
    expect(await t.ctx.db.ledgerPosting.count({ where: { transactionId: created.id, accountCode: 'mpesa_paybill' } })).toBe(0);
    const events = (await detail(t, buyer, created.id)).timeline.map((event: { description: string }) => event.description).join('\n');
    expect(events).toMatch(/Airtel Money payment of KES 1,025 received/);
    expect(events).toMatch(/sent to the seller by Airtel Money/);
    // What each party is told by SMS names the rail their money moves on, never M-Pesa.
    const texts = async (phone: string) =>
      (await t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id, phoneNumber: phone } })).map((sms) => sms.message);
    expect(await texts(buyer.phone)).toContainEqual(expect.stringMatching(/Pay KES 1,025 by Airtel Money to fund it/));
    expect(await texts(seller.phone)).toContainEqual(expect.stringMatching(/KES 975 is on its way to your Airtel Money/));
    expect([...(await texts(buyer.phone)), ...(await texts(seller.phone))].join('\n')).not.toMatch(/M-Pesa/);
    await expectLedgerHealthy(t);
  });

  it.each([
    ['1032', 'cancelled'],
    ['0001', 'failed'],
    ['2001', 'failed'],
  ] as const)('a payer ending …%s is reported %s by the callback, and nothing is credited', async (ending, status) => {
    const buyer = await airtelBuyer(ending);
    const created = await createTransaction(t, buyer, standard(700));
    const payment = await payAndSettle(t, buyer, created.id);
    expect(payment.status).toBe(status);
    expect(payment.mpesa_receipt).toBeNull();
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    const failed = await t.ctx.db.timelineEvent.findFirstOrThrow({ where: { transactionId: created.id, eventType: 'payment_failed' } });
    expect(failed.description).toMatch(/^Airtel Money payment/);
  });

  it('a payer who never answers (…1037) is settled by the enquiry job as timed out', async () => {
    const buyer = await airtelBuyer('1037');
    const created = await createTransaction(t, buyer, standard(600));
    const payment = await pay(t, buyer, created.id);
    const settled = await eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });
      const status = await paymentStatus(t, buyer, payment.id);
      return status.status === 'pending' ? null : status;
    }, 15_000);
    expect(settled.status).toBe('failed');
    const failed = await t.ctx.db.timelineEvent.findFirstOrThrow({ where: { transactionId: created.id, eventType: 'payment_failed' } });
    expect(failed.data).toMatchObject({ failure_code: 'timeout' });
  });

  describe('a collection whose answer was lost', () => {
    /** Initiates with Airtel's answer to the USSD push lost (a timeout); `reached` says whether the push got to Airtel. */
    async function initiateAnswerLost(buyer: MadeUser, transactionId: string, reached: boolean) {
      const rail = t.ctx.rails.airtel;
      const real = rail.collect.bind(rail);
      rail.collect = async (request) => {
        if (reached) {
          // The push reaches a payer who answers late (…1037: the mock sends no callback)...
          await real(request);
          // ...and pays: Airtel's callback of that is lost (sent while this node could not be reached).
          await t.ctx.db.mockAirtelRequest.update({
            where: { id: request.paymentId },
            data: { status: 'TS', responseCode: 'DP00800001001', message: 'Transaction is successful', airtelMoneyId: 'MPLOSTANSWER' },
          });
        }
        throw new RailError(
          'request to /merchant/v1/payments/ failed: The operation was aborted due to timeout',
          undefined,
          undefined,
          true,
        );
      };
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/payments/initiate',
          headers: bearer(buyer),
          payload: { transaction_id: transactionId },
        });
        expect(response.statusCode, response.body).toBe(202);
        expect(response.json().data.payment).toMatchObject({ status: 'pending', rail: 'airtel', checkout_request_id: null });
        return response.json().data.payment.id as string;
      } finally {
        rail.collect = real;
      }
    }

    const reconcile = () => t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });

    it('is asked about by its id, which is ours: a push the payer paid, whose callback never came, is credited', async () => {
      const buyer = await airtelBuyer('1037');
      const created = await createTransaction(t, buyer, standard(1500));
      const paymentId = await initiateAnswerLost(buyer, created.id, true);
      // Airtel took the money.
      expect(await t.ctx.db.mockAirtelRequest.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
        status: 'TS',
        amount: 1532,
      });

      const settled = await eventually(async () => {
        await reconcile();
        const status = await paymentStatus(t, buyer, paymentId);
        return status.status === 'pending' ? null : status;
      }, 15_000);
      expect(settled).toMatchObject({ status: 'completed', mpesa_receipt: 'MPLOSTANSWER' });
      expect(await t.ctx.db.railCallback.count({ where: { rail: 'airtel', externalId: paymentId } })).toBe(0);
      expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'funded', amount_paid: '1500.00' });
      expect(await accountBalance(t.ctx.db, 'airtel_float', created.id)).toBe(153_200n);
      expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'deposit' } })).toBe(1);
      const told = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'payment_received_buyer' } });
      expect(told.message).toMatch(/We received KES 1,532 .*\(Airtel Money MPLOSTANSWER\)/);
      await expectLedgerHealthy(t);
    });

    it('a push that never reached Airtel is failed once Airtel says it has no such transaction, and the buyer may pay again', async () => {
      const buyer = await airtelBuyer();
      const created = await createTransaction(t, buyer, standard(1600));
      const paymentId = await initiateAnswerLost(buyer, created.id, false);
      const settled = await eventually(async () => {
        await reconcile();
        const status = await paymentStatus(t, buyer, paymentId);
        return status.status === 'pending' ? null : status;
      }, 15_000);
      expect(settled).toMatchObject({ status: 'failed', mpesa_receipt: null });
      expect(settled.failure_reason).toMatch(/No money was taken/);
      // The buyer, told to check their phone, is texted the outcome once, as after a failed callback.
      const told = await t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id, template: 'payment_failed' } });
      expect(told.map((sms) => [sms.phoneNumber, sms.message])).toEqual([
        [buyer.phone, `Payment for ${created.reference_number} did not go through. ${settled.failure_reason}`],
      ]);
      expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
      expect((await pay(t, buyer, created.id)).id).not.toBe(paymentId);
    });

    it("is failed on Airtel's 'Transaction Not Found' code (DP00800001025) when the answer carries no status beside it", async () => {
      const buyer = await airtelBuyer();
      const created = await createTransaction(t, buyer, standard(1700));
      const paymentId = await initiateAnswerLost(buyer, created.id, false);
      const client = (t.ctx.rails.airtel as ReturnType<typeof createAirtelRail>).client;
      const real = client.collectionStatus.bind(client);
      // Airtel's refusal of an enquiry about an id it never received: the code says it, no transaction status does.
      client.collectionStatus = async (id) => ({
        data: { transaction: { id, message: 'Transaction not found' } },
        status: { code: '200', message: 'Transaction not found', result_code: 'ESB000010', response_code: 'DP00800001025', success: false },
      });
      try {
        // Was pending after every enquiry: the payment stayed pending, and the buyer's next pay reused it.
        const settled = await eventually(async () => {
          await reconcile();
          const status = await paymentStatus(t, buyer, paymentId);
          return status.status === 'pending' ? null : status;
        }, 15_000);
        expect(settled).toMatchObject({ status: 'failed', mpesa_receipt: null });
        expect(settled.failure_reason).toMatch(/No money was taken/);
      } finally {
        client.collectionStatus = real;
      }
      expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
      expect((await pay(t, buyer, created.id)).id).not.toBe(paymentId);
    });
  });

  describe('a push that was never sent', () => {
    const initiate = (buyer: MadeUser, transactionId: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: bearer(buyer), payload: { transaction_id: transactionId } });
    /** Airtel's envelope refusing a request, as its open API answers one it will not take. */
    const refusal = (code: string, message: string) => ({
      status: { code: '400', message, result_code: 'ESB000001', response_code: code, success: false },
    });
    const REFUSALS = [
      { status: 400, body: refusal('DP00800001003', 'Exceeds withdrawal amount limit(s)'), words: 'Exceeds withdrawal amount limit(s)' },
      {
        status: 200,
        body: { data: { transaction: { id: 'x', status: 'TF' } }, status: { ...refusal('DP00800001008', 'Refused').status, code: '200' } },
        words: 'Refused',
      },
    ];

    it.each(REFUSALS)(
      'refused by Airtel (HTTP $status, success false) fails at once as a refusal, not as Airtel unreachable, in the reader’s language',
      async (answer) => {
        const buyer = await airtelBuyer();
        const created = await createTransaction(t, buyer, standard(1700));
        const response = await throughStandIn(
          t,
          'airtel',
          (request) => (request.path.startsWith('/merchant/v1/payments') ? answer : undefined),
          () => initiate(buyer, created.id),
        );
        expect(response.statusCode, response.body).toBe(502);
        expect(response.json()).toMatchObject({
          success: false,
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'Airtel Money refused the payment request. No money was taken. Check the number and amount, or try again later.',
        });
        const row = await t.ctx.db.payment.findFirstOrThrow({ where: { transactionId: created.id } });
        // Airtel's own words stay with the payment, for staff.
        expect(row).toMatchObject({ status: 'failed', failureKind: 'refused', resultDesc: answer.words });
        await t.ctx.db.user.update({ where: { id: buyer.id }, data: { language: 'sw' } });
        expect((await paymentStatus(t, buyer, row.id)).failure_reason).toBe(paymentFailureSentence('refused', 'sw', 'Airtel Money'));
        // Nothing is left pending: the buyer may pay again at once.
        expect((await pay(t, buyer, created.id)).id).not.toBe(row.id);
      },
    );

    it.each([
      ['DP00800001000', 'Transaction is ambiguous'],
      ['DP00800001006', 'Transaction in process'],
    ])(
      'answered 200 with success false and %s, which Airtel says is not final, stays pending (202): the push may be on the phone',
      async (code, message) => {
        const buyer = await airtelBuyer();
        const created = await createTransaction(t, buyer, standard(1750));
        const notFinal = {
          status: 200,
          body: { status: { code: '200', message, result_code: 'ESB000001', response_code: code, success: false } },
        };
        const response = await throughStandIn(
          t,
          'airtel',
          (request) => (request.path.startsWith('/merchant/v1/payments') ? notFinal : undefined),
          () => initiate(buyer, created.id),
        );
        // Was 502 with the payment failed as refused, and the buyer free to be prompted a second time.
        expect(response.statusCode, response.body).toBe(202);
        const payment = response.json().data.payment;
        expect(payment).toMatchObject({ status: 'pending', rail: 'airtel' });
        expect(response.json().message).toBe('Payment request sent to your phone. Enter your Airtel Money PIN to pay.');
        // One prompt at a time: the buyer's next tap answers this payment again, no second push.
        const again = await initiate(buyer, created.id);
        expect(again.json().data.payment.id).toBe(payment.id);
        // The enquiry settles it: here Airtel has no such push (the stand-in kept it), so nothing was taken.
        const settled = await eventually(async () => {
          await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });
          const status = await paymentStatus(t, buyer, payment.id);
          return status.status === 'pending' ? null : status;
        }, 15_000);
        expect(settled).toMatchObject({ status: 'failed', mpesa_receipt: null });
      },
    );

    it('leaves its outcome on the timeline, once, beside "payment requested": refused, and not sent', async () => {
      const buyer = await airtelBuyer();
      const created = await createTransaction(t, buyer, standard(1850));
      const refused = await throughStandIn(
        t,
        'airtel',
        (request) => (request.path.startsWith('/merchant/v1/payments') ? REFUSALS[0] : undefined),
        () => initiate(buyer, created.id),
      );
      expect(refused.statusCode, refused.body).toBe(502);
      const notSent = await throughStandIn(
        t,
        'airtel',
        (request) => (request.path.startsWith('/auth/oauth2/token') ? 'cut' : undefined),
        () => initiate(buyer, created.id),
      );
      expect(notSent.statusCode, notSent.body).toBe(502);
      // Was two "payment requested" lines and no outcome.
      const timeline: { event_type: string; description: string; data: Record<string, unknown> }[] = (await detail(t, buyer, created.id))
        .timeline;
      const failed = timeline.filter((event) => event.event_type === 'payment_failed');
      const requested = timeline.filter((event) => event.event_type === 'payment_initiated');
      expect(requested).toHaveLength(2);
      const failedWith = (kind: 'refused' | 'not_sent') =>
        requested[0]!.description.replace(/ requested$/, ` failed. ${paymentFailureSentence(kind, 'en', 'Airtel Money')}`);
      expect(failed.map((event) => event.description).sort()).toEqual([failedWith('refused'), failedWith('not_sent')].sort());
      expect(failed.map((event) => event.data.failure_code).sort()).toEqual(['not_sent', 'refused']);
      expect(failed[0]!.data).toMatchObject({ amount: requested[0]!.data.amount, rail_name: 'Airtel Money', payment_status: 'failed' });
    });

    it('for want of an access token fails at once as not sent (502), not left pending as if the push were on the phone', async () => {
      const buyer = await airtelBuyer();
      const created = await createTransaction(t, buyer, standard(1800));
      // The token request reaches Airtel and its answer is lost, as in a timeout.
      const { response, paths } = await throughStandIn(
        t,
        'airtel',
        (request) => (request.path.startsWith('/auth/oauth2/token') ? 'cut' : undefined),
        async (standIn) => ({ response: await initiate(buyer, created.id), paths: standIn.requests.map((request) => request.path) }),
      );
      expect(paths).toEqual(['/auth/oauth2/token']);
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().message).toBe('Airtel Money is not reachable right now. Please try again in a moment.');
      const row = await t.ctx.db.payment.findFirstOrThrow({ where: { transactionId: created.id } });
      expect(row).toMatchObject({ status: 'failed', failureKind: 'not_sent' });
      expect(await t.ctx.db.mockAirtelRequest.count({ where: { id: row.id } })).toBe(0);
      expect((await pay(t, buyer, created.id)).id).not.toBe(row.id);
    });
  });

  it('a push that expired unanswered (DP00800001029, "Transaction Expired") is told as not answered in time, not as cancelled', async () => {
    const buyer = await airtelBuyer('1037');
    await t.ctx.db.user.update({ where: { id: buyer.id }, data: { language: 'sw' } });
    const created = await createTransaction(t, buyer, standard(650));
    const payment = await pay(t, buyer, created.id);
    const client = (t.ctx.rails.airtel as ReturnType<typeof createAirtelRail>).client;
    const real = client.collectionStatus.bind(client);
    client.collectionStatus = async (id) => ({
      data: { transaction: { id, status: 'TF', message: 'Transaction has been expired' } },
      status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: 'DP00800001029', success: true },
    });
    try {
      const settled = await eventually(async () => {
        await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });
        const status = await paymentStatus(t, buyer, payment.id);
        return status.status === 'pending' ? null : status;
      }, 15_000);
      expect(settled).toMatchObject({
        status: 'failed',
        failure_reason: 'Hukujibu ombi la Airtel Money kwa wakati. Jaribu tena simu ikiwa karibu na wazi.',
      });
    } finally {
      client.collectionStatus = real;
    }
    const told = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'payment_failed' } });
    expect(told.message).toBe(
      `Malipo ya ${created.reference_number} hayakufaulu. Hukujibu ombi la Airtel Money kwa wakati. Jaribu tena simu ikiwa karibu na wazi.`,
    );
  });

  it("a push Airtel's enquiry reports expired (status TE) is settled as not answered in time, not left pending", async () => {
    const buyer = await airtelBuyer('1037');
    const created = await createTransaction(t, buyer, standard(660));
    const payment = await pay(t, buyer, created.id);
    const client = (t.ctx.rails.airtel as ReturnType<typeof createAirtelRail>).client;
    const real = client.collectionStatus.bind(client);
    client.collectionStatus = async (id) => ({
      data: { transaction: { id, status: 'TE', message: 'Transaction Expired' } },
      status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: 'DP00800001001', success: true },
    });
    try {
      // Was read as no answer yet: pending after every enquiry.
      const settled = await eventually(async () => {
        await t.ctx.jobs.drain({ queues: ['payments.reconcile'], until: new Date(Date.now() + 3600_000) });
        const status = await paymentStatus(t, buyer, payment.id);
        return status.status === 'pending' ? null : status;
      }, 15_000);
      expect(settled).toMatchObject({ status: 'failed', failure_reason: paymentFailureSentence('timeout', 'en', 'Airtel Money') });
    } finally {
      client.collectionStatus = real;
    }
  });

  it('a payout to a number that is not an Airtel Money customer (…2040) fails after its attempts, and the money stays held', async () => {
    const unregistered = await makeUser(t.app, { userType: 'seller', phone: randomAirtelPhone('2040') });
    const buyer = await airtelBuyer();
    const created = await createTransaction(t, buyer, { ...standard(800), seller_phone: `0${unregistered.phone.slice(3)}` });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, unregistered, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    const [payout] = await eventually(async () => {
      await t.ctx.jobs.drain({ until: new Date(Date.now() + 3600_000) });
      const payouts = await t.ctx.db.payout.findMany({ where: { transactionId: created.id } });
      return payouts.every((row) => row.status === 'failed') ? payouts : null;
    }, 15_000);
    expect(payout).toMatchObject({ rail: 'airtel', status: 'failed', railReceipt: null });
    // The seller reads why in plain words, not Airtel's English cut mid-sentence ("…not registered for....").
    const told = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'payout_failed' } });
    expect(told.message).toBe(
      `We could not send KES 780 for ${created.reference_number} to your Airtel Money: this number is not registered for Airtel Money. Our team will contact you.`,
    );
    // The seller's timeline says the same; Airtel's own words stay in the event's data, for staff.
    const [failed] = (await detail(t, unregistered, created.id)).timeline.filter(
      (event: { event_type: string }) => event.event_type === 'payout_failed',
    );
    expect(failed).toMatchObject({
      description: 'Airtel Money could not pay KES 780 to the seller: this number is not registered for Airtel Money.',
      data: { failure_code: 'unregistered', failure_reason: expect.stringMatching(/not registered/) },
    });
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'payout' } })).toBe(0);
    // The admin's Alerts row says which rail a retry goes out on.
    const admin = await makeUser(t.app, { userType: 'admin' });
    const alerts = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
    expect(alerts.json().data.payouts.find((row: { payout_id: string }) => row.payout_id === payout!.id)).toMatchObject({
      rail: 'airtel',
      allowed_actions: ['retry', 'return_to_buyer'],
    });
    await expectLedgerHealthy(t);
  });
});

describe('a disbursement Airtel answers as timed out', () => {
  it('is settled by the enquiry, not sent again: the seller is paid once', async () => {
    const payee = await makeUser(t.app, { userType: 'seller', phone: randomAirtelPhone() });
    const buyer = await airtelBuyer();
    const created = await createTransaction(t, buyer, { ...standard(1900), seller_phone: `0${payee.phone.slice(3)}` });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, payee, created.id, 'dispatch')).statusCode).toBe(200);

    const client = (t.ctx.rails.airtel as ReturnType<typeof createAirtelRail>).client;
    const real = client.disburse.bind(client);
    // Airtel pays, but answers "Transaction Timed Out: the transaction may be processed or failed due to
    // time out. To know the exact status please do the transaction enquiry" (DP00900001014).
    client.disburse = async (request) => {
      await real(request);
      return {
        data: { transaction: { id: request.id, status: 'TF', message: 'Transaction Timed Out' } },
        status: { code: '200', message: 'Transaction Timed Out', result_code: 'ESB000001', response_code: 'DP00900001014', success: false },
      };
    };
    try {
      expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
      const [payout] = await eventually(async () => {
        await t.ctx.jobs.drain({ until: new Date(Date.now() + 3600_000) });
        const payouts = await t.ctx.db.payout.findMany({ where: { transactionId: created.id } });
        return payouts.every((row) => row.status === 'completed' || row.status === 'failed') ? payouts : null;
      }, 15_000);
      expect(payout).toMatchObject({ status: 'completed', attempts: 1, railReceipt: expect.stringMatching(/^MP/) });
    } finally {
      client.disburse = real;
    }
    expect(await t.ctx.db.mockAirtelRequest.count({ where: { kind: 'disbursement', msisdn: airtelMsisdn(payee.phone) } })).toBe(1);
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: created.id, kind: 'payout' } })).toBe(1);
    await expectLedgerHealthy(t);
  });
});

describe('choosing the rail', () => {
  it('pays through the phone network by default, and through the rail the payer picks', async () => {
    const safaricom = await makeUser(t.app, { userType: 'buyer', phone: randomPhone() });
    const onMpesa = await createTransaction(t, safaricom, standard(500));
    expect((await pay(t, safaricom, onMpesa.id)).checkout_request_id).toMatch(/^ws_CO_/);

    const airtel = await airtelBuyer();
    const picked = await createTransaction(t, airtel, standard(500));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(airtel),
      payload: { transaction_id: picked.id, rail: 'mpesa' },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data.payment).toMatchObject({ rail: 'mpesa', checkout_request_id: expect.stringMatching(/^ws_CO_/) });

    const other = await createTransaction(t, safaricom, standard(500));
    const toAirtel = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(safaricom),
      payload: { transaction_id: other.id, phone_number: `0${randomAirtelPhone().slice(3)}` },
    });
    expect(toAirtel.json().data.payment.rail).toBe('airtel');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(safaricom),
      payload: { transaction_id: other.id, rail: 'tkash' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Safaricom numbers in the 075 block', () => {
  it('0757, 0758 and 0759 are M-Pesa numbers: prompted on M-Pesa, paid out by M-Pesa, told so by SMS', async () => {
    const safaricom075 = (prefix: string) => `254${prefix}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const buyer = await makeUser(t.app, { userType: 'buyer', phone: safaricom075('757') });
    const payee = await makeUser(t.app, { userType: 'seller', phone: safaricom075('758') });
    const created = await createTransaction(t, buyer, { ...standard(1000), seller_phone: `0${payee.phone.slice(3)}` });
    const paid = await payAndSettle(t, buyer, created.id);
    expect(paid).toMatchObject({ status: 'completed', checkout_request_id: expect.stringMatching(/^ws_CO_/) });
    expect(await accountBalance(t.ctx.db, 'mpesa_paybill', created.id)).toBe(102_500n);
    expect((await action(t, payee, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ status: 'completed', rail: 'mpesa', recipientPhone: payee.phone });
    expect(await t.ctx.db.ledgerPosting.count({ where: { transactionId: created.id, accountCode: 'airtel_float' } })).toBe(0);
    const texts = (await t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id } })).map((sms) => sms.message).join('\n');
    expect(texts).toMatch(/Pay KES 1,025 by M-Pesa to fund it/);
    expect(texts).toMatch(/KES 975 is on its way to your M-Pesa/);
    expect(texts).not.toMatch(/Airtel/);
    await expectLedgerHealthy(t);
  });
});

describe("each rail's cash account, and the rail that pays back", () => {
  it('an M-Pesa pay-in released to an Airtel seller is collected in the paybill and paid out of the Airtel float, the books balanced', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone() });
    const created = await createTransaction(t, buyer, standard(1000));
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    expect(await accountBalance(t.ctx.db, 'mpesa_paybill', created.id)).toBe(102_500n);
    expect(await accountBalance(t.ctx.db, 'airtel_float', created.id)).toBe(0n);

    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ status: 'completed', rail: 'airtel', amountCents: 97_500n });
    // One rail collected, the other paid: each float moved, the transaction's cash as a whole is the fees.
    expect(await accountBalance(t.ctx.db, 'mpesa_paybill', created.id)).toBe(102_500n);
    expect(await accountBalance(t.ctx.db, 'airtel_float', created.id)).toBe(-97_500n);
    await expectLedgerHealthy(t);
  });

  it("refunds a pay-in on the rail it came through, not by the phone's prefix: a Safaricom number that paid by Airtel Money is paid back by Airtel Money", async () => {
    const dualSim = await makeUser(t.app, { userType: 'buyer', phone: randomPhone() });
    const created = await createTransaction(t, dualSim, standard(900));
    const paid = await payAndSettle(t, dualSim, created.id, { rail: 'airtel' });
    expect(paid.status).toBe('completed');
    expect((await action(t, dualSim, created.id, 'cancel')).statusCode).toBe(200);
    const [refund] = await settlePayouts(t, created.id);
    expect(refund).toMatchObject({ kind: 'buyer_refund', status: 'completed', rail: 'airtel', recipientPhone: dualSim.phone });
    // The refund SMS names no rail by the phone's prefix: the money goes back the way it came.
    const refundSms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'refunded' } });
    expect(refundSms.message).toMatch(/is being refunded to the phone that paid it/);
    expect(await t.ctx.db.ledgerPosting.count({ where: { transactionId: created.id, accountCode: 'mpesa_paybill' } })).toBe(0);
    expect(await accountBalance(t.ctx.db, 'airtel_float', created.id)).toBeGreaterThanOrEqual(0n);
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    await expectLedgerHealthy(t);
  });
});

describe('the Airtel callback door', () => {
  it('answers 404 and moves no money without the secret, with a wrong one, or at the M-Pesa door', async () => {
    const buyer = await airtelBuyer('1037');
    const created = await createTransaction(t, buyer, standard(900));
    const payment = await pay(t, buyer, created.id);
    const forged = { transaction: { id: payment.id, message: 'Paid', status_code: 'TS', airtel_money_id: 'MPFORGED0001' } };
    for (const url of [
      '/api/payments/airtel/callback',
      '/api/payments/airtel/callback/not-the-secret-at-all',
      `/api/payments/airtel/callback/${t.config.MPESA_CALLBACK_SECRET}`,
    ]) {
      const response = await t.app.inject({ method: 'POST', url, payload: forged });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await paymentStatus(t, buyer, payment.id)).status).toBe('pending');
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    expect(await t.ctx.db.railCallback.count({ where: { rail: 'airtel', externalId: payment.id } })).toBe(0);

    // With the secret, the same body is taken: the door is the secret, not the body.
    const real = await t.app.inject({
      method: 'POST',
      url: `/api/payments/airtel/callback/${t.config.AIRTEL_CALLBACK_SECRET}`,
      payload: forged,
    });
    expect(real.statusCode).toBe(200);
    expect((await paymentStatus(t, buyer, payment.id)).status).toBe('completed');
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/payments/airtel/callback/${t.config.AIRTEL_CALLBACK_SECRET}`,
      payload: { transaction: { id: 5 } },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('books a success whose receipt is longer than any rail gives, without the receipt, instead of failing it with a 500', async () => {
    const buyer = await airtelBuyer('1037');
    const created = await createTransaction(t, buyer, standard(900));
    const payment = await pay(t, buyer, created.id);
    const long = { transaction: { id: payment.id, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP'.padEnd(40, '7') } };
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/payments/airtel/callback/${t.config.AIRTEL_CALLBACK_SECRET}`,
      payload: long,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: 'completed',
      railReceipt: null,
    });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(90_000n);
    await expectLedgerHealthy(t);
  });

  it('says a success its callback brought without a receipt came so, not that a status query confirmed it, in each language', async () => {
    for (const language of ['en', 'sw'] as const) {
      const buyer = await airtelBuyer('1037');
      await t.ctx.db.user.update({ where: { id: buyer.id }, data: { language } });
      const created = await createTransaction(t, buyer, standard(950));
      const payment = await pay(t, buyer, created.id);
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/payments/airtel/callback/${t.config.AIRTEL_CALLBACK_SECRET}`,
        payload: { transaction: { id: payment.id, message: 'Transaction is successful', status_code: 'TS' } },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
        status: 'completed',
        railReceipt: null,
        resultDesc: "Reported by the rail's callback; no receipt number kept",
      });
      const received = await t.ctx.db.timelineEvent.findFirstOrThrow({
        where: { transactionId: created.id, eventType: 'payment_completed' },
      });
      expect(received.description).toBe('Airtel Money payment of KES 975 received (no receipt)');
      expect(received.data).toMatchObject({ mpesa_receipt: null, confirmed_by: 'callback' });
      const told = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'payment_received_buyer' } });
      expect(told.message).toBe(
        language === 'en'
          ? `We received KES 975 for ${created.reference_number} by Airtel Money. It is held safely until you confirm delivery.`
          : `Tumepokea KES 975 kwa ${created.reference_number} kupitia Airtel Money. Pesa imehifadhiwa hadi uthibitishe kupokea.`,
      );
      expect(`${received.description}\n${told.message}`).not.toMatch(/status query/);
    }
  });
});

describe('the words an Airtel Money user reads', () => {
  it('an amount with cents is refused as mobile money, not as M-Pesa, wherever it is typed', async () => {
    const buyer = await airtelBuyer();
    const refusals = [
      await t.app.inject({ method: 'POST', url: '/api/transactions', headers: bearer(buyer), payload: standard(1000.5) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/plans/calculate?total_cost=20000.5' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/payment-links',
        headers: bearer(seller),
        payload: { product_name: 'Tecno Spark phone', amount: 1500.5, transaction_type: 'standard' },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toBe('Mobile money amounts must be whole shillings');
    }
  });
});
