/** GET /api/admin/users and the account actions: verify, suspend, reactivate (audited). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: MadeUser;
let wanjiku: MadeUser;
let otieno: MadeUser;
let amina: MadeUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_STATS_CACHE_SECONDS: '0' } });
  admin = await makeUser(t.app, { userType: 'admin' });
  wanjiku = await makeUser(t.app, { userType: 'buyer', firstName: 'Wanjiku', phone: '254711222333', email: 'wanjiku@example.co.ke' });
  otieno = await makeUser(t.app, { userType: 'seller', firstName: 'Otieno', phone: '254722333444' });
  amina = await makeUser(t.app, { userType: 'both', firstName: 'Amina', phone: '254733444555', verified: false });
});

afterAll(() => t?.close());

const list = async (query = '') => {
  const response = await t.app.inject({ url: `/api/admin/users${query}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const phones = (data: { users: { phone_number: string }[] }) => data.users.map((user) => user.phone_number);
const act = (user: { id: string }, action: string, by: MadeUser = admin, body?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/${action}`, headers: bearer(by), ...(body ? { payload: body } : {}) });

describe('GET /api/admin/users', () => {
  it('lists every account newest first with a summary', async () => {
    const data = await list();
    expect(phones(data)).toEqual([amina.phone, otieno.phone, wanjiku.phone, admin.phone]);
    expect(data.pagination).toEqual({ current_page: 1, per_page: 10, total_pages: 1, total_count: 4 });
    // Sellers count seller + both, buyers count buyer + both (docs/product-rules.md §6).
    expect(data.summary).toEqual({ total: 4, verified: 3, sellers: 2, buyers: 2 });
    expect(data.users[2]).toEqual({
      id: wanjiku.id,
      full_name: 'Wanjiku User',
      display_name: 'Wanjiku U.',
      first_name: 'Wanjiku',
      last_name: 'User',
      phone_number: '254711222333',
      email: 'wanjiku@example.co.ke',
      user_type: 'buyer',
      is_verified: true,
      preferred_language: 'en',
      status: 'active',
      ussd_pin: 'none',
      ussd_pin_locked_until: null,
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it('searches phone (any form), full name and email', async () => {
    expect(phones(await list('?search=0722333444'))).toEqual([otieno.phone]);
    expect(phones(await list('?search=2333444'))).toEqual([otieno.phone]);
    expect(phones(await list('?search=amina%20u'))).toEqual([amina.phone]);
    expect(phones(await list('?search=WANJIKU@EXAMPLE'))).toEqual([wanjiku.phone]);
    const none = await list('?search=nobody');
    expect(none.users).toEqual([]);
    expect(none.summary).toEqual({ total: 0, verified: 0, sellers: 0, buyers: 0 });
    expect((await list('?search=amina')).summary).toEqual({ total: 1, verified: 0, sellers: 1, buyers: 1 });
  });

  it('filters by type and status', async () => {
    expect(phones(await list('?user_type=seller'))).toEqual([otieno.phone]);
    expect((await list('?user_type=both')).summary).toEqual({ total: 1, verified: 0, sellers: 1, buyers: 1 });
    expect(phones(await list('?status=unverified'))).toEqual([amina.phone]);
    expect((await list('?status=verified')).summary.total).toBe(3);
    expect((await list('?status=suspended')).users).toEqual([]);
  });

  it('paginates and rejects bad filters', async () => {
    const page = await list('?per_page=3&page=2');
    expect(phones(page)).toEqual([admin.phone]);
    expect(page.pagination).toEqual({ current_page: 2, per_page: 3, total_pages: 2, total_count: 4 });
    for (const query of ['?user_type=root', '?status=banned', '?per_page=0', `?search=${'a'.repeat(101)}`]) {
      const response = await t.app.inject({ url: `/api/admin/users${query}`, headers: bearer(admin) });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('exports CSV', async () => {
    const response = await t.app.inject({ url: '/api/admin/users/export?user_type=buyer', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body).toBe(
      `id,full_name,phone_number,email,user_type,status,is_verified,created_at\r\n${wanjiku.id},Wanjiku User,254711222333,wanjiku@example.co.ke,buyer,active,true,${(await list('?user_type=buyer')).users[0].created_at}\r\n`,
    );
  });
});

describe('POST /api/admin/users/{id}/verify', () => {
  it('verifies an unverified account once, with an audit log', async () => {
    const response = await act(amina, 'verify');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ id: amina.id, is_verified: true, status: 'active' });
    expect((await list('?status=unverified')).users).toEqual([]);
    const again = await act(amina, 'verify');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATE');
    const logs = await t.ctx.db.auditLog.findMany({ where: { entity: 'user', entityId: amina.id } });
    expect(logs).toEqual([expect.objectContaining({ actorId: admin.id, action: 'user.verify' })]);
  });
});

describe('POST /api/admin/users/{id}/suspend and /reactivate', () => {
  it('suspends: the account is listed as suspended and its token stops working at once', async () => {
    expect((await t.app.inject({ url: '/api/auth/profile', headers: bearer(otieno) })).statusCode).not.toBe(401);
    const response = await act(otieno, 'suspend', admin, { reason: 'Reported for fraud' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ id: otieno.id, status: 'suspended' });
    expect(phones(await list('?status=suspended'))).toEqual([otieno.phone]);
    expect((await t.app.inject({ url: '/api/auth/profile', headers: bearer(otieno) })).statusCode).toBe(401);
    expect((await act(otieno, 'suspend')).statusCode).toBe(409);
    const log = await t.ctx.db.auditLog.findFirstOrThrow({ where: { entityId: otieno.id, action: 'user.suspend' } });
    expect(log).toMatchObject({ actorId: admin.id, data: { reason: 'Reported for fraud' } });
  });

  it('reactivates a suspended account', async () => {
    const response = await act(otieno, 'reactivate');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.status).toBe('active');
    expect((await act(otieno, 'reactivate')).statusCode).toBe(409);
    expect(await t.ctx.db.auditLog.count({ where: { entityId: otieno.id, action: 'user.reactivate' } })).toBe(1);
  });

  it('refuses to let an admin suspend themself', async () => {
    const response = await act(admin, 'suspend');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'BUSINESS_RULE', message: 'You cannot suspend your own account' });
  });

  it('answers 404 for an unknown account and 400 for a malformed id or body', async () => {
    expect((await act({ id: '00000000-0000-4000-8000-000000000000' }, 'verify')).statusCode).toBe(404);
    expect((await act({ id: 'nope' }, 'suspend')).statusCode).toBe(400);
    expect((await act(wanjiku, 'suspend', admin, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
  });
});
