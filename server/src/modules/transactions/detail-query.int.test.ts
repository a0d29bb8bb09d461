/**
 * The hand-written detail read against Prisma's: the same rows, hence the same answer, for transactions
 * in every state the demo seed makes (Lipa Mdogo Mdogo plans, a dispute, a refund, a completed sale)
 * plus a ruled dispute and a pending withdrawal, as each party and as an admin. And the door: a stranger
 * gets 404 over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '@escrow/core/domain/transaction-state';
import { ensureAdmin, seedDemoData } from '../../seed/seed.ts';
import { bearer, makeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { loadDetail, loadDetailWithPrisma } from './detail-query.ts';
import { detailWire } from './use-cases/read-transactions.ts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { transactionDetailResponse } from '@escrow/core/contract/transactions';
import { compiledSerializerCompiler } from '../../plugins/compiled-serializer.ts';

let t: TestApp;
let ids: string[];

beforeAll(async () => {
  t = await buildTestApp();
  await ensureAdmin(t.ctx);
  await seedDemoData(t.ctx);
  await t.ctx.jobs.drain();
  const db = t.ctx.db;
  // Shapes the seed does not make: a ruled dispute with amounts, a pending withdrawal request.
  const disputed = await db.transaction.findFirstOrThrow({ where: { status: 'disputed' }, include: { disputes: true } });
  const admin = await db.user.findFirstOrThrow({ where: { userType: 'admin' } });
  await db.dispute.create({
    data: {
      transactionId: disputed.id,
      openedById: disputed.buyerId,
      reason: 'not_as_described',
      description: 'An older, ruled dispute',
      status: 'resolved',
      respondBy: new Date('2026-01-02T00:00:00Z'),
      outcome: 'split',
      buyerAmountCents: 12_345n,
      sellerAmountCents: 67_800n,
      rulingNote: 'Split',
      resolvedById: admin.id,
      resolvedAt: new Date('2026-01-03T00:00:00Z'),
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
  });
  const installment = await db.transaction.findFirstOrThrow({ where: { status: 'installment' } });
  await db.withdrawalRequest.create({
    data: { transactionId: installment.id, reason: 'Changed my mind', respondBy: new Date(Date.now() + 72 * 3600_000) },
  });
  ids = (await db.transaction.findMany({ select: { id: true }, orderBy: { createdAt: 'asc' } })).map((row) => row.id);
});
afterAll(() => t?.close());

describe('the hand-written detail read', () => {
  it('covers every state, plans, disputes and refunds', async () => {
    const db = t.ctx.db;
    const statuses = new Set((await db.transaction.findMany({ select: { status: true } })).map((row) => row.status));
    expect([...statuses].sort()).toEqual([...TRANSACTION_STATUSES].sort());
    expect(await db.installmentPlan.count()).toBeGreaterThan(0);
    expect(await db.dispute.count()).toBeGreaterThan(1);
    expect(await db.refund.count()).toBeGreaterThan(0);
    expect(await db.payment.count({ where: { status: 'completed' } })).toBeGreaterThan(0);
  });

  it('returns the rows Prisma returns, for every transaction', async () => {
    for (const id of ids) {
      const [handWritten, prisma] = await Promise.all([loadDetail(t.ctx.db, id), loadDetailWithPrisma(t.ctx.db, id)]);
      expect(handWritten, id).toEqual(prisma);
    }
  });

  it('gives the same answer as the Prisma read to the buyer, the seller and an admin', async () => {
    let answers = 0;
    for (const id of ids) {
      const prisma = (await loadDetailWithPrisma(t.ctx.db, id))!;
      const handWritten = await loadDetail(t.ctx.db, id);
      const callers = [
        { userId: prisma.buyerId, role: 'buyer' as const },
        ...(prisma.sellerId ? [{ userId: prisma.sellerId, role: 'seller' as const }] : []),
        { userId: '00000000-0000-7000-8000-000000000000', role: 'admin' as const },
      ];
      for (const caller of callers) {
        const expected = detailWire(prisma, caller, t.ctx.config, t.ctx.now());
        expect(detailWire(handWritten, caller, t.ctx.config, t.ctx.now()), `${id} as ${caller.role}`).toEqual(expected);
        // Serialised too: no value that prints differently (a Date, a bigint) hides behind toEqual.
        expect(JSON.stringify(detailWire(handWritten, caller, t.ctx.config, t.ctx.now()))).toBe(JSON.stringify(expected));
        answers++;
      }
    }
    expect(answers).toBeGreaterThanOrEqual(ids.length * 2);
  });

  it('is written by the compiled serializer exactly as the zod serializer wrote it', async () => {
    const route = { schema: transactionDetailResponse, method: 'GET', url: '/api/transactions/:id', httpStatus: '200' };
    const compiled = (compiledSerializerCompiler as unknown as (r: typeof route) => (data: unknown) => string)(route);
    const zod = (zodSerializerCompiler as unknown as (r: typeof route) => (data: unknown) => string)(route);
    for (const id of ids) {
      const row = (await loadDetail(t.ctx.db, id))!;
      for (const caller of [
        { userId: row.buyerId, role: 'buyer' as const },
        { userId: row.buyerId, role: 'admin' as const },
      ]) {
        const envelope = { success: true, message: 'Transaction', data: detailWire(row, caller, t.ctx.config, t.ctx.now()) };
        expect(JSON.parse(compiled(envelope)), id).toEqual(JSON.parse(zod(envelope)));
      }
    }
  });

  it('answers a party over HTTP and gives a stranger 404', async () => {
    const [id] = ids as [string];
    const row = (await loadDetailWithPrisma(t.ctx.db, id))!;
    const buyer = await t.ctx.db.user.findUniqueOrThrow({ where: { id: row.buyerId } });
    const buyerToken = await t.app.issueToken(t.ctx.db, { id: buyer.id, userType: buyer.userType });
    const own = await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: { authorization: `Bearer ${buyerToken}` } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.transaction.id).toBe(id);

    const stranger = await makeUser(t.app, { userType: 'both' });
    for (const other of ids) {
      const response = await t.app.inject({ method: 'GET', url: `/api/transactions/${other}`, headers: bearer(stranger) });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(other);
    }
  });
});
