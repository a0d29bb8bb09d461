/**
 * Database round trips per request, counted on the wire: the app's Prisma client runs over a pg pool
 * that reports every statement (BEGIN and COMMIT included) with the connection it used.
 *
 * Budgets (docs/QUALITY.md): the auth check is at most one query (auth_sessions by jti, joined to its
 * user), and none once the node has checked that session (plugins/session-cache.ts); a read takes at
 * most two more; a money movement is exactly one database transaction — one BEGIN, one
 * COMMIT, and every write of the request inside it, on its connection; a standard creation is one read
 * of the parties and one statement that writes everything (its own database transaction).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../src/db/prisma.ts';
import { bearer, makeUser, randomPhone, type MadeUser } from './factories.ts';
import { action, createTransaction, pay, payAndSettle, paymentStatus } from './escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from './helpers.ts';

interface Statement {
  sql: string;
  connection: number;
}

const statements: Statement[] = [];
let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;

const READ_BUDGET = 2;
const isWrite = (sql: string) => /^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql) || /\bFOR UPDATE\b/i.test(sql);
const isAuthQuery = (sql: string) => /"auth_sessions"/.test(sql) && /^\s*SELECT/i.test(sql);

/** The statements one request sends (nothing else runs meanwhile: no job worker, payments settled). */
async function measure(request: InjectOptions) {
  statements.length = 0;
  const response = await t.app.inject(request);
  await new Promise((resolve) => setImmediate(resolve));
  return { response, statements: [...statements] };
}

function describeStatements(list: Statement[]): string {
  return list.map((s, i) => `${i + 1}. [conn ${s.connection}] ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');
}

/** Exactly one BEGIN … COMMIT, and every write of the request on that connection between the two. */
function expectOneTransaction(list: Statement[]) {
  const text = describeStatements(list);
  const begins = list.map((s, i) => [s, i] as const).filter(([s]) => /^\s*BEGIN\b/i.test(s.sql));
  const commits = list.map((s, i) => [s, i] as const).filter(([s]) => /^\s*COMMIT\b/i.test(s.sql));
  expect(begins, text).toHaveLength(1);
  expect(commits, text).toHaveLength(1);
  expect(
    list.some((s) => /^\s*ROLLBACK\b/i.test(s.sql)),
    text,
  ).toBe(false);
  const [[begin, beginAt]] = begins as [readonly [Statement, number]];
  const [[, commitAt]] = commits as [readonly [Statement, number]];
  expect(commits[0]![0].connection, text).toBe(begin.connection);
  list.forEach((s, i) => {
    if (!isWrite(s.sql)) return;
    expect({ write: s.sql.slice(0, 80), inside: i > beginAt && i < commitAt && s.connection === begin.connection }, text).toEqual({
      write: s.sql.slice(0, 80),
      inside: true,
    });
  });
}

function expectRead(list: Statement[], budget = READ_BUDGET) {
  const text = describeStatements(list);
  expect(list.filter((s) => isAuthQuery(s.sql)).length, text).toBeLessThanOrEqual(1);
  expect(list.filter((s) => !isAuthQuery(s.sql)).length, text).toBeLessThanOrEqual(budget);
  expect(
    list.some((s) => isWrite(s.sql) || /^\s*BEGIN\b/i.test(s.sql)),
    text,
  ).toBe(false);
}

beforeAll(async () => {
  t = await buildTestApp({
    db: (url) =>
      createPrisma(url, {
        // The Daraja and Africa's Talking mocks are the outside world, not the app: their own sweeps are left out.
        onQuery: (statement) =>
          void (/\bmock_(mpesa_requests|airtel_requests|sms_deliveries)\b/.test(statement.sql) || statements.push(statement)),
      }),
  });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

describe('reads', () => {
  let standardId: string;
  let lmmId: string;
  let paymentId: string;

  beforeAll(async () => {
    standardId = (
      await createTransaction(t, buyer, {
        seller_phone: seller.phone,
        amount: 1500,
        product_name: 'Round trips',
        transaction_type: 'standard',
      })
    ).id;
    paymentId = (await payAndSettle(t, buyer, standardId)).id;
    lmmId = (
      await createTransaction(t, buyer, {
        seller_phone: seller.phone,
        amount: 6000,
        total_cost: 24_000,
        installment_months: 6,
        product_name: 'Fridge on installments',
        transaction_type: 'lipa_mdogo_mdogo',
      })
    ).id;
    await payAndSettle(t, buyer, lmmId);
    for (let i = 0; i < 3; i++) {
      await createTransaction(t, buyer, {
        seller_phone: randomPhone(),
        amount: 200 + i,
        product_name: `Filler ${i}`,
        transaction_type: 'standard',
      });
    }
  });

  it.each([
    ['transaction detail (standard, as buyer)', () => `/api/transactions/${standardId}`, () => buyer],
    ['transaction detail (installments, as seller)', () => `/api/transactions/${lmmId}`, () => seller],
    ['transaction detail (as admin)', () => `/api/transactions/${lmmId}`, () => admin],
    ['filtered list (as buyer)', () => '/api/transactions?status=pending&per_page=10', () => buyer],
    ['list with search (as seller)', () => '/api/transactions?search=fridge&per_page=10', () => seller],
    ['filtered list (as admin)', () => '/api/transactions?status=funded&per_page=10', () => admin],
    ['payment status', () => `/api/payments/${paymentId}/status`, () => buyer],
    ['profile', () => '/api/auth/profile', () => buyer],
  ])('%s: the auth check plus at most two queries', async (_name, url, who) => {
    const { response, statements: list } = await measure({ method: 'GET', url: url(), headers: bearer(who()) });
    expect(response.statusCode, response.body).toBe(200);
    expectRead(list);
  });

  it('a detail read is one statement, and a session this node has checked costs none', async () => {
    const reader = await makeUser(t.app, { userType: 'admin' });
    const first = await measure({ method: 'GET', url: `/api/transactions/${lmmId}`, headers: bearer(reader) });
    expect(first.response.statusCode).toBe(200);
    expect(
      first.statements.filter((s) => isAuthQuery(s.sql)),
      describeStatements(first.statements),
    ).toHaveLength(1);
    const again = await measure({ method: 'GET', url: `/api/transactions/${lmmId}`, headers: bearer(reader) });
    expect(again.response.json()).toEqual(first.response.json());
    expect(again.statements, describeStatements(again.statements)).toHaveLength(1);
    expect(again.statements.some((s) => isAuthQuery(s.sql))).toBe(false);
  });

  it("a stranger's detail read stops at 404 within the same budget", async () => {
    const stranger = await makeUser(t.app, { userType: 'buyer' });
    const { response, statements: list } = await measure({
      method: 'GET',
      url: `/api/transactions/${standardId}`,
      headers: bearer(stranger),
    });
    expect(response.statusCode).toBe(404);
    expectRead(list);
  });

  it('the public charges calculator does not touch the database', async () => {
    const { response, statements: list } = await measure({ method: 'GET', url: '/api/v1/charges/calculate?amount=2500&type=with_dispute' });
    expect(response.statusCode).toBe(200);
    expect(list, describeStatements(list)).toHaveLength(0);
  });
});

describe('creating a transaction', () => {
  it('is one read and one writing statement, with no BEGIN: the statement is its own database transaction', async () => {
    const body = { seller_phone: seller.phone, amount: 1200, product_name: 'Two statements', transaction_type: 'standard' };
    // A first request checks the session; the next ones find it in this node's cache.
    await measure({ method: 'POST', url: '/api/transactions', headers: bearer(buyer), payload: body });
    for (const sellerPhone of [seller.phone, randomPhone()]) {
      const { response, statements: list } = await measure({
        method: 'POST',
        url: '/api/transactions',
        headers: bearer(buyer),
        payload: { ...body, seller_phone: sellerPhone },
      });
      const text = describeStatements(list);
      expect(response.statusCode, response.body).toBe(201);
      expect(list, text).toHaveLength(2);
      expect(isWrite(list[0]!.sql), text).toBe(false);
      expect(list[1]!.sql, text).toMatch(
        /INSERT INTO transactions[\s\S]*INSERT INTO timeline_events[\s\S]*INSERT INTO sms_messages[\s\S]*INSERT INTO job_outbox/,
      );
      expect(
        list.some((s) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(s.sql)),
        text,
      ).toBe(false);
    }
  });
});

describe('money movements are one database transaction', () => {
  it('dispatch, release_payment and a refunding cancel each commit once', async () => {
    const { id } = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2000,
      product_name: 'Atomic',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, id);

    const dispatched = await measure({ method: 'POST', url: `/api/transactions/${id}/dispatch`, headers: bearer(seller) });
    expect(dispatched.response.statusCode, dispatched.response.body).toBe(200);
    expectOneTransaction(dispatched.statements);

    const released = await measure({ method: 'POST', url: `/api/transactions/${id}/release_payment`, headers: bearer(buyer) });
    expect(released.response.statusCode, released.response.body).toBe(200);
    expectOneTransaction(released.statements);
    expect(released.statements.filter((s) => /INSERT INTO ("public".)?"?ledger_journals/.test(s.sql))).toHaveLength(1);

    const other = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 900,
      product_name: 'Refunded',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, other.id);
    const cancelled = await measure({ method: 'POST', url: `/api/transactions/${other.id}/cancel`, headers: bearer(seller) });
    expect(cancelled.response.statusCode, cancelled.response.body).toBe(200);
    expect(cancelled.response.json().data.transaction.status).toBe('refunded');
    expectOneTransaction(cancelled.statements);
  });

  /** A plan with its deposit paid and the buyer's withdrawal request waiting; the seller's answer, measured. */
  async function answerWithdrawal(accept: boolean) {
    const { id } = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 4000,
      total_cost: 12_000,
      installment_months: 3,
      product_name: accept ? 'Withdrawn' : 'Withdrawal declined',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    await payAndSettle(t, buyer, id);
    const asked = await action(t, buyer, id, 'withdrawal_request', { reason: 'I cannot keep paying' });
    expect(asked.statusCode, asked.body).toBe(200);
    const answered = await measure({
      method: 'POST',
      url: `/api/transactions/${id}/withdrawal_response`,
      headers: bearer(seller),
      payload: { accept },
    });
    expect(answered.response.statusCode, answered.response.body).toBe(200);
    return answered.statements;
  }

  /** The reads of the waiting withdrawal request inside the answer's database transaction (the read of the answer after it is not). */
  function requestReads(list: Statement[]) {
    const begin = list.findIndex((s) => /^\s*BEGIN\b/i.test(s.sql));
    const commit = list.findIndex((s) => /^\s*COMMIT\b/i.test(s.sql));
    return list.slice(begin + 1, commit).filter((s) => /^\s*SELECT\b[\s\S]*\bFROM "public"\."withdrawal_requests"/i.test(s.sql));
  }

  it("the seller's accept and decline of a withdrawal request each commit once", async () => {
    for (const accept of [true, false]) expectOneTransaction(await answerWithdrawal(accept));
  });

  it("the seller's answer reads the waiting request once", async () => {
    for (const accept of [true, false]) {
      const list = await answerWithdrawal(accept);
      expect(requestReads(list), describeStatements(list)).toHaveLength(1);
    }
  });

  it('an STK callback credits the payment in one database transaction', async () => {
    const { id } = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 700,
      product_name: 'Callback',
      transaction_type: 'standard',
    });
    // A customer who never answers (…1037): the test delivers Daraja's callback itself.
    const payment = await pay(t, buyer, id, { phone_number: randomPhone('1037') });
    const callback = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'mr-1',
          CheckoutRequestID: payment.checkout_request_id,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: Number(payment.amount) },
              { Name: 'MpesaReceiptNumber', Value: 'RT12345678' },
              { Name: 'PhoneNumber', Value: 254700000000 },
            ],
          },
        },
      },
    };
    const url = `/api/payments/mpesa/callback/${t.config.MPESA_CALLBACK_SECRET}?payment=${payment.id}`;
    const credited = await measure({ method: 'POST', url, payload: callback });
    expect(credited.response.statusCode, credited.response.body).toBe(200);
    // The raw callback is stored before processing and marked processed after: audit rows, no money.
    const moneyStatements = credited.statements.filter((s) => !/"rail_callbacks"/.test(s.sql));
    expectOneTransaction(moneyStatements);
    await eventually(async () => (await paymentStatus(t, buyer, payment.id)).status === 'completed');
  });
});
