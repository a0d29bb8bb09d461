/**
 * Two nodes on one database, the aggregate cache on with a cache time far longer than the test: an admin
 * who acts on node A and whose next request lands on node B reads totals that include the act. Node B's
 * cache was never told, and answered the totals of before for up to ADMIN_STATS_CACHE_SECONDS.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, eventually, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';

const env = { ...LIFTED_LIMITS, ADMIN_STATS_CACHE_SECONDS: '600' };
let nodeA: TestApp;
let nodeB: TestApp;
let admin: MadeUser;
let buyer: MadeUser;
let seller: MadeUser;

beforeAll(async () => {
  nodeA = await buildTestApp({ env });
  nodeB = await buildTestApp({ env, databaseUrl: nodeA.databaseUrl });
  await eventually(async () => nodeA.app.sessionCache.isListening() && nodeB.app.sessionCache.isListening());
  // Each node's hello has been heard by the other: a write waits for both nodes to have heard of it.
  await Promise.all([nodeA.app.sessionCache.barrier(), nodeB.app.sessionCache.barrier()]);
  admin = await makeUser(nodeA.app, { userType: 'admin' });
  buyer = await makeUser(nodeA.app, { userType: 'buyer' });
  seller = await makeUser(nodeA.app, { userType: 'seller' });
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

async function read<T>(node: TestApp, path: string): Promise<T> {
  const response = await node.app.inject({ method: 'GET', url: `/api/admin/monitoring/${path}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}
const activeDisputes = async (node: TestApp) =>
  (await read<{ quick_stats: { active_disputes: number } }>(node, 'dashboard')).quick_stats.active_disputes;
const suspendedUsers = async (node: TestApp) => (await read<{ users: { suspended: number } }>(node, 'stats')).users.suspended;

async function post(node: TestApp, url: string, payload: Record<string, unknown> = {}) {
  const response = await node.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  expect(response.statusCode, response.body).toBe(200);
}

/** A paid escrow of KES 1,000 the buyer disputes before dispatch; the dispute's id. */
async function openDispute(): Promise<string> {
  const created = await createTransaction(nodeA, buyer, {
    seller_phone: seller.phone,
    amount: 1_000,
    product_name: 'Samsung A15 phone',
    transaction_type: 'standard',
  });
  expect((await payAndSettle(nodeA, buyer, created.id)).status).toBe('completed');
  const opened = await action(nodeA, buyer, created.id, 'dispute', { reason: 'Never dispatched', dispute_type: 'non_delivery' });
  expect(opened.statusCode, opened.body).toBe(200);
  return (await detail(nodeA, buyer, created.id)).dispute.id as string;
}

describe('an admin write on one node, the totals read on another', () => {
  it('counts a ruling made on node A in node B’s dashboard at once', async () => {
    const disputeId = await openDispute();
    // Node B's cache holds the dispute as open.
    expect(await activeDisputes(nodeB)).toBe(1);

    await post(nodeA, `/api/admin/disputes/${disputeId}/resolve`, { outcome: 'refund_buyer', note: 'Never dispatched' });
    expect(await activeDisputes(nodeA)).toBe(0);
    // Was 1 until node B's cache time passed.
    expect(await activeDisputes(nodeB)).toBe(0);
  });

  it('counts a suspension made on node B in node A’s stats at once, over REST and over tRPC', async () => {
    const [first, second] = [await makeUser(nodeA.app, { userType: 'buyer' }), await makeUser(nodeA.app, { userType: 'buyer' })];
    const before = await suspendedUsers(nodeA);

    await post(nodeB, `/api/admin/users/${first.id}/suspend`);
    expect(await suspendedUsers(nodeA)).toBe(before + 1);

    const overTrpc = await nodeB.app.inject({
      method: 'POST',
      url: '/trpc/admin.suspendUser',
      headers: bearer(admin),
      payload: { id: second.id },
    });
    expect(overTrpc.statusCode, overTrpc.body).toBe(200);
    expect(await suspendedUsers(nodeA)).toBe(before + 2);
  });

  it('forgets its totals when its LISTEN connection is lost, and hears the other node again once back', async () => {
    const before = await suspendedUsers(nodeB);
    const superuser = new pg.Client({ connectionString: nodeA.databaseUrl });
    await superuser.connect();
    try {
      await superuser.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'session-cache' AND datname = current_database()`,
      );
      await eventually(async () => !nodeB.app.sessionCache.isListening());
      // Nobody hears this write: node B must not keep the totals of before it once it listens again.
      const user = await makeUser(nodeA.app, { userType: 'buyer' });
      await superuser.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [user.id]);
      await eventually(async () => nodeA.app.sessionCache.isListening() && nodeB.app.sessionCache.isListening(), 10_000);
      await Promise.all([nodeA.app.sessionCache.barrier(), nodeB.app.sessionCache.barrier()]);
      expect(await suspendedUsers(nodeB)).toBe(before + 1);

      const other = await makeUser(nodeA.app, { userType: 'buyer' });
      await post(nodeA, `/api/admin/users/${other.id}/suspend`);
      expect(await suspendedUsers(nodeB)).toBe(before + 2);
    } finally {
      await superuser.end();
    }
  });
});
