/**
 * An Airtel Money mock served at /mock/airtel in demo mode. It checks requests the way Airtel's open
 * API does (airtel-mock-checks.ts: client credentials, bearer tokens, X-Country / X-Currency, bodies),
 * answers with Airtel's shapes, and posts collection callbacks over real HTTP to the callback URL
 * registered with it (as Airtel's is registered in its developer portal). Outcomes follow the paying
 * phone's last four digits (mock-outcomes.ts). Its state lives in `mock_airtel_requests`, so a pending
 * callback is still delivered, and enquiries still answer, after a server restart.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/prisma.ts';
import {
  checkAuthorisedRequest,
  checkCollectionRequest,
  checkDisbursementRequest,
  checkTokenRequest,
  isRefusal,
  issueAccessToken,
  refusal,
} from './airtel-mock-checks.ts';
import { type AirtelMockOutcome, COLLECTION_TIMED_OUT, collectionOutcomeFor, disbursementOutcomeFor } from './mock-outcomes.ts';
import { deliverDueCallbacks } from '../mock-callback-delivery.ts';
import { railFetch } from '../http.ts';

export interface AirtelMockOptions {
  db: Db;
  clientId: string;
  clientSecret: string;
  encryptedPin: string;
  /** The collection callback URL registered with the mock (this server's, with its secret segment). */
  callbackUrl: string;
  now?: () => Date;
  delayMs: number;
  /** After this long, the enquiry reports a timeout for the customer who never answers. */
  timeoutMs: number;
  pollIntervalMs?: number;
}

type MockRow = NonNullable<Awaited<ReturnType<Db['mockAirtelRequest']['findUnique']>>>;

const documented = (summary: string) => ({ schema: { tags: ['mock-airtel'], summary } });

function airtelMoneyId(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return `MP${Array.from({ length: 10 }, () => letters[randomInt(letters.length)]).join('')}`;
}

function envelope(transaction: Record<string, unknown>, outcome: Pick<AirtelMockOutcome, 'responseCode' | 'message'>, success = true) {
  return {
    data: { transaction },
    status: {
      code: '200',
      message: success ? 'SUCCESS' : outcome.message,
      result_code: 'ESB000010',
      response_code: outcome.responseCode,
      success,
    },
  };
}

export async function airtelMock(app: FastifyInstance, options: AirtelMockOptions): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.endsWith('/auth/oauth2/token')) return;
    const refused = checkAuthorisedRequest(request.headers, options.clientSecret, now());
    if (refused) return reply.status(refused.status).send(refused.body);
  });

  app.post(
    '/auth/oauth2/token',
    documented('Airtel OAuth2: a bearer token for the configured client credentials'),
    async (request, reply) => {
      const refused = checkTokenRequest((request.body ?? {}) as Record<string, unknown>, options);
      if (refused) return reply.status(refused.status).send(refused.body);
      return issueAccessToken(options.clientSecret, now());
    },
  );

  app.post('/merchant/v1/payments/', documented('Airtel USSD push collection'), async (request, reply) => {
    const checked = checkCollectionRequest((request.body ?? {}) as Record<string, unknown>);
    if (isRefusal(checked)) return reply.status(checked.status).send(checked.body);
    if (await db.mockAirtelRequest.findUnique({ where: { id: checked.id } })) {
      const duplicate = refusal(400, 'DP00800001005', 'Transaction id already used');
      return reply.status(duplicate.status).send(duplicate.body);
    }
    const outcome = collectionOutcomeFor(checked.msisdn);
    await db.mockAirtelRequest.create({
      data: {
        id: checked.id,
        kind: 'collection',
        msisdn: checked.msisdn,
        amount: checked.amount,
        status: outcome.status,
        message: outcome.message,
        responseCode: outcome.responseCode,
        airtelMoneyId: outcome.status === 'TS' ? airtelMoneyId() : null,
        callbackDueAt: outcome.status === 'TIP' ? null : new Date(Date.now() + options.delayMs),
      },
    });
    scheduleSweep(options.delayMs);
    return envelope({ id: checked.id, status: 'Success.' }, { responseCode: 'DP00800001006', message: 'In process' });
  });

  app.get('/standard/v1/payments/:id', documented('Airtel collection enquiry'), async (request) => {
    const row = await db.mockAirtelRequest.findUnique({ where: { id: (request.params as { id: string }).id } });
    if (!row || row.kind !== 'collection') {
      return envelope(
        { id: (request.params as { id: string }).id, status: 'TF', message: 'Transaction not found' },
        { responseCode: 'DP00800001025', message: 'Transaction not found' },
        false,
      );
    }
    return envelope(transactionOf(row, collectionAnswer(row)), collectionAnswer(row));
  });

  app.post('/standard/v1/disbursements/', documented('Airtel disbursement (B2C)'), async (request, reply) => {
    const checked = checkDisbursementRequest((request.body ?? {}) as Record<string, unknown>, options.encryptedPin);
    if (isRefusal(checked)) return reply.status(checked.status).send(checked.body);
    // One id pays once: the same request again is answered with the first one's result.
    const existing = await db.mockAirtelRequest.findUnique({ where: { id: checked.id } });
    const row =
      existing ??
      (await (async () => {
        const outcome = disbursementOutcomeFor(checked.msisdn);
        return db.mockAirtelRequest.create({
          data: {
            id: checked.id,
            kind: 'disbursement',
            msisdn: checked.msisdn,
            amount: checked.amount,
            status: outcome.status,
            message: outcome.message,
            responseCode: outcome.responseCode,
            airtelMoneyId: outcome.status === 'TS' ? airtelMoneyId() : null,
          },
        });
      })());
    if (row.kind !== 'disbursement') {
      const duplicate = refusal(400, 'DP00900001005', 'Transaction id already used');
      return reply.status(duplicate.status).send(duplicate.body);
    }
    return envelope({ ...transactionOf(row, row), reference_id: `${row.id.slice(0, 12)}-ref` }, row, row.status === 'TS');
  });

  app.get('/standard/v1/disbursements/:id', documented('Airtel disbursement enquiry'), async (request) => {
    const id = (request.params as { id: string }).id;
    const row = await db.mockAirtelRequest.findUnique({ where: { id } });
    if (!row || row.kind !== 'disbursement') {
      return envelope({ id, message: 'Transaction not found' }, { responseCode: 'DP00900001015', message: 'Transaction not found' }, false);
    }
    return envelope(transactionOf(row, row), row);
  });

  /** What a collection enquiry reports now: in progress until its callback is due; a timeout for the silent payer. */
  function collectionAnswer(row: MockRow): Pick<MockRow, 'status' | 'responseCode' | 'message'> {
    if (row.status !== 'TIP') {
      return row.callbackDueAt && row.callbackDueAt.getTime() > Date.now()
        ? { status: 'TIP', responseCode: 'DP00800001006', message: 'Transaction in progress' }
        : row;
    }
    return Date.now() - row.createdAt.getTime() >= options.timeoutMs ? COLLECTION_TIMED_OUT : row;
  }

  function transactionOf(row: MockRow, answer: Pick<MockRow, 'status' | 'message'>) {
    return {
      id: row.id,
      status: answer.status,
      message: answer.message,
      airtel_money_id: answer.status === 'TS' ? row.airtelMoneyId : null,
    };
  }

  // ── callback delivery: due rows are claimed with SKIP LOCKED, so each is sent once by one process ──
  async function sweep(): Promise<void> {
    const due = await db.$queryRaw<{ id: string }[]>`
      UPDATE mock_airtel_requests SET callback_sent_at = now()
      WHERE id IN (SELECT id FROM mock_airtel_requests
                   WHERE callback_due_at <= now() AND callback_sent_at IS NULL
                   ORDER BY callback_due_at LIMIT 50 FOR UPDATE SKIP LOCKED)
      RETURNING id`;
    await Promise.all(
      due.map(async ({ id }) => {
        const row = await db.mockAirtelRequest.findUniqueOrThrow({ where: { id } });
        const body = { transaction: { id: row.id, message: row.message, status_code: row.status, airtel_money_id: row.airtelMoneyId } };
        try {
          await railFetch(options.callbackUrl, { json: body, timeoutMs: 10_000 });
        } catch (error) {
          app.log.warn({ err: error, id }, 'airtel mock callback delivery failed');
        }
      }),
    );
  }

  const scheduleSweep = deliverDueCallbacks(app, { name: 'airtel mock', pollIntervalMs: options.pollIntervalMs ?? 1000, sweep });
}
