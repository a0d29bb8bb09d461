/**
 * A Daraja-compatible mock served at /mock/daraja. It checks requests the way Daraja does (OAuth bearer,
 * STK Password, timestamp, amount, phone), answers with Daraja's shapes, and calls back over real HTTP
 * to the CallBackURL / ResultURL it was given. Its state lives in `mock_mpesa_requests`, so a pending
 * callback is still delivered, and STK query still answers, after a server restart.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/prisma.ts';
import { darajaTimestamp, stkPassword } from './daraja-client.ts';
import { b2cOutcomeFor, stkOutcomeFor } from './mock-outcomes.ts';

export interface DarajaMockOptions {
  db: Db;
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

function badRequest(message: string) {
  return { requestId: randomId(''), errorCode: '400.002.02', errorMessage: `Bad Request - ${message}` };
}

const kenyanMsisdn = /^254[17]\d{8}$/;

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

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.includes('/oauth/')) return;
    if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) {
      return reply.status(401).send({ requestId: randomId(''), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    }
  });

  app.get('/oauth/v1/generate', async (request, reply) => {
    const query = request.query as { grant_type?: string };
    if (!/^Basic \S+/.test(request.headers.authorization ?? '') || query.grant_type !== 'client_credentials') {
      return reply.status(400).send({ errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    }
    return { access_token: randomBytes(16).toString('base64url'), expires_in: '3599' };
  });

  app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const timestamp = String(body.Timestamp ?? '');
    const amount = Number(body.Amount);
    const phone = String(body.PhoneNumber ?? '');
    if (body.BusinessShortCode !== options.shortcode) return reply.status(400).send(badRequest('Invalid BusinessShortCode'));
    if (!/^\d{14}$/.test(timestamp)) return reply.status(400).send(badRequest('Invalid Timestamp'));
    if (body.Password !== stkPassword(options.shortcode, options.passkey, timestamp)) {
      return reply.status(400).send(badRequest('Invalid Password'));
    }
    if (!Number.isInteger(amount) || amount < 1) return reply.status(400).send(badRequest('Invalid Amount'));
    if (!kenyanMsisdn.test(phone)) return reply.status(400).send(badRequest('Invalid PhoneNumber'));
    if (!isCallbackUrl(body.CallBackURL, options.callbackOrigin)) {
      return reply.status(400).send(badRequest('Invalid CallBackURL'));
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

  app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const timestamp = String(body.Timestamp ?? '');
    if (body.Password !== stkPassword(options.shortcode, options.passkey, timestamp)) {
      return reply.status(400).send(badRequest('Invalid Password'));
    }
    const row = await db.mockMpesaRequest.findUnique({ where: { id: String(body.CheckoutRequestID ?? '') } });
    if (!row || row.kind !== 'stk') return reply.status(400).send(badRequest('Invalid CheckoutRequestID'));
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
    const amount = Number(body.Amount);
    const phone = String(body.PartyB ?? '');
    if (!body.InitiatorName || !body.SecurityCredential) return reply.status(400).send(badRequest('Invalid Initiator'));
    if (!Number.isInteger(amount) || amount < 1) return reply.status(400).send(badRequest('Invalid Amount'));
    if (!kenyanMsisdn.test(phone)) return reply.status(400).send(badRequest('Invalid PartyB'));
    if (!isCallbackUrl(body.ResultURL, options.callbackOrigin) || !isCallbackUrl(body.QueueTimeOutURL, options.callbackOrigin)) {
      return reply.status(400).send(badRequest('Invalid ResultURL'));
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
          callbackDueAt: new Date(Date.now() + options.delayMs),
        },
      });
      scheduleSweep(options.delayMs);
    }
    return {
      ConversationID: existing?.conversationId ?? conversationId,
      OriginatorConversationID: originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  };
  app.post('/mpesa/b2c/v3/paymentrequest', b2cHandler);
  app.post('/mpesa/b2c/v1/paymentrequest', b2cHandler);

  // ── callback delivery: due rows are claimed with SKIP LOCKED, so each is sent once by one process ──
  // The mock stands for Safaricom, which does not stop when one of our nodes does: a claim is a lease
  // (the due time moves on by CLAIM_LEASE_SECONDS), and a callback whose sending process died is sent
  // by another one when the lease runs out. Once sent, the row keeps its original due time.
  const CLAIM_LEASE_SECONDS = 15;
  let closing = false;
  let sweeping: Promise<void> = Promise.resolve();

  function scheduleSweep(delay: number) {
    if (closing || !app.server.listening) return;
    const t = setTimeout(() => {
      if (closing || !app.server.listening) return;
      sweeping = sweeping.then(sweep).catch((error: unknown) => app.log.warn({ err: error }, 'daraja mock sweep failed'));
    }, delay + 5);
    t.unref?.();
  }

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
        const body = row.kind === 'stk' ? stkCallbackBody(row) : b2cResultBody(row, options.shortcode);
        try {
          await fetch(row.callbackUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          // Like Safaricom, the mock does not retry a callback the receiver failed to take.
          app.log.warn({ err: error, id }, 'daraja mock callback delivery failed');
        }
        await db.mockMpesaRequest.update({ where: { id }, data: { callbackSentAt: new Date(), callbackDueAt: dueAt } });
      }),
    );
  }

  // Deliver only once the server listens: a callback due during a restart must reach the new process.
  let interval: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    interval = setInterval(() => scheduleSweep(0), options.pollIntervalMs ?? 1000);
    interval.unref?.();
    scheduleSweep(0);
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(interval);
    await sweeping;
  });
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
