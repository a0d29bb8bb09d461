/** GET /monitoring/analytics: periods in Nairobi time, every metric, defaults and validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertTransaction } from './admin-fixtures.ts';

let t: TestApp;
let admin: MadeUser;

/** A Nairobi wall-clock time (UTC+3) as an instant. */
const nairobi = (local: string) => new Date(`${local}+03:00`);

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_STATS_CACHE_SECONDS: '0' } });
  admin = await makeUser(t.app, { userType: 'admin' });
  const buyer = await makeUser(t.app, { userType: 'buyer' });
  const seller = await makeUser(t.app, { userType: 'seller' });
  const db = t.ctx.db;
  const parties = { buyerId: buyer.id, sellerId: seller.id, sellerPhone: seller.phone };

  const monday = await insertTransaction(db, {
    ...parties,
    status: 'completed',
    amountCents: 100_000n,
    createdAt: nairobi('2026-03-02T08:00:00'),
    withLedger: true,
  });
  // 01:00 in Nairobi on the 3rd is still the 2nd in UTC: it belongs to the 3rd.
  await insertTransaction(db, { ...parties, status: 'pending', amountCents: 50_000n, createdAt: nairobi('2026-03-03T01:00:00') });
  await db.dispute.create({
    data: {
      transactionId: monday.id,
      openedById: buyer.id,
      reason: 'not_as_described',
      description: 'Wrong colour',
      respondBy: nairobi('2026-03-06T12:00:00'),
      createdAt: nairobi('2026-03-04T12:00:00'),
    },
  });
  for (const [day, planStatus] of [
    ['2026-03-10', 'completed'],
    ['2026-03-11', 'active'],
  ] as const) {
    const lmm = await insertTransaction(db, {
      ...parties,
      status: planStatus === 'completed' ? 'funded' : 'installment',
      type: 'lipa_mdogo_mdogo',
      amountCents: 3_000_000n,
      createdAt: nairobi(`${day}T10:00:00`),
    });
    await db.installmentPlan.create({
      data: {
        transactionId: lmm.id,
        totalCents: 3_000_000n,
        depositCents: 600_000n,
        monthlyCents: 400_000n,
        months: 6,
        status: planStatus,
      },
    });
  }
  await insertTransaction(db, {
    ...parties,
    status: 'funded',
    type: 'protected',
    amountCents: 200_000n,
    createdAt: nairobi('2026-04-15T09:00:00'),
    withLedger: true,
  });
});

afterAll(() => t?.close());

const analytics = (query: string) => t.app.inject({ url: `/api/admin/monitoring/analytics${query}`, headers: bearer(admin) });
const ok = async (query: string) => {
  const response = await analytics(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('GET /monitoring/analytics', () => {
  it('counts per Nairobi day, with every day present', async () => {
    const data = await ok('?from=2026-03-02&to=2026-03-04&interval=day');
    expect(data).toMatchObject({ from: '2026-03-02', to: '2026-03-04', interval: 'day' });
    expect(data.series).toEqual([
      {
        period: '2026-03-02',
        count: 1,
        volume: '1000.00',
        revenue: '50.00',
        disputes: 0,
        installment_plans_started: 0,
        installment_plans_completed: 0,
        installment_completion_rate: null,
      },
      {
        period: '2026-03-03',
        count: 1,
        volume: '500.00',
        revenue: '0.00',
        disputes: 0,
        installment_plans_started: 0,
        installment_plans_completed: 0,
        installment_completion_rate: null,
      },
      {
        period: '2026-03-04',
        count: 0,
        volume: '0.00',
        revenue: '0.00',
        disputes: 1,
        installment_plans_started: 0,
        installment_plans_completed: 0,
        installment_completion_rate: null,
      },
    ]);
    expect(data.totals).toMatchObject({ count: 2, volume: '1500.00', revenue: '50.00', disputes: 1 });
  });

  it('groups ISO weeks from Monday, widening the range to whole weeks', async () => {
    const data = await ok('?from=2026-03-01&to=2026-03-15&interval=week');
    expect(data.from).toBe('2026-02-23');
    expect(data.to).toBe('2026-03-15');
    expect(data.series.map((point: { period: string }) => point.period)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
    expect(data.series[1]).toMatchObject({ count: 2, volume: '1500.00', disputes: 1 });
    expect(data.series[2]).toMatchObject({
      count: 2,
      volume: '60000.00',
      installment_plans_started: 2,
      installment_plans_completed: 1,
      installment_completion_rate: 50,
    });
  });

  it('groups months', async () => {
    const data = await ok('?from=2026-03-15&to=2026-04-02&interval=month');
    expect(data).toMatchObject({ from: '2026-03-01', to: '2026-04-30' });
    expect(
      data.series.map((point: { period: string; count: number; revenue: string }) => [point.period, point.count, point.revenue]),
    ).toEqual([
      ['2026-03-01', 4, '50.00'],
      ['2026-04-01', 1, '25.00'],
    ]);
    expect(data.totals).toMatchObject({ count: 5, volume: '63500.00', revenue: '75.00', installment_completion_rate: 50 });
  });

  it('defaults to the last 30 days, 12 weeks or 12 months', async () => {
    expect((await ok('')).series).toHaveLength(30);
    expect((await ok('?interval=week')).series).toHaveLength(12);
    expect((await ok('?interval=month')).series).toHaveLength(12);
  });

  it('rejects bad ranges with 400', async () => {
    for (const query of [
      '?from=2026-03-05&to=2026-03-01',
      '?from=2026-02-30',
      '?from=yesterday',
      '?interval=year',
      '?from=2020-01-01&to=2026-01-01&interval=day',
      '?from=1990-01-01&to=2026-01-01&interval=month',
    ]) {
      const response = await analytics(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses years outside 1970–2999 with 400 naming the field, not 500 or a false range complaint', async () => {
    // Year 0 reached PostgreSQL (out of range: 500); a week ending in year 10000 compared as a string
    // before 9999 and was refused as 'At most 260 weeks'.
    for (const [query, field] of [
      ['?from=0000-01-01&to=0000-03-01&interval=month', 'from'],
      ['?to=0001-01-01&interval=week', 'to'],
      ['?to=0000-01-05', 'to'],
      ['?from=9999-12-31&to=9999-12-31&interval=week', 'from'],
    ] as const) {
      const response = await analytics(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().errors[field], query).toEqual(['Use a date between 1970-01-01 and 2999-12-31']);
    }
  });
});
