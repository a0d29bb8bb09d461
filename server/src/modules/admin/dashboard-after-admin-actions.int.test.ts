/**
 * The admin's own money actions with the aggregate cache on, as in production, and a cache time far
 * longer than the test: the totals read right after a ruling, a return confirmed for the seller or a
 * failed payout sent again or returned include it. They lagged by up to ADMIN_STATS_CACHE_SECONDS:
 * only account actions cleared the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, failedSellerPayout, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: MadeUser;
let buyer: MadeUser;
let seller: MadeUser;
/** A seller M-Pesa refuses to pay (the mock's unregistered customer). */
let unpaidSeller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { ...LIFTED_LIMITS, ADMIN_STATS_CACHE_SECONDS: '600' } });
  admin = await makeUser(t.app, { userType: 'admin' });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  unpaidSeller = await makeUser(t.app, { userType: 'seller', phone: randomPhone('2040') });
});
afterAll(() => t?.close());

async function read<T>(path: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/monitoring/${path}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}
interface Dashboard {
  quick_stats: { active_disputes: number; pending_withdrawals: number };
  health: { disputed_transactions: number };
}
const dashboard = () => read<Dashboard>('dashboard');
const byStatus = async () =>
  (await read<{ transactions: { by_status: Record<string, { count: number }> } }>('stats')).transactions.by_status;

async function post(url: string, payload?: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A paid escrow of KES 1,000, dispatched unless said otherwise. */
async function paid(sellerOf: MadeUser, options: { dispatch: boolean }) {
  const created = await createTransaction(t, buyer, {
    seller_phone: sellerOf.phone,
    amount: 1_000,
    product_name: 'Samsung A15 phone',
    transaction_type: 'standard',
  });
  expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
  if (options.dispatch) expect((await action(t, sellerOf, created.id, 'dispatch')).statusCode).toBe(200);
  return created.id as string;
}

async function disputed(transactionId: string) {
  const opened = await action(t, buyer, transactionId, 'dispute', {
    reason: 'The screen arrived cracked',
    dispute_type: 'not_as_described',
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return (await detail(t, buyer, transactionId)).dispute.id as string;
}

describe('the dashboard right after an admin moves money', () => {
  it('counts a ruling at once', async () => {
    const disputeId = await disputed(await paid(seller, { dispatch: false }));
    const before = await dashboard();
    expect(before.quick_stats.active_disputes).toBe(1);
    expect(before.health.disputed_transactions).toBe(1);

    await post(`/api/admin/disputes/${disputeId}/resolve`, { outcome: 'refund_buyer', note: 'Never dispatched' });
    const after = await dashboard();
    // Were 1 and 1 until the cache time passed.
    expect(after.quick_stats.active_disputes).toBe(0);
    expect(after.health.disputed_transactions).toBe(0);
  });

  it('counts a return confirmed for the seller at once', async () => {
    const id = await paid(seller, { dispatch: true });
    const disputeId = await disputed(id);
    await post(`/api/admin/disputes/${disputeId}/resolve`, { outcome: 'refund_buyer', note: 'Not as described' });
    const before = await dashboard();
    expect(before.quick_stats.active_disputes).toBe(1);
    expect(before.health.disputed_transactions).toBe(1);

    await post(`/api/transactions/${id}/confirm_return`, {});
    const after = await dashboard();
    expect(after.quick_stats.active_disputes).toBe(0);
    expect(after.health.disputed_transactions).toBe(0);
  });

  it('counts a failed payout sent again, and one returned to the buyer, at once', async () => {
    const id = await paid(unpaidSeller, { dispatch: true });
    expect((await action(t, buyer, id, 'release_payment')).statusCode).toBe(200);
    const payout = await failedSellerPayout(t, id);
    await dashboard();

    await post(`/api/admin/payouts/${payout.id}/retry`);
    // The payouts on their way as they are now, the one sent again among them.
    const onTheirWay = await t.ctx.db.payout.count({ where: { status: { in: ['pending', 'processing'] } } });
    expect(await t.ctx.db.payout.count({ where: { id: payout.id, status: 'pending' } })).toBe(1);
    expect((await dashboard()).quick_stats.pending_withdrawals).toBe(onTheirWay);

    await failedSellerPayout(t, id);
    const before = await byStatus();
    await post(`/api/admin/payouts/${payout.id}/return_to_buyer`, {});
    const after = await byStatus();
    expect(after.refunded!.count).toBe(before.refunded!.count + 1);
    expect(after.completed!.count).toBe(before.completed!.count - 1);
  });

  it('counts an account suspended over REST, or over tRPC, at once', async () => {
    const suspended = async () => (await read<{ users: { suspended: number } }>('stats')).users.suspended;
    const [first, second] = [await makeUser(t.app, { userType: 'buyer' }), await makeUser(t.app, { userType: 'buyer' })];
    const before = await suspended();

    await post(`/api/admin/users/${first.id}/suspend`, {});
    expect(await suspended()).toBe(before + 1);

    const overTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.suspendUser',
      headers: bearer(admin),
      payload: { id: second.id },
    });
    expect(overTrpc.statusCode, overTrpc.body).toBe(200);
    expect(await suspended()).toBe(before + 2);
  });
});
