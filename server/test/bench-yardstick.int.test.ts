/**
 * The yardstick of `npm run bench` (scripts/lib/bench-baseline.ts: the detail and lists written by hand
 * with `node:http` + `pg`) answers what the product answers: for transactions in every state, each party
 * and an admin read the same `data` from it as from `GET /api/transactions/{id}` with the same token, and
 * the same page and summary from the list. The read's ratio in docs/QUALITY.md compares the same work only
 * while this holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '@escrow/core/domain/transaction-state';
import { findFreePort } from '../src/db/embedded-postgres.ts';
import { PROJECT_ROOT } from '../src/main.ts';
import { DEMO_USERS, ensureAdmin, seedDemoData } from '../src/seed/seed.ts';
import { action, createTransaction, payAndSettle, settlePayouts } from './escrow-helpers.ts';
import { bearer, makeUser, randomPhone } from './factories.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let yardstick: ChildProcess | undefined;
let yardstickBase: string;
/** Every transaction, oldest first. */
let ids: string[];
const tokens = new Map<string, string>();

/** The yardstick in its own process on the test's database, started as `npm run bench` starts it. */
async function startYardstick(): Promise<string> {
  const port = await findFreePort();
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'lib', 'bench-baseline.ts')], {
    cwd: PROJECT_ROOT,
    env: {
      ...inherited,
      DATABASE_URL: t.databaseUrl,
      PORT: String(port),
      JWT_SECRET: t.config.JWT_SECRET,
      INSPECTION_WINDOW_SECONDS: String(t.config.INSPECTION_WINDOW_SECONDS),
      PROTECTED_INSPECTION_WINDOW_SECONDS: String(t.config.PROTECTED_INSPECTION_WINDOW_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  yardstick = child;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`bench-baseline.ts not ready after 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench-baseline.ts exited (${code}):\n${output}`));
    });
  });
  return `http://127.0.0.1:${port}`;
}

async function tokenOf(userId: string): Promise<string> {
  const known = tokens.get(userId);
  if (known) return known;
  const user = await t.ctx.db.user.findUniqueOrThrow({ where: { id: userId } });
  const token = await t.app.issueToken(t.ctx.db, { id: user.id, userType: user.userType });
  tokens.set(userId, token);
  return token;
}

/** The same request to the product and to the yardstick, with the same token: both answers' bodies. */
async function both(url: string, token: string) {
  const product = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const yardstickAnswer = await fetch(`${yardstickBase}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    product: { status: product.statusCode, body: product.json() },
    yardstick: { status: yardstickAnswer.status, body: (await yardstickAnswer.json()) as { data?: unknown } },
  };
}

/** The buyer, the seller when there is one, and an admin, for one transaction. */
async function callersOf(id: string) {
  const row = await t.ctx.db.transaction.findUniqueOrThrow({ where: { id }, select: { buyerId: true, sellerId: true } });
  const admin = await t.ctx.db.user.findFirstOrThrow({ where: { userType: 'admin' } });
  return [
    { who: 'buyer', userId: row.buyerId },
    ...(row.sellerId ? [{ who: 'seller', userId: row.sellerId }] : []),
    { who: 'admin', userId: admin.id },
  ];
}

type Detail = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Compares the two detail answers of `id` for each of its callers; returns the product's. */
async function expectSameDetail(id: string): Promise<Detail[]> {
  const answers: Detail[] = [];
  for (const caller of await callersOf(id)) {
    const { product, yardstick: hand } = await both(`/api/transactions/${id}`, await tokenOf(caller.userId));
    expect(product.status, `${id} as ${caller.who}: ${JSON.stringify(product.body)}`).toBe(200);
    expect(hand.status, `${id} as ${caller.who}: ${JSON.stringify(hand.body)}`).toBe(200);
    expect(hand.body.data, `${id} (${product.body.data.transaction.status}) as ${caller.who}`).toStrictEqual(product.body.data);
    answers.push(product.body.data);
  }
  return answers;
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureAdmin(t.ctx);
  await seedDemoData(t.ctx);
  const db = t.ctx.db;
  // The seed's completed sale with its seller paid out (B2C result in).
  const completed = await db.transaction.findFirstOrThrow({ where: { status: 'completed' } });
  await settlePayouts(t, completed.id);
  // A withdrawal request waiting for the seller on the running plan.
  const plan = await db.transaction.findFirstOrThrow({ where: { status: 'installment' } });
  await db.withdrawalRequest.create({
    data: { transactionId: plan.id, reason: 'Changed my mind', respondBy: new Date(Date.now() + 72 * 3600_000) },
  });
  // What the seed does not make: a dispatch with its details, a checkout of a payment link, a seller with no account.
  const seller = await makeUser(t.app, { userType: 'seller', firstName: 'Akinyi' });
  const buyer = await makeUser(t.app, { userType: 'buyer' });
  const sent = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    product_name: 'Sewing machine',
    transaction_type: 'standard',
    amount: 9_000,
  });
  await payAndSettle(t, buyer, sent.id);
  const dispatched = await action(t, seller, sent.id, 'dispatch', { courier: 'G4S', tracking_number: 'G4S-884120', note: 'Left Nairobi' });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/payment-links',
    headers: bearer(seller),
    payload: { product_name: 'Ankara dress', amount: 2500, transaction_type: 'standard' },
  });
  expect(link.statusCode, link.body).toBe(201);
  const checkout = await t.app.inject({
    method: 'POST',
    url: `/api/payment-links/${link.json().data.payment_link.code}/checkout`,
    headers: bearer(buyer),
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  await createTransaction(t, buyer, {
    seller_phone: randomPhone(),
    product_name: 'Water tank',
    transaction_type: 'protected',
    amount: 12_000,
  });
  await t.ctx.jobs.drain();
  ids = (await db.transaction.findMany({ select: { id: true }, orderBy: { createdAt: 'asc' } })).map((row) => row.id);
  yardstickBase = await startYardstick();
});

afterAll(async () => {
  if (yardstick && yardstick.exitCode === null) {
    const exited = new Promise((resolve) => yardstick!.once('exit', resolve));
    yardstick.kill('SIGTERM');
    await exited;
  }
  await t?.close();
});

describe("the bench's hand-written detail read", () => {
  it('answers the product’s data for every transaction, to each party and an admin', async () => {
    const answers: Detail[] = [];
    for (const id of ids) answers.push(...(await expectSameDetail(id)));

    // The states and parts the comparison went through, so a thinner seed cannot make it pass by default.
    const statuses = new Set(answers.map((answer) => answer.transaction.status));
    expect([...statuses].sort()).toEqual([...TRANSACTION_STATUSES].sort());
    expect(answers.some((a) => a.installments?.some((i: Detail) => i.status === 'paid'))).toBe(true);
    expect(answers.some((a) => a.transaction.allowed_actions.length > 0)).toBe(true);
    expect(answers.some((a) => a.transaction.status === 'completed' && a.seller_payout?.status === 'completed')).toBe(true);
    expect(answers.some((a) => a.transaction.status === 'refunded' && a.transaction.quote.refunded !== '0.00')).toBe(true);
    expect(answers.some((a) => a.transaction.dispatch_details?.courier === 'G4S')).toBe(true);
    expect(answers.some((a) => a.transaction.payment_link_code !== null)).toBe(true);
    expect(answers.some((a) => a.withdrawal_request !== null)).toBe(true);
    expect(answers.some((a) => a.dispute !== null)).toBe(true);
    expect(answers.some((a) => a.transaction.quote.next_payment !== null && a.transaction.transaction_type === 'lipa_mdogo_mdogo')).toBe(
      true,
    );
    expect(answers.some((a) => a.seller.display_name.includes('***'))).toBe(true);
    expect(new Set(answers.map((a) => a.transaction.inspection_window_hours)).size).toBe(2);
  });

  it('answers the product’s data while a refund ruling waits for the item to come back', async () => {
    const dispute = await t.ctx.db.dispute.findFirstOrThrow({ where: { status: 'open' } });
    await t.ctx.db.dispute.update({ where: { id: dispute.id }, data: { status: 'awaiting_return', outcome: 'refund_buyer' } });
    const answers = await expectSameDetail(dispute.transactionId);
    expect(answers.some((a) => a.transaction.allowed_actions.includes('confirm_return'))).toBe(true);
  });

  it('gives a stranger 404, as the product does', async () => {
    const stranger = await makeUser(t.app, { userType: 'both' });
    const { product, yardstick: hand } = await both(`/api/transactions/${ids[0]}`, stranger.token);
    expect([product.status, hand.status]).toEqual([404, 404]);
  });
});

describe("the bench's hand-written fee calculator", () => {
  it('answers what the product answers, with the same security header names', async () => {
    for (const query of [
      'amount=2500&type=with_dispute',
      'amount=1',
      'amount=30000.5&type=lipa_mdogo_mdogo',
      'amount=500001&type=wo_dispute',
    ]) {
      const url = `/api/v1/charges/calculate?${query}`;
      const [product, hand] = [await fetch(`${t.baseUrl}${url}`), await fetch(`${yardstickBase}${url}`)];
      expect(hand.status, query).toBe(200);
      expect(await hand.json(), query).toStrictEqual(await product.json());
      const names = (response: Response) => [...response.headers.keys()].filter((name) => name !== 'date').sort();
      expect(names(hand), query).toStrictEqual(names(product));
    }
  });
});

describe("the bench's hand-written lists", () => {
  it('answer the product’s page and summary for each status, to a buyer, a seller and an admin', async () => {
    const demo = await t.ctx.db.user.findMany({ where: { phoneNumber: { in: DEMO_USERS.slice(0, 2).map((user) => user.phone) } } });
    const admin = await t.ctx.db.user.findFirstOrThrow({ where: { userType: 'admin' } });
    let listed = 0;
    for (const user of [...demo, admin]) {
      for (const status of TRANSACTION_STATUSES) {
        const { product, yardstick: hand } = await both(`/api/transactions?status=${status}&per_page=20`, await tokenOf(user.id));
        expect(product.status).toBe(200);
        expect(hand.body.data, `${status} for ${user.userType}`).toStrictEqual(product.body.data);
        listed += product.body.data.transactions.length;
      }
    }
    expect(demo).toHaveLength(2);
    expect(listed).toBeGreaterThan(ids.length);
  });
});
