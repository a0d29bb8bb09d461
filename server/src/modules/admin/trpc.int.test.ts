/**
 * The tRPC `admin.*` procedures at /trpc: the same guard answers as REST (401 / 403), the same data as
 * the REST routes, AppError codes mapped to tRPC codes, and in-process calls through createCaller.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCaller } from '../../trpc/root.ts';
import { insertTransaction } from './admin-fixtures.ts';

let t: TestApp;
let admin: MadeUser;
let buyer: MadeUser;
let transactionId: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_STATS_CACHE_SECONDS: '0' } });
  admin = await makeUser(t.app, { userType: 'admin' });
  buyer = await makeUser(t.app, { userType: 'buyer', verified: false });
  const seller = await makeUser(t.app, { userType: 'seller' });
  const transaction = await insertTransaction(t.ctx.db, {
    buyerId: buyer.id,
    sellerId: seller.id,
    sellerPhone: seller.phone,
    status: 'funded',
    referenceNumber: 'ESC-TRPC-0001',
    withLedger: true,
  });
  transactionId = transaction.id;
});

afterAll(() => t?.close());

const query = (path: string, input?: unknown, user?: MadeUser) =>
  fetch(`${t.baseUrl}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
    headers: user ? bearer(user) : {},
  });
const mutate = (path: string, input: unknown, user?: MadeUser) =>
  fetch(`${t.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user ? bearer(user) : {}) },
    body: JSON.stringify(input),
  });

describe('tRPC over HTTP', () => {
  it('answers admin.dashboard with the same data as REST', async () => {
    const response = await query('admin.dashboard', undefined, admin);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: unknown } };
    const rest = (await t.app.inject({ url: '/api/admin/monitoring/dashboard', headers: bearer(admin) })).json().data;
    expect(body.result.data).toEqual(rest);
    expect(rest.quick_stats.total_transactions).toBe(1);
  });

  it.each(['admin.dashboard', 'admin.health', 'admin.stats', 'admin.latest', 'admin.users', 'admin.transactions', 'admin.analytics'])(
    '%s answers 401 without a token and 403 for a buyer',
    async (path) => {
      const input = ['admin.dashboard', 'admin.health', 'admin.stats'].includes(path) ? undefined : {};
      const anonymous = await query(path, input);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({
        error: {
          message: 'Authentication required. Please log in.',
          data: { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'UNAUTHENTICATED' },
        },
      });
      const forbidden = await query(path, input, buyer);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ error: { data: { code: 'FORBIDDEN', appCode: 'FORBIDDEN' } } });
    },
  );

  it('answers 401 for a forged token', async () => {
    const response = await fetch(`${t.baseUrl}/trpc/admin.dashboard`, { headers: { authorization: 'Bearer forged' } });
    expect(response.status).toBe(401);
  });

  it('validates input with field errors like the REST envelope', async () => {
    const response = await query('admin.transactions', { status: 'gold', per_page: 5 }, admin);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { appCode: string; errors: Record<string, string[]> } } };
    expect(body.error.data.appCode).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.error.data.errors)).toEqual(['status']);
  });

  it('refuses text PostgreSQL cannot store (NUL, a lone surrogate) with 400, in queries and mutations', async () => {
    for (const [path, input] of [
      ['admin.users', { search: '\u0000' }],
      ['admin.paymentLinks', { search: 'a\u0000b' }],
      ['admin.transactions', { search: '\ud800' }],
    ] as const) {
      const response = await query(path, input, admin);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { error: { data: { appCode: string; errors: Record<string, string[]> } } };
      expect(body.error.data).toMatchObject({ appCode: 'VALIDATION_ERROR', errors: { search: [expect.stringMatching(/valid text/)] } });
    }
    // The caller is checked first, as on REST: a stranger or a buyer learns nothing of the input.
    for (const user of [undefined, buyer]) {
      const refused = await query('admin.users', { search: '\u0000' }, user);
      expect(refused.status).toBe(user ? 403 : 401);
      expect((await mutate('admin.suspendUser', { id: buyer.id, reason: 'bad\u0000reason' }, user)).status).toBe(user ? 403 : 401);
    }
    const suspended = await mutate('admin.suspendUser', { id: buyer.id, reason: 'bad\u0000reason' }, admin);
    expect(suspended.status).toBe(400);
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).status).not.toBe('suspended');
  });

  it('lists transactions and a timeline', async () => {
    const list = (await (await query('admin.transactions', { search: 'trpc-0001' }, admin)).json()) as {
      result: { data: { transactions: { id: string }[]; summary: { total: number } } };
    };
    expect(list.result.data.transactions.map((row) => row.id)).toEqual([transactionId]);
    const timeline = (await (await query('admin.transactionTimeline', { id: transactionId }, admin)).json()) as {
      result: { data: { transaction: { reference_number: string } } };
    };
    expect(timeline.result.data.transaction.reference_number).toBe('ESC-TRPC-0001');
    const missing = await query('admin.transactionTimeline', { id: '00000000-0000-4000-8000-000000000000' }, admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND', appCode: 'NOT_FOUND' } } });
  });

  it('runs the account mutations, mapping business errors', async () => {
    const verified = await mutate('admin.verifyUser', { id: buyer.id }, admin);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ result: { data: { id: buyer.id, is_verified: true } } });
    const again = await mutate('admin.verifyUser', { id: buyer.id }, admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { message: 'This account is already verified', data: { code: 'CONFLICT', appCode: 'INVALID_STATE' } },
    });
    const self = await mutate('admin.suspendUser', { id: admin.id }, admin);
    expect(self.status).toBe(422);
    expect(await self.json()).toMatchObject({ error: { data: { code: 'UNPROCESSABLE_CONTENT', appCode: 'BUSINESS_RULE' } } });
    expect((await mutate('admin.suspendUser', { id: buyer.id }, buyer)).status).toBe(403);
  });
});

describe('createCaller', () => {
  const callerFor = async (user: MadeUser | null) => {
    const auth = user ? { userId: user.id, role: user.userType, sessionId: 'test', isVerified: true } : null;
    return createCaller({ ctx: t.ctx, auth, authError: null, ip: '127.0.0.1' });
  };

  it('serves the same queries in-process', async () => {
    const caller = await callerFor(admin);
    const stats = await caller.admin.stats();
    expect(stats.transactions.by_status.funded).toEqual({ count: 1, value: '1000.00' });
    const users = await caller.admin.users({ user_type: 'seller' });
    expect(users.summary).toMatchObject({ total: 1, sellers: 1 });
    const analytics = await caller.admin.analytics({ interval: 'month' });
    expect(analytics.totals.count).toBe(1);
  });

  it('throws tRPC errors with the mapped codes', async () => {
    await expect((await callerFor(null)).admin.dashboard()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await callerFor(buyer)).admin.dashboard()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const error = await (await callerFor(admin)).admin.reactivateUser({ id: buyer.id }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'This account is already active' });
  });
});
