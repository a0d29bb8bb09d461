/**
 * Sessions checked once and then kept in memory (plugins/session-cache.ts): the second request with a
 * token costs no query, and every way a session ends — logout on another node, a suspension, a revocation
 * written straight into the database, a lost LISTEN connection — is refused at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../db/prisma.ts';
import { bearer, makeUser } from '../../test/factories.ts';
import { buildTestApp, eventually, type TestApp } from '../../test/helpers.ts';

const statements: string[] = [];
let nodeA: TestApp;
let nodeB: TestApp;

const isSessionQuery = (sql: string) => /"auth_sessions"/.test(sql) && /^\s*SELECT/i.test(sql);
const profile = (node: TestApp, user: { token: string }) =>
  node.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(user) }).then((response) => response.statusCode);

beforeAll(async () => {
  nodeA = await buildTestApp({ db: (url) => createPrisma(url, { onQuery: ({ sql }) => void statements.push(sql) }) });
  nodeB = await buildTestApp({ databaseUrl: nodeA.databaseUrl });
  await eventually(async () => nodeA.app.sessionCache.isListening() && nodeB.app.sessionCache.isListening());
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

describe('the session cache', () => {
  it('checks a session in the database once, then answers from memory', async () => {
    const buyer = await makeUser(nodeA.app, { userType: 'buyer' });
    statements.length = 0;
    expect(await profile(nodeA, buyer)).toBe(200);
    expect(statements.filter(isSessionQuery)).toHaveLength(1);
    statements.length = 0;
    expect(await profile(nodeA, buyer)).toBe(200);
    expect(await profile(nodeA, buyer)).toBe(200);
    expect(statements.filter(isSessionQuery)).toHaveLength(0);
  });

  it('refuses a token on the other node as soon as the logout has answered', async () => {
    const buyer = await makeUser(nodeA.app, { userType: 'buyer' });
    expect(await profile(nodeA, buyer)).toBe(200);
    expect(await profile(nodeB, buyer)).toBe(200);
    const logout = await nodeA.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(buyer) });
    expect(logout.statusCode).toBe(200);
    expect(await profile(nodeB, buyer)).toBe(401);
    expect(await profile(nodeA, buyer)).toBe(401);
  });

  it('refuses a suspended account on every node once the suspension has answered', async () => {
    const admin = await makeUser(nodeA.app, { userType: 'admin' });
    const seller = await makeUser(nodeA.app, { userType: 'seller' });
    expect(await profile(nodeB, seller)).toBe(200);
    const suspended = await nodeA.app.inject({
      method: 'POST',
      url: `/api/admin/users/${seller.id}/suspend`,
      headers: bearer(admin),
      payload: { reason: 'Cache test' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await profile(nodeB, seller)).toBe(401);
  });

  it('refuses a suspended account on every node once the dashboard’s tRPC suspension has answered', async () => {
    const admin = await makeUser(nodeA.app, { userType: 'admin' });
    for (let round = 0; round < 5; round++) {
      const seller = await makeUser(nodeA.app, { userType: 'seller' });
      expect(await profile(nodeB, seller)).toBe(200);
      const suspended = await nodeA.app.inject({
        method: 'POST',
        url: '/trpc/admin.suspendUser',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: { id: seller.id, reason: 'Cache test' },
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(await profile(nodeB, seller), `round ${round}`).toBe(401);
    }
  });

  it('hears a revocation written straight into the database, by any code path', async () => {
    const buyer = await makeUser(nodeA.app, { userType: 'buyer' });
    expect(await profile(nodeB, buyer)).toBe(200);
    await nodeA.ctx.db.authSession.updateMany({ where: { userId: buyer.id }, data: { revokedAt: new Date() } });
    await nodeB.app.sessionCache.barrier();
    expect(await profile(nodeB, buyer)).toBe(401);

    const other = await makeUser(nodeA.app, { userType: 'buyer' });
    expect(await profile(nodeB, other)).toBe(200);
    await nodeA.ctx.db.user.update({ where: { id: other.id }, data: { status: 'suspended' } });
    await nodeB.app.sessionCache.barrier();
    expect(await profile(nodeB, other)).toBe(403);
  });

  it('checks every session in the database while its LISTEN connection is gone, and listens again', async () => {
    const buyer = await makeUser(nodeA.app, { userType: 'buyer' });
    expect(await profile(nodeB, buyer)).toBe(200);
    const admin = new pg.Client({ connectionString: nodeA.databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'session-cache' AND datname = current_database()`,
      );
      await eventually(async () => !nodeB.app.sessionCache.isListening());
      // Nobody hears this one: the cache must not answer for the session meanwhile.
      await admin.query(`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1`, [buyer.id]);
      expect(await profile(nodeB, buyer)).toBe(401);
      await eventually(async () => nodeB.app.sessionCache.isListening(), 10_000);
      expect(await profile(nodeB, buyer)).toBe(401);
    } finally {
      await admin.end();
    }
  });
});
