import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const calculate = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/charges/calculate${query}` });

describe('GET /api/v1/charges', () => {
  it('lists all 26 bands', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/charges' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.bands).toHaveLength(26);
    expect(body.data.bands[5]).toEqual({ min: 801, max: 1000, wo_dispute: 50, with_dispute: 74, lipa_mdogo_mdogo: 86 });
  });
});

describe('GET /api/v1/charges/calculate', () => {
  it('answers the contract example for 1000', async () => {
    const response = await calculate('?amount=1000');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.amount).toBe('1000.00');
    expect(data.type).toBe('wo_dispute');
    expect(data.charges.wo_dispute).toEqual({ total: '50.00', buyer_share: '25.00', seller_share: '25.00', percentage: 5 });
    expect(data.charges.with_dispute.total).toBe('74.00');
    expect(data.charges.lipa_mdogo_mdogo.total).toBe('86.00');
    expect(data.selected).toEqual(data.charges.wo_dispute);
  });

  it('selects the requested type', async () => {
    const { data } = (await calculate('?amount=49.50&type=with_dispute')).json();
    expect(data.selected).toEqual({ total: '12.00', buyer_share: '6.00', seller_share: '6.00', percentage: 24.24 });
  });

  it('charges nothing outside the bands, with 200', async () => {
    for (const amount of ['0', '0.99', '500000.01', '9999999']) {
      const response = await calculate(`?amount=${amount}`);
      expect(response.statusCode, amount).toBe(200);
      expect(response.json().data.selected.total).toBe('0.00');
    }
  });

  it('answers malformed input with a 400 envelope, never 5xx', async () => {
    for (const query of [
      '',
      '?amount=',
      '?amount=abc',
      '?amount=-1',
      '?amount=1.234',
      '?amount=1e5',
      '?amount=1000&type=gold',
      `?amount=${'9'.repeat(5000)}`,
      '?amount[]=1',
      '?amount=1&amount=2',
    ]) {
      const response = await calculate(query);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(typeof body.message).toBe('string');
    }
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document with the charges routes', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/v1/charges/calculate');
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
