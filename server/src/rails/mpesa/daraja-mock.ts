/**
 * A Daraja-compatible mock served at /mock/daraja. It checks requests the way Daraja does
 * (daraja-mock-checks.ts: credentials, access tokens, STK Password, TransactionType, CommandID,
 * AccountReference, amounts, phones), answers with Daraja's shapes, and calls back over real HTTP
 * to the CallBackURL / ResultURL it was given. Its state lives in `mock_mpesa_requests`, so a pending
 * callback is still delivered, and STK query still answers, after a server restart.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/prisma.ts';
import { darajaTimestamp, stkPassword } from './daraja-client.ts';
import {
  badRequest,
  checkAccessToken,
  checkB2cRequest,
  checkOAuthRequest,
  checkStkPushRequest,
  issueAccessToken,
} from './daraja-mock-checks.ts';
import { b2cOutcomeFor, stkOutcomeFor } from './mock-outcomes.ts';
import { deliverDueCallbacks } from '../mock-callback-delivery.ts';
import { railFetch } from '../http.ts';

export interface DarajaMockOptions {
  db: Db;
  /** The only credentials `/oauth/v1/generate` accepts (MPESA_CONSUMER_KEY / MPESA_CONSUMER_SECRET). */
  consumerKey: string;
  consumerSecret: string;
  /** The clock access tokens expire by (the app's clock, so tests can move past an expiry). */
  now?: () => Date;
  shortcode: string;
  passkey: string;
  delayMs: number;
  /** After this long, STK query reports 1037 for the customer who never answers. */
  timeoutMs: number;
  pollIntervalMs?: number;
  /**
   * The only origin callbacks may go to (this server's PUBLIC_BASE_URL). The mock is reachable by anyone
   * who can reach the server, so without this it would POST to any URL it is given (server-side
   * request forgery into the private network).
   */
  callbackOrigin?: string;
}

const PROCESSING = { errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' };

function randomId(prefix: string): string {
  return `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;
}

function receipt(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from({ length: 10 }, () => letters[randomInt(letters.length)]).join('');
}

/** Route options that name a mock endpoint in the internal OpenAPI document. */
const documented = (summary: string) => ({ schema: { tags: ['mock-daraja'], summary } });

function isCallbackUrl(value: unknown, origin: string | undefined): value is string {
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return false;
  if (!origin) return true;
  try {
    return new URL(value).origin === origin;
  } catch {
    return false;
  }
}

export async function darajaMock(app: FastifyInstance, options: DarajaMockOptions): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  // Every endpoint of this scope but OAuth, including endpoints added later, needs a live access token.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.endsWith('/oauth/v1/generate')) return;
    const refused = checkAccessToken(request.headers.authorization, options.consumerSecret, now());
    if (refused) return reply.status(refused.status).send(refused.body);
  });

  app.get('/oauth/v1/generate', documented('Daraja OAuth: an access token for the configured credentials'), async (request, reply) => {
    const refused = checkOAuthRequest(request.headers.authorization, (request.query as { grant_type?: unknown }).grant_type, options);
    if (refused) return reply.status(refused.status).send(refused.body);
    return issueAccessToken(options.consumerSecret, now());
  });

  app.post('/mpesa/stkpush/v1/processrequest', documented('Daraja M-Pesa Express (STK push)'), async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const checked = checkStkPushRequest(body, options);
    if ('refusal' in checked) return reply.status(checked.refusal.status).send(checked.refusal.body);
    const { amount, phone } = checked.request;
    if (!isCallbackUrl(body.CallBackURL, options.callbackOrigin)) {
      return reply.status(400).send(badRequest('CallBackURL').body);
    }
    const checkoutRequestId = `ws_CO_${darajaTimestamp(new Date())}${randomInt(1e9, 1e10)}`;
    const merchantRequestId = `${randomInt(10000, 99999)}-${randomInt(1e7, 1e8)}-1`;
    const outcome = stkOutcomeFor(phone);
    await db.mockMpesaRequest.create({
      data: {
        id: checkoutRequestId,
        kind: 'stk',
        phone,
        amount,
        callbackUrl: body.CallBackURL,
        merchantRequestId,
        resultCode: outcome.resultCode,
        resultDesc: outcome.resultDesc,
        receipt: outcome.resultCode === 0 ? receipt() : null,
        callbackDueAt: outcome.callsBack ? new Date(Date.now() + options.delayMs) : null,
      },
    });
    scheduleSweep(options.delayMs);
    return {
      MerchantRequestID: merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  app.post('/mpesa/stkpushquery/v1/query', documented('Daraja M-Pesa Express query'), async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const timestamp = String(body.Timestamp ?? '');
    if (body.Password !== stkPassword(options.shortcode, options.passkey, timestamp)) {
      return reply.status(400).send(badRequest('Password').body);
    }
    const row = await db.mockMpesaRequest.findUnique({ where: { id: String(body.CheckoutRequestID ?? '') } });
    if (!row || row.kind !== 'stk') return reply.status(400).send(badRequest('CheckoutRequestID').body);
    const isAnswered =
      row.callbackDueAt !== null ? row.callbackDueAt.getTime() <= Date.now() : Date.now() - row.createdAt.getTime() >= options.timeoutMs;
    if (!isAnswered) return reply.status(500).send({ requestId: randomId(''), ...PROCESSING });
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: row.merchantRequestId,
      CheckoutRequestID: row.id,
      ResultCode: String(row.resultCode),
      ResultDesc: row.resultDesc,
    };
  });

  const b2cHandler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const checked = checkB2cRequest(body);
    if ('refusal' in checked) return reply.status(checked.refusal.status).send(checked.refusal.body);
    const { amount, phone } = checked.request;
    if (!isCallbackUrl(body.ResultURL, options.callbackOrigin) || !isCallbackUrl(body.QueueTimeOutURL, options.callbackOrigin)) {
      return reply.status(400).send(badRequest('ResultURL').body);
    }
    const originatorConversationId = String(body.OriginatorConversationID ?? randomId('AG_'));
    const conversationId = `AG_${darajaTimestamp(new Date())}_${randomBytes(8).toString('hex')}`;
    const outcome = b2cOutcomeFor(phone);
    const existing = await db.mockMpesaRequest.findUnique({ where: { id: originatorConversationId } });
    if (!existing) {
      await db.mockMpesaRequest.create({
        data: {
          id: originatorConversationId,
          kind: 'b2c',
          phone,
          amount,
          callbackUrl: body.ResultURL,
          timeoutUrl: body.QueueTimeOutURL,
          conversationId,
          resultCode: outcome.resultCode,
          resultDesc: outcome.resultDesc,
          receipt: outcome.resultCode === 0 ? receipt() : null,
          callbackDueAt: outcome.callsBack ? new Date(Date.now() + options.delayMs) : null,
        },
      });
      if (outcome.callsBack) scheduleSweep(options.delayMs);
    }
    return {
      ConversationID: existing?.conversationId ?? conversationId,
      OriginatorConversationID: originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  };
  app.post('/mpesa/b2c/v3/paymentrequest', documented('Daraja B2C payment request (v3)'), b2cHandler);
  app.post('/mpesa/b2c/v1/paymentrequest', documented('Daraja B2C payment request (v1)'), b2cHandler);

  app.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const field = transactionStatusRefusal(body, options.callbackOrigin);
    if (field) {
      const refused = badRequest(field);
      return reply.status(refused.status).send(refused.body);
    }
    const queryId = randomId('AG_');
    await db.mockMpesaRequest.create({
      data: {
        id: queryId,
        kind: 'status',
        phone: '',
        amount: 0,
        callbackUrl: body.ResultURL as string,
        timeoutUrl: body.QueueTimeOutURL as string,
        conversationId: `AG_${darajaTimestamp(new Date())}_${randomBytes(8).toString('hex')}`,
        queriedId: String(body.OriginatorConversationID ?? '').slice(0, 64) || null,
        receipt:
          String(body.TransactionID ?? '')
            .trim()
            .slice(0, 32) || null,
        callbackDueAt: new Date(Date.now() + options.delayMs),
      },
    });
    scheduleSweep(options.delayMs);
    return {
      OriginatorConversationID: queryId,
      ConversationID: queryId.replace('AG_', 'AG_TS_'),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  });

  // ── callback delivery: due rows are claimed with SKIP LOCKED, so each is sent once by one process ──
  // The mock stands for Safaricom, which does not stop when one of our nodes does: a claim is a lease
  // (the due time moves on by CLAIM_LEASE_SECONDS), and a callback whose sending process died is sent
  // by another one when the lease runs out. Once sent, the row keeps its original due time.
  const CLAIM_LEASE_SECONDS = 15;
  async function sweep(): Promise<void> {
    const due = await db.$queryRaw<{ id: string; due_at: Date }[]>`
      WITH due AS (SELECT id, callback_due_at FROM mock_mpesa_requests
                   WHERE callback_due_at <= now() AND callback_sent_at IS NULL
                   ORDER BY callback_due_at LIMIT 50 FOR UPDATE SKIP LOCKED)
      UPDATE mock_mpesa_requests m SET callback_due_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
      FROM due WHERE m.id = due.id
      RETURNING m.id, due.callback_due_at AS due_at`;
    // Like Safaricom, callbacks go out side by side, not one after the other: one slow receiver does not
    // hold the rest back (and pay-in throughput is not capped at one callback at a time, see bench).
    await Promise.all(
      due.map(async ({ id, due_at: dueAt }) => {
        const row = await db.mockMpesaRequest.findUniqueOrThrow({ where: { id } });
        const body =
          row.kind === 'stk'
            ? stkCallbackBody(row)
            : row.kind === 'status'
              ? await transactionStatusResultBody(db, row, options.shortcode)
              : b2cResultBody(row, options.shortcode);
        try {
          await railFetch(row.callbackUrl, { json: body, timeoutMs: 10_000 });
        } catch (error) {
          // Like Safaricom, the mock does not retry a callback the receiver failed to take.
          app.log.warn({ err: error, id }, 'daraja mock callback delivery failed');
        }
        await db.mockMpesaRequest.update({ where: { id }, data: { callbackSentAt: new Date(), callbackDueAt: dueAt } });
      }),
    );
  }

  const scheduleSweep = deliverDueCallbacks(app, { name: 'daraja mock', pollIntervalMs: options.pollIntervalMs ?? 1000, sweep });
}

type MockRow = NonNullable<Awaited<ReturnType<Db['mockMpesaRequest']['findUnique']>>>;

function stkCallbackBody(row: MockRow) {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: row.merchantRequestId,
    CheckoutRequestID: row.id,
    ResultCode: row.resultCode,
    ResultDesc: row.resultDesc,
  };
  if (row.resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: row.amount },
        { Name: 'MpesaReceiptNumber', Value: row.receipt },
        { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
        { Name: 'PhoneNumber', Value: Number(row.phone) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

function b2cResultBody(row: MockRow, shortcode: string) {
  const result: Record<string, unknown> = {
    ResultType: 0,
    ResultCode: row.resultCode,
    ResultDesc: row.resultDesc,
    OriginatorConversationID: row.id,
    ConversationID: row.conversationId,
    TransactionID: row.receipt ?? randomId('').slice(0, 10),
    ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: row.timeoutUrl } },
  };
  if (row.resultCode === 0) {
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: row.amount },
        { Key: 'TransactionReceipt', Value: row.receipt },
        { Key: 'ReceiverPartyPublicName', Value: `${row.phone} - M-Pesa Customer` },
        { Key: 'TransactionCompletedDateTime', Value: new Date().toLocaleString('en-GB', { timeZone: 'Africa/Nairobi' }) },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 1_000_000 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 500_000 },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
      ],
    };
  }
  void shortcode;
  return { Result: result };
}

// ── Transaction Status query (CommandID TransactionStatusQuery) ──

/** The field Daraja would name in its `Bad Request - Invalid <field>` refusal, or null. */
function transactionStatusRefusal(body: Record<string, unknown>, callbackOrigin: string | undefined): string | null {
  if (!body.Initiator || !body.SecurityCredential) return 'Initiator';
  if (body.CommandID !== 'TransactionStatusQuery') return 'CommandID';
  if (!body.PartyA) return 'PartyA';
  if (!['1', '2', '4'].includes(String(body.IdentifierType ?? ''))) return 'IdentifierType';
  if (!String(body.TransactionID ?? '').trim() && !String(body.OriginatorConversationID ?? '').trim()) {
    return 'TransactionID';
  }
  if (!isCallbackUrl(body.ResultURL, callbackOrigin) || !isCallbackUrl(body.QueueTimeOutURL, callbackOrigin)) return 'ResultURL';
  return null;
}

/**
 * Daraja's Transaction Status result: the B2C request asked about, found by its OriginatorConversationID
 * (or its receipt), reported `Completed` with its receipt or `Failed`; a request M-Pesa never received
 * is answered with a non-zero ResultCode and no parameters.
 */
async function transactionStatusResultBody(db: Db, query: MockRow, shortcode: string) {
  const target = query.queriedId
    ? await db.mockMpesaRequest.findUnique({ where: { id: query.queriedId } })
    : query.receipt
      ? await db.mockMpesaRequest.findFirst({ where: { kind: 'b2c', receipt: query.receipt } })
      : null;
  const base = {
    ConversationID: query.conversationId,
    OriginatorConversationID: query.id,
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    ResultType: 0,
  };
  if (!target || target.kind !== 'b2c') {
    return {
      Result: {
        ...base,
        ResultCode: 'R000002',
        ResultDesc: 'The OriginatorConversationID of the transaction could not be found',
        TransactionID: randomId('').slice(0, 10),
      },
    };
  }
  const isCompleted = target.resultCode === 0;
  const now = Number(darajaTimestamp(new Date()));
  return {
    Result: {
      ...base,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      TransactionID: target.receipt ?? randomId('').slice(0, 10),
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: `${shortcode} - Escrow Kenya` },
          { Key: 'CreditPartyName', Value: `${target.phone} - M-Pesa Customer` },
          { Key: 'OriginatorConversationID', Value: target.id },
          { Key: 'InitiatedTime', Value: Number(darajaTimestamp(target.createdAt)) },
          { Key: 'DebitAccountType', Value: 'Utility Account' },
          { Key: 'DebitPartyCharges', Value: '' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
          { Key: 'TransactionStatus', Value: isCompleted ? 'Completed' : 'Failed' },
          { Key: 'FinalisedTime', Value: now },
          { Key: 'Amount', Value: target.amount },
          { Key: 'ConversationID', Value: target.conversationId },
          { Key: 'ReceiptNo', Value: isCompleted ? target.receipt : '' },
        ],
      },
    },
  };
}
