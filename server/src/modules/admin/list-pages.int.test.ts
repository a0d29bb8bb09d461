/**
 * The admin transaction list's pages with the aggregate cache on, as in production (the other admin tests
 * turn it off): transactions created after the dashboard's totals were cached still get counted and reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertTransaction } from './admin-fixtures.ts';

let t: TestApp;
let admin: MadeUser;
let parties: { buyerId: string; sellerId: string; sellerPhone: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_STATS_CACHE_SECONDS: '300' } });
  admin = await makeUser(t.app, { userType: 'admin' });
  const buyer = await makeUser(t.app, { userType: 'buyer' });
  const seller = await makeUser(t.app, { userType: 'seller' });
  parties = { buyerId: buyer.id, sellerId: seller.id, sellerPhone: seller.phone };
});
afterAll(() => t.close());

const insert = (count: number, productName: string, amountCents?: bigint) =>
  Promise.all(Array.from({ length: count }, () => insertTransaction(t.ctx.db, { ...parties, productName, amountCents })));

async function list(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/monitoring/transactions?${query}`, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  const { data } = response.json<{
    data: { transactions: { product_name: string }[]; pagination: { total_count: number; total_pages: number; current_page: number } };
  }>();
  return data;
}

describe('the admin transaction list counts its pages from what is there', () => {
  it('counts transactions created after the dashboard cached its totals', async () => {
    await insert(3, 'Early radio');
    // The dashboard and the list's first read now hold totals of 3 for five minutes.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/dashboard', headers: bearer(admin) })).statusCode).toBe(200);
    expect((await list('per_page=10')).pagination.total_count).toBe(3);

    await insert(9, 'Later radio');
    const first = await list('per_page=10');
    expect(first.transactions).toHaveLength(10);
    // Was "3": "Showing 1–3 of 3" over ten rows, and no second page for the last two.
    expect(first.pagination).toMatchObject({ total_count: 12, total_pages: 2 });
    expect((await list('per_page=10&page=2')).transactions).toHaveLength(2);
  });

  it('reaches every row a cached filtered count has not seen yet', async () => {
    const filter = 'per_page=2&amount_min=7777&amount_max=7777';
    await insert(1, 'Kettle blue', 777_700n);
    expect((await list(filter)).pagination.total_count).toBe(1);
    await insert(4, 'Kettle blue', 777_700n);
    // A searched or amount-filtered count is cached (a COUNT per keystroke scans a million rows), so it may
    // lag; the pages still lead to every row: each page knows whether another follows.
    const seen: string[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const data = await list(`${filter}&page=${page}`);
      expect(data.pagination.total_count).toBeGreaterThanOrEqual((page - 1) * 2 + data.transactions.length);
      seen.push(...data.transactions.map((row) => row.product_name));
      if (page >= data.pagination.total_pages) break;
    }
    expect(seen).toHaveLength(5);
  });
});
