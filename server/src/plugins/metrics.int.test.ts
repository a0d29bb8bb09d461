/**
 * GET /metrics scraped over HTTP: the token door (404 without METRICS_TOKEN, 401 with a wrong or missing
 * token), and the series the Grafana dashboard reads — request latency by route pattern (never a raw
 * id), jobs by queue and state, job attempts, STK pushes, callbacks, payouts and SMS by state, pools.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, makeUser } from '../../test/factories.ts';
import { action, createTransaction, payAndSettle, settlePayouts } from '../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** `name{labels} value` lines of a Prometheus exposition, as [name, labels, value]. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const find = (all: ReturnType<typeof samples>, name: string, labels: Record<string, string> = {}) =>
  all.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('does not exist', async () => {
    const response = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const scrape = async (authorization?: string) =>
    fetch(`${t.baseUrl}/metrics`, authorization === undefined ? {} : { headers: { authorization } });

  it.each([
    ['missing', undefined],
    ['wrong', `Bearer ${TOKEN}x`],
    ['not a bearer', TOKEN],
    ['empty', 'Bearer '],
    ['truncated', `Bearer ${TOKEN.slice(0, -1)}`],
    ['case-changed', `Bearer ${TOKEN.toUpperCase()}`],
    ['prefixed', `Bearer x${TOKEN}`],
    ['Basic', `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`],
  ])('answers 401 to a %s token and shows nothing', async (_case, authorization) => {
    const response = await scrape(authorization);
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(body).not.toContain('escrow_');
  });

  it('reports requests by route pattern, jobs, M-Pesa, payouts, SMS and pools', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const seller = await makeUser(t.app, { userType: 'seller' });
    const { id } = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 1500,
      product_name: 'Metrics',
      transaction_type: 'standard',
    });
    const unknownId = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/transactions/${unknownId}`, headers: bearer(buyer) });
    await payAndSettle(t, buyer, id);
    expect((await action(t, seller, id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, id, 'release_payment')).statusCode).toBe(200);
    await settlePayouts(t, id);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).not.toContain(unknownId);
    const all = samples(text);

    const notFound = find(all, 'escrow_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/transactions/:id',
      status_code: '404',
    });
    expect(notFound.map((sample) => sample.value)).toEqual([1]);
    expect(
      find(all, 'escrow_http_request_duration_seconds_count', { method: 'POST', route: '/api/transactions', status_code: '201' })[0]?.value,
    ).toBe(1);

    expect(find(all, 'escrow_stk_pushes', { outcome: 'completed' })[0]?.value).toBe(1);
    expect(find(all, 'escrow_payouts', { state: 'completed' })[0]?.value).toBe(1);
    expect(find(all, 'escrow_rail_callbacks').reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(2);
    expect(find(all, 'escrow_sms').reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThan(0);
    expect(find(all, 'escrow_job_attempts_total', { queue: 'payouts.send', outcome: 'completed' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(find(all, 'escrow_job_attempts_total', { queue: 'sms.send', outcome: 'completed' })[0]?.value).toBeGreaterThanOrEqual(1);
    // The reconciliation job of the paid push waits for its time; the catch-up sweeps queued at start too.
    expect(find(all, 'escrow_jobs', { queue: 'payments.reconcile', state: 'queued' })[0]?.value).toBe(1);
    expect(find(all, 'escrow_db_pool_connections', { pool: 'app', state: 'max' })[0]?.value).toBeGreaterThan(0);
    expect(find(all, 'process_cpu_seconds_total')).toHaveLength(1);
  });
});

describe('GET /metrics when the database fails during a scrape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  it('answers with the error envelope, never the error text (SQL, file paths)', async () => {
    const leak = 'Invalid `prisma.$queryRaw()` invocation in /srv/app/server/src/plugins/metrics.ts: SELECT status FROM payments';
    const spy = vi.spyOn(t.ctx.db, '$queryRaw').mockRejectedValue(new Error(leak));
    try {
      const response = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ success: false, message: expect.any(String), code: 'INTERNAL' });
      expect(body).not.toMatch(/prisma|SELECT|\/srv\//);
    } finally {
      spy.mockRestore();
    }
  });
});
