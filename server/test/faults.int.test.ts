/**
 * Faults: the server process killed (SIGKILL, no shutdown hooks) in the middle of a pay-in and of a
 * payout, before and after M-Pesa's callback, and in the middle of a payout's reconciliation (its
 * Transaction Status query in flight), then a new process started on the same database and port; and
 * PostgreSQL restarted under a serving app.
 *
 * Money is never lost or doubled: one deposit journal per payment, one B2C request and one payout
 * journal per release, the ledger balanced; queued jobs resume in the new process. With PostgreSQL
 * down, requests fail fast with a 5xx envelope that says nothing about the database, /readyz answers
 * 503, and the same app recovers on its own when PostgreSQL is back.
 *
 * The graceful restart is server/test/restart.int.test.ts; a callback that never comes is settled by
 * the reconciliation job in server/test/escrow.int.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv, resolveConfig } from '../src/config/env.ts';
import { findFreePort, startEmbeddedPostgres, type EmbeddedCluster } from '../src/db/embedded-postgres.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { createPrisma, type Db } from '../src/db/prisma.ts';
import { MIGRATIONS_DIR } from '../src/main.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { escrowBalance } from '../src/modules/ledger/ledger.ts';
import { randomPhone } from './factories.ts';
import { createTestDatabase, eventually } from './helpers.ts';
import { startChildServer, type ChildServer } from './support/child-server.ts';
import { signHs256 } from './support/tokens.ts';

const JWT_SECRET = 'faults-test-secret-faults-test-secret-0123';
const CALLBACK_SECRET = 'faults-callback-secret-42';
/** Long enough to kill the process between a request to the mock and its callback. */
const MOCK_DELAY_MS = 2500;

interface Party {
  id: string;
  phone: string;
  token: string;
}

async function makeParty(db: Db, userType: 'buyer' | 'seller' | 'admin', phone = randomPhone()): Promise<Party> {
  const user = await db.user.create({
    data: { firstName: 'Fault', lastName: userType, phoneNumber: phone, userType, phoneVerifiedAt: new Date() },
  });
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  await db.authSession.create({ data: { id: jti, userId: user.id, expiresAt: new Date((now + 3600) * 1000) } });
  return { id: user.id, phone, token: signHs256({ sub: user.id, role: userType, jti, iat: now, exp: now + 3600 }, JWT_SECRET) };
}

async function call(server: ChildServer, party: Party | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(party ? { authorization: `Bearer ${party.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text,
    json: () => JSON.parse(text) as { data: { transaction: { id: string }; payment: { id: string; status: string } } },
  };
}

describe('server processes killed mid-flight', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let port: number;
  let server: ChildServer | undefined;
  let buyer: Party;
  let seller: Party;

  /** The server left running by the previous scenario, or a new one. */
  const running = async () => server ?? start();
  const start = async () => {
    server = await startChildServer({
      databaseUrl: database.url,
      port,
      env: {
        JWT_SECRET,
        MPESA_CALLBACK_SECRET: CALLBACK_SECRET,
        MPESA_MOCK_DELAY_MS: String(MOCK_DELAY_MS),
        STK_RECONCILE_AFTER_SECONDS: '4',
        PAYOUT_RECONCILE_AFTER_SECONDS: '2',
        INSPECTION_WINDOW_SECONDS: '259200',
        // The next process takes over the dead one's jobs once its heartbeat has been missing this long.
        JOB_WORKER_DEAD_AFTER_SECONDS: '2',
      },
    });
    return server;
  };
  /** SIGKILL: no shutdown hooks; the jobs it had locked stay locked until the next process sees it dead. */
  const crash = async () => {
    await server!.crash();
    server = undefined;
  };

  const createFunded = async (s: ChildServer, amount: number) => {
    const created = await call(s, buyer, 'POST', '/api/transactions', {
      seller_phone: seller.phone,
      amount,
      product_name: `Fault test ${amount}`,
      transaction_type: 'standard',
    });
    expect(created.status, created.body).toBe(201);
    const id = created.json().data.transaction.id as string;
    const paid = await call(s, buyer, 'POST', '/api/payments/initiate', { transaction_id: id });
    expect(paid.status, paid.body).toBe(202);
    return { id, paymentId: paid.json().data.payment.id as string };
  };

  const expectCreditedOnce = async (transactionId: string, priceCents: bigint) => {
    expect(await db.ledgerJournal.count({ where: { transactionId, kind: 'deposit' } })).toBe(1);
    expect(await escrowBalance(db, transactionId)).toBe(priceCents);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: transactionId } })).status).toBe('funded');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createPrisma(database.url, { poolSize: 4 });
    port = await findFreePort();
    buyer = await makeParty(db, 'buyer');
    seller = await makeParty(db, 'seller');
  });
  afterAll(async () => {
    await server?.crash();
    await db?.$disconnect();
    await database?.drop();
  });

  it('pay-in killed before the callback: credited exactly once by the next process', async () => {
    let s = await running();
    const { id, paymentId } = await createFunded(s, 2500);
    await crash(); // the customer is still typing the PIN; the callback is due in 2.5 s
    expect((await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('pending');

    s = await start();
    // The mock delivers the overdue callback to the new process, and the reconciliation job (STK query,
    // due 4 s after the push) races it: either may win, the payment is credited once.
    const payment = await eventually(async () => {
      const row = await db.payment.findUniqueOrThrow({ where: { id: paymentId } });
      return row.status === 'completed' ? row : null;
    }, 30_000);
    expect(payment.railReceipt).toBeTruthy();
    await eventually(async () => {
      const [left] = await db.$queryRaw<{ count: bigint }[]>`
          SELECT count(*) FROM graphile_worker.jobs WHERE task_identifier = 'payments.reconcile' AND attempts < max_attempts`;
      return left!.count === 0n;
    }, 30_000);
    await expectCreditedOnce(id, 250_000n);
    const status = await call(s, buyer, 'GET', `/api/payments/${paymentId}/status`);
    expect(status.json().data.payment.status).toBe('completed');
  });

  it('pay-in killed right after the callback: a callback delivered again changes nothing, queued SMS still go out', async () => {
    let s = await running();
    const { id, paymentId } = await createFunded(s, 1800);
    await eventually(async () => (await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status === 'completed', 30_000, 10);
    await crash(); // before its SMS jobs ran, and before Daraja saw the answer

    s = await start();
    // Daraja retries a callback it got no answer for: deliver the stored body again.
    const stored = await db.railCallback.findFirstOrThrow({
      where: { kind: 'stk', externalId: (await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).railRequestId },
    });
    const again = await call(s, null, 'POST', `/api/payments/mpesa/callback/${CALLBACK_SECRET}?payment=${paymentId}`, stored.body);
    expect(again.status, again.body).toBe(200);
    await expectCreditedOnce(id, 180_000n);
    const sms = await eventually(async () => {
      const rows = await db.smsMessage.findMany({
        where: { transactionId: id, template: { in: ['payment_received_buyer', 'payment_received_seller'] } },
      });
      return rows.length === 2 && rows.every((row) => row.status === 'sent' || row.status === 'delivered') ? rows : null;
    }, 30_000);
    expect(sms).toHaveLength(2);
  });

  it('payout killed before the B2C result: the seller is paid once, by one B2C request', async () => {
    let s = await running();
    const { id } = await createFunded(s, 3000);
    await eventually(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).status === 'funded', 30_000);
    expect((await call(s, seller, 'POST', `/api/transactions/${id}/dispatch`)).status).toBe(200);
    expect((await call(s, buyer, 'POST', `/api/transactions/${id}/release_payment`)).status).toBe(200);
    // The worker sends the B2C request at once; kill while its result is still on its way.
    const sent = await eventually(
      async () => {
        const payout = await db.payout.findFirst({ where: { transactionId: id } });
        const request = payout?.railRequestId ? await db.mockMpesaRequest.findUnique({ where: { id: payout.railRequestId } }) : null;
        return request && !request.callbackSentAt ? payout : null;
      },
      20_000,
      10,
    );
    await crash();
    expect((await db.payout.findUniqueOrThrow({ where: { id: sent!.id } })).status).toBe('processing');

    s = await start();
    const payout = await eventually(async () => {
      const row = await db.payout.findUniqueOrThrow({ where: { id: sent!.id } });
      return row.status === 'completed' ? row : null;
    }, 30_000);
    const txn = await db.transaction.findUniqueOrThrow({ where: { id } });
    expect(payout.amountCents).toBe(txn.amountCents - txn.sellerFeeCents);
    expect(await db.payout.count({ where: { transactionId: id } })).toBe(1);
    expect(
      await db.mockMpesaRequest.count({ where: { kind: 'b2c', phone: seller.phone, amount: Number(payout.amountCents / 100n) } }),
    ).toBe(1);
    expect(await db.ledgerJournal.count({ where: { transactionId: id, kind: 'payout' } })).toBe(1);
    expect(await escrowBalance(db, id)).toBe(0n);
  });

  it('payout killed right after the B2C result: a result delivered again pays nothing more', async () => {
    let s = await running();
    const { id } = await createFunded(s, 4200);
    await eventually(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).status === 'funded', 30_000);
    expect((await call(s, seller, 'POST', `/api/transactions/${id}/dispatch`)).status).toBe(200);
    expect((await call(s, buyer, 'POST', `/api/transactions/${id}/release_payment`)).status).toBe(200);
    const payout = await eventually(
      async () => {
        const row = await db.payout.findFirst({ where: { transactionId: id } });
        return row?.status === 'completed' ? row : null;
      },
      30_000,
      10,
    );
    await crash();

    s = await start();
    const stored = await db.railCallback.findFirstOrThrow({ where: { kind: 'b2c_result', externalId: payout!.railRequestId } });
    const again = await call(s, null, 'POST', `/api/payments/mpesa/b2c/result/${CALLBACK_SECRET}`, stored.body);
    expect(again.status, again.body).toBe(200);
    expect(await db.ledgerJournal.count({ where: { transactionId: id, kind: 'payout' } })).toBe(1);
    expect(await db.payout.count({ where: { transactionId: id } })).toBe(1);
    await eventually(async () => {
      const sms = await db.smsMessage.findFirst({ where: { transactionId: id, template: 'payout_sent' } });
      return sms && (sms.status === 'sent' || sms.status === 'delivered');
    }, 30_000);
  });

  it('payout reconciliation killed mid-query: the payout whose result never comes is paid once, by one B2C request', async () => {
    const unanswered = await makeParty(db, 'seller', randomPhone('1037'));
    let s = await running();
    const created = await call(s, buyer, 'POST', '/api/transactions', {
      seller_phone: unanswered.phone,
      amount: 2700,
      product_name: 'Fault test reconciliation',
      transaction_type: 'standard',
    });
    expect(created.status, created.body).toBe(201);
    const id = created.json().data.transaction.id as string;
    expect((await call(s, buyer, 'POST', '/api/payments/initiate', { transaction_id: id })).status).toBe(202);
    await eventually(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).status === 'funded', 30_000);
    expect((await call(s, unanswered, 'POST', `/api/transactions/${id}/dispatch`)).status).toBe(200);
    expect((await call(s, buyer, 'POST', `/api/transactions/${id}/release_payment`)).status).toBe(200);
    // M-Pesa pays but never sends the B2C result; 2 s later the Transaction Status query goes out, and its
    // answer is due 2.5 s after that: kill the server while the query is in flight.
    const queried = await eventually(
      async () => {
        const payout = await db.payout.findFirst({ where: { transactionId: id } });
        if (!payout?.railRequestId) return null;
        const query = await db.mockMpesaRequest.findFirst({ where: { kind: 'status', queriedId: payout.railRequestId } });
        return query && !query.callbackSentAt ? payout : null;
      },
      30_000,
      10,
    );
    await crash();
    expect((await db.payout.findUniqueOrThrow({ where: { id: queried.id } })).status).toBe('processing');

    s = await start();
    const payout = await eventually(async () => {
      const row = await db.payout.findUniqueOrThrow({ where: { id: queried.id } });
      return row.status === 'completed' ? row : null;
    }, 30_000);
    expect(payout).toMatchObject({ attempts: 1, railRequestId: queried.railRequestId });
    expect(await db.payout.count({ where: { transactionId: id } })).toBe(1);
    expect(await db.mockMpesaRequest.count({ where: { kind: 'b2c', phone: unanswered.phone } })).toBe(1);
    expect(await db.ledgerJournal.count({ where: { transactionId: id, kind: 'payout' } })).toBe(1);
    expect(await escrowBalance(db, id)).toBe(0n);
    // Answers to the queries still in flight change nothing more.
    await new Promise((resolve) => setTimeout(resolve, MOCK_DELAY_MS + 500));
    expect(await db.ledgerJournal.count({ where: { transactionId: id, kind: 'payout' } })).toBe(1);
    expect((await db.payout.findUniqueOrThrow({ where: { id: queried.id } })).status).toBe('completed');
  });

  it('leaves the books balanced after all of it: nothing lost, nothing doubled', async () => {
    const report = await checkLedgerInvariants(db);
    expect(
      report,
      JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toMatchObject({
      isHealthy: true,
      unbalancedJournals: 0,
      overdrawnBalances: 0,
      grandTotal: 0n,
    });
    // One deposit journal per completed payment, one payout journal per completed payout.
    const completedPayments = await db.payment.count({ where: { status: 'completed' } });
    expect(await db.ledgerJournal.count({ where: { kind: 'deposit' } })).toBe(completedPayments);
    expect(await db.ledgerJournal.count({ where: { kind: 'payout' } })).toBe(
      await db.payout.count({ where: { status: 'completed', kind: 'seller_payout' } }),
    );
  });
});

describe('PostgreSQL restarted under a serving app', () => {
  let baseDir: string;
  let cluster: EmbeddedCluster | undefined;
  let pgPort: number;
  let app: FastifyInstance;
  let token: string;
  let transactionId: string;
  let databaseUrl: string;

  beforeAll(async () => {
    baseDir = await mkdtemp(path.join(tmpdir(), 'escrow-faults-pg-'));
    pgPort = await findFreePort();
    cluster = await startEmbeddedPostgres({ baseDir, port: pgPort, persistent: true }); // the one initdb of this test
    await cluster.createDatabase('faults');
    databaseUrl = cluster.url('faults');
    await applyMigrations(databaseUrl, MIGRATIONS_DIR, () => {});
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const config = resolveConfig(env, { databaseUrl, jwtSecret: JWT_SECRET, callbackSecret: CALLBACK_SECRET, port: 0 });
    app = await buildApp(config, { startJobs: false });
    await app.ready();
    const buyer = await makeParty(app.ctx.db, 'buyer');
    token = buyer.token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${token}` },
      payload: { seller_phone: randomPhone(), amount: 900, product_name: 'Before the outage', transaction_type: 'standard' },
    });
    expect(created.statusCode, created.body).toBe(201);
    transactionId = created.json().data.transaction.id;
  });
  afterAll(async () => {
    await app?.close();
    await cluster?.stop().catch(() => {});
    if (baseDir) await rm(baseDir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${token}` });

  it('fails fast and cleanly while PostgreSQL is down, and recovers without restarting the app', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await cluster!.stop();
    cluster = undefined;

    const started = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200); // the process itself is fine

    const failures = [
      await app.inject({ method: 'GET', url: `/api/transactions/${transactionId}`, headers: auth() }),
      await app.inject({ method: 'GET', url: '/api/transactions?status=pending', headers: auth() }),
      await app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: auth(),
        payload: { seller_phone: randomPhone(), amount: 700, product_name: 'During the outage', transaction_type: 'standard' },
      }),
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone_or_email: '0711000101', password: 'Password123!' } }),
    ];
    for (const response of failures) {
      // 503 + Retry-After: the request may be sent again as it is (plugins/error-handler.ts).
      expect(response.statusCode, response.body).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const body = response.json();
      expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success']);
      const text = response.body;
      for (const leak of [
        /prisma/i,
        /ECONNREFUSED/,
        /postgres/i,
        /\bat .+:\d+:\d+/,
        /127\.0\.0\.1/,
        String(pgPort),
        new URL(databaseUrl).password,
      ]) {
        expect(text, `leak ${leak}`).not.toMatch(typeof leak === 'string' ? new RegExp(leak) : leak);
      }
    }
    // What needs no database still works.
    expect((await app.inject({ method: 'GET', url: '/api/v1/charges/calculate?amount=1000' })).statusCode).toBe(200);
    expect(Date.now() - started, 'requests must fail fast, not hang').toBeLessThan(15_000);

    cluster = await startEmbeddedPostgres({ baseDir, port: pgPort, persistent: true }); // same data, no initdb
    await eventually(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200, 30_000, 200);
    const detail = await eventually(
      async () => {
        const response = await app.inject({ method: 'GET', url: `/api/transactions/${transactionId}`, headers: auth() });
        return response.statusCode === 200 ? response : null;
      },
      30_000,
      200,
    );
    expect(detail.json().data.transaction.product_name).toBe('Before the outage');
    const created = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: auth(),
      payload: { seller_phone: randomPhone(), amount: 700, product_name: 'After the outage', transaction_type: 'standard' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await app.ctx.db.transaction.count({ where: { productName: 'During the outage' } })).toBe(0);
  });
});
