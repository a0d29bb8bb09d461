/**
 * The hand-written creation (create-query.ts) against the reads: the answer built from what was written
 * equals the re-read answer (`transactionForCaller`) for every kind of creation, and the statement wrote
 * what Prisma's writes did: the timeline event, the SMS in each recipient's language with one delivery
 * job each, and (Lipa Mdogo Mdogo) the plan.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { SMS_QUEUE } from '../notifications/notify.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyStillInUse, type AppError } from '../../lib/app-error.ts';
import { idempotency } from '../../plugins/idempotency.ts';
import { createTransaction } from './use-cases/create-transaction.ts';
import { transactionForCaller } from './use-cases/read-transactions.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer', firstName: 'Wanjiku' });
  seller = await makeUser(t.app, { userType: 'seller', firstName: 'Otieno' });
  await t.ctx.db.user.update({ where: { id: seller.id }, data: { language: 'sw' } });
});
afterAll(() => t?.close());

async function create(payload: Record<string, unknown>, who: MadeUser = buyer) {
  const response = await t.app.inject({ method: 'POST', url: '/api/transactions', headers: bearer(who), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.transaction as { id: string; reference_number: string };
}

async function expectAnswerAsReRead(answer: { id: string }, who: MadeUser = buyer) {
  const reRead = await transactionForCaller(t.ctx, answer.id, { userId: who.id, role: 'buyer' });
  expect(answer).toEqual(JSON.parse(JSON.stringify(reRead)));
}

/**
 * The event and SMS rows of a transaction, and the delivery jobs queued since the last call (run, then).
 * The creation's jobs wait in the outbox until relayed: relaying them is part of what is checked.
 */
async function writtenFor(transactionId: string) {
  const db = t.ctx.db;
  await t.ctx.jobs.relayOutbox();
  const [events, queued, jobs] = await Promise.all([
    db.timelineEvent.findMany({ where: { transactionId } }),
    db.smsMessage.findMany({ where: { transactionId }, orderBy: { id: 'asc' } }),
    db.$queryRaw<{ max_attempts: number; payload: unknown }[]>`
      SELECT j.max_attempts::int, j.payload FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks task ON task.id = j.task_id WHERE task.identifier = ${SMS_QUEUE}`,
  ]);
  // The creation's messages are delivered as one batched job (jobs/queue.ts), one entry per message.
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.payload).toEqual(queued.map((row) => ({ smsId: row.id })));
  // Each entry names its message: running the job sends exactly these.
  await t.ctx.jobs.drain({ queues: [SMS_QUEUE] });
  const sent = await db.smsMessage.findMany({ where: { transactionId }, select: { status: true } });
  // The mock's delivery report may already have come back.
  expect(sent.map((row) => (row.status === 'delivered' ? 'sent' : row.status))).toEqual(queued.map(() => 'sent'));
  return { events, sms: queued, jobs };
}

describe('creating a transaction', () => {
  it('answers a standard creation as the re-read does, and writes its event, SMS and jobs', async () => {
    const answer = await create({ seller_phone: seller.phone, amount: 2500, product_name: 'Tecno Spark', transaction_type: 'standard' });
    await expectAnswerAsReRead(answer);
    const { events, sms, jobs } = await writtenFor(answer.id);
    expect(events).toEqual([
      expect.objectContaining({
        eventType: 'transaction_initiated',
        description: 'Escrow transaction created for Tecno Spark',
        actorId: buyer.id,
        data: { amount: '2500.00', buyer_fee: '40.00', seller_fee: '40.00', transaction_type: 'standard', product_name: 'Tecno Spark' },
      }),
    ]);
    // The buyer in English with the seller's name, the seller (sw) in Kiswahili.
    expect(sms.map((row) => [row.phoneNumber, row.template, row.status])).toEqual([
      [buyer.phone, 'transaction_created_buyer', 'queued'],
      [seller.phone, 'transaction_created_seller', 'queued'],
    ]);
    expect(sms[0]!.message).toContain(`Escrow ${answer.reference_number} created: Tecno Spark, KES 2,500 to Otieno (`);
    expect(sms[0]!.message).toMatch(/\. Pay KES 2,540 by M-Pesa to fund it\.$/);
    expect(sms[1]!.message).toContain(`Wanjiku (`);
    expect(sms[1]!.message).toContain(`ameanzisha escrow ${answer.reference_number} nawe`);
    expect(jobs.map((job) => job.max_attempts)).toEqual([6]);
  });

  it('answers a protected creation for a phone with no account, and invites that phone', async () => {
    const phone = randomPhone();
    const answer = await create({ seller_phone: phone, amount: 900, product_name: 'Shoes', transaction_type: 'protected' });
    await expectAnswerAsReRead(answer);
    const { sms } = await writtenFor(answer.id);
    expect(sms.map((row) => row.phoneNumber)).toEqual([buyer.phone, phone]);
    // The invite says who buys, for how much, that the money is held, and how this phone registers to be paid.
    expect(sms[1]!.template).toBe('seller_invite');
    expect(sms[1]!.message).toMatch(
      new RegExp(
        `^Wanjiku \\(0\\d{3} \\d{3} \\d{3}\\) buys from you for KES 900 by escrow ${answer.reference_number}: we hold the money until delivery\\. Register this number on \\*384\\*40# to be paid\\.$`,
      ),
    );
    const bucket = await t.ctx.db.rateLimitBucket.findUnique({ where: { key: `limit:invites:phone:${phone}` } });
    expect(bucket?.count).toBe(1);
  });

  it('does not attach a seller whose phone is not verified, but texts them in their language', async () => {
    const unverified = await makeUser(t.app, { userType: 'seller', verified: false });
    await t.ctx.db.user.update({ where: { id: unverified.id }, data: { language: 'sw' } });
    const answer = await create({ seller_phone: unverified.phone, amount: 700, product_name: 'Radio', transaction_type: 'standard' });
    await expectAnswerAsReRead(answer);
    const row = await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: answer.id } });
    expect(row.sellerId).toBeNull();
    const { sms } = await writtenFor(answer.id);
    expect(sms[1]!.message).toContain('ameanzisha escrow');
  });

  it('answers a Lipa Mdogo Mdogo creation as the re-read does, with its plan', async () => {
    const answer = await create({
      seller_phone: seller.phone,
      amount: 6000,
      total_cost: 24_000,
      installment_months: 6,
      product_name: 'Fridge',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    await expectAnswerAsReRead(answer);
    const plan = await t.ctx.db.installmentPlan.findUniqueOrThrow({ where: { transactionId: answer.id }, include: { installments: true } });
    expect(plan.installments.length).toBeGreaterThan(1);
    const { events, sms } = await writtenFor(answer.id);
    expect(events[0]!.description).toBe('Lipa Mdogo Mdogo plan created for Fridge');
    expect(sms).toHaveLength(2);
    // The deposit and the buyer's half of the KES 426 fee start the plan; they do not fund it (the full price does).
    expect(sms[0]!.message).toContain(`Escrow ${answer.reference_number} created: Fridge, KES 24,000 to Otieno (`);
    expect(sms[0]!.message).toMatch(/\. Pay the first payment, KES 6,213, by M-Pesa\.$/);
    expect(sms[0]!.message).not.toContain('fund');
  });

  it('answers a payment-link checkout as the re-read does', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      headers: bearer(seller),
      payload: { product_name: 'Ankara dress', amount: 2500, transaction_type: 'protected' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const code = link.json().data.payment_link.code as string;
    const response = await t.app.inject({ method: 'POST', url: `/api/payment-links/${code}/checkout`, headers: bearer(buyer) });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json().data.transaction;
    expect(answer.payment_link_code).toBe(code);
    await expectAnswerAsReRead(answer);
  });

  it('writes nothing but the count when the buyer is over the limit', async () => {
    const limited = await buildTestApp({ env: { LIMIT_TRANSACTIONS_PER_HOUR: '1' } });
    try {
      const who = await makeUser(limited.app, { userType: 'buyer' });
      const body = { seller_phone: randomPhone(), amount: 500, product_name: 'Once', transaction_type: 'standard' };
      const post = () => limited.app.inject({ method: 'POST', url: '/api/transactions', headers: bearer(who), payload: body });
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const db = limited.ctx.db;
      expect(await db.transaction.count({ where: { buyerId: who.id } })).toBe(1);
      expect(await db.smsMessage.count({ where: { phoneNumber: body.seller_phone } })).toBe(1);
      expect((await db.rateLimitBucket.findUnique({ where: { key: `limit:transactions:account:${who.id}` } }))?.count).toBe(2);
      // The refused buyer did not use up the phone's invitations.
      expect((await db.rateLimitBucket.findUnique({ where: { key: `limit:invites:phone:${body.seller_phone}` } }))?.count).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('one Idempotency-Key, one transaction', () => {
  /** A request's key record, as plugins/idempotency.ts writes it before the route runs. */
  async function keyRecord(): Promise<string> {
    const [row] = await t.ctx.db.$queryRaw<{ id: string }[]>`
      INSERT INTO idempotency_records (id, scope, key, request_hash)
      VALUES (gen_random_uuid(), 'create-transaction.int.test', ${randomUUID()}, 'hash') RETURNING id::text`;
    return row!.id;
  }

  it.each([
    ['a standard creation, one statement on its own', { transactionType: 'standard' as const, amount: 150_000n }],
    [
      'a Lipa Mdogo Mdogo creation, inside the database transaction that writes its plan',
      { transactionType: 'lipa_mdogo_mdogo' as const, amount: 600_000n, totalCost: 2_400_000n, installmentMonths: 6 },
    ],
  ])('creates once when attempts with the same key run at the same moment: %s', async (_kind, terms) => {
    const idempotencyRecordId = await keyRecord();
    const input = { buyerId: buyer.id, sellerPhone: seller.phone, productName: 'Raced phone', idempotencyRecordId, ...terms };
    const before = await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => createTransaction(t.ctx, input)));
    const created = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(created).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as AppError] : []));
    expect(refusals.map((error) => [error.code, error.retryAfter])).toEqual(refusals.map(() => ['IDEMPOTENCY_CONFLICT', 1]));
    expect(await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } })).toBe(before + 1);
    const record = await t.ctx.db.idempotencyRecord.findUniqueOrThrow({ where: { id: idempotencyRecordId } });
    expect(record.resourceId).toBe(created[0]!.id);
  });

  it('records no answer for the attempt that lost the key: the one that won answers', async () => {
    const hooks = idempotency(t.ctx);
    const answer = async (statusCode: number, body: object) => {
      const id = await keyRecord();
      const request = { idempotencyRecordId: id } as FastifyRequest;
      const reply = { statusCode, getHeader: () => undefined } as unknown as FastifyReply;
      await hooks.onSend(request, reply, JSON.stringify(body));
      return t.ctx.db.idempotencyRecord.findUniqueOrThrow({ where: { id } });
    };
    const lost = await answer(409, { success: false, code: 'IDEMPOTENCY_CONFLICT', message: keyStillInUse().message });
    expect(lost.statusCode).toBeNull();
    const refused = await answer(409, { success: false, code: 'INVALID_STATE', message: 'This transaction is already funded' });
    expect(refused.statusCode).toBe(409);
  });

  it('frees a key after a 5xx only when the attempt created nothing', async () => {
    const hooks = idempotency(t.ctx);
    const failed = { statusCode: 500, getHeader: () => undefined } as unknown as FastifyReply;
    const body = JSON.stringify({ success: false, code: 'INTERNAL', message: 'Something went wrong' });
    const nothingMade = await keyRecord();
    await hooks.onSend({ idempotencyRecordId: nothingMade } as FastifyRequest, failed, body);
    expect(await t.ctx.db.idempotencyRecord.findUnique({ where: { id: nothingMade } })).toBeNull();
    // A creation that committed, then failed before answering: a repeat must find what it made.
    const made = await create({ seller_phone: seller.phone, amount: 1500, product_name: 'Sufuria', transaction_type: 'standard' });
    const somethingMade = await keyRecord();
    await t.ctx.db.idempotencyRecord.update({ where: { id: somethingMade }, data: { resourceId: made.id } });
    await hooks.onSend({ idempotencyRecordId: somethingMade } as FastifyRequest, failed, body);
    expect(await t.ctx.db.idempotencyRecord.findUniqueOrThrow({ where: { id: somethingMade } })).toMatchObject({
      resourceId: made.id,
      statusCode: null,
    });
  });
});
