/**
 * The front lane (server/src/plugins/front-lane.ts) answers the fee calculator's plain requests before
 * Fastify. Over real HTTP, two nodes on one database, one with the lane and one without, must answer every
 * request alike: status, headers (all but the date), body, the log line and the metrics. Refusals, CORS,
 * HEAD and odd encodings are Fastify's in both, so they are compared too.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

const METRICS_TOKEN = 'front-lane-metrics-token-0123456789';
let withLane: TestApp;
let withoutLane: TestApp;
const lines = { withLane: [] as string[], withoutLane: [] as string[] };

beforeAll(async () => {
  const env = { LOG_LEVEL: 'info', METRICS_TOKEN, CORS_ORIGINS: 'https://shop.example.co.ke' };
  withLane = await buildTestApp({ env, logStream: { write: (line: string) => void lines.withLane.push(line) } });
  withoutLane = await buildTestApp({
    env,
    databaseUrl: withLane.databaseUrl,
    frontLane: false,
    logStream: { write: (line: string) => void lines.withoutLane.push(line) },
  });
}, 60_000);

afterAll(async () => {
  await withoutLane?.close();
  await withLane?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function ask(t: TestApp, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${t.baseUrl}${path}`, init);
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  return { status: response.status, headers, body: await response.text() };
}

async function bothAnswer(path: string, init: RequestInit = {}): Promise<Answer> {
  const [lane, fastify] = [await ask(withLane, path, init), await ask(withoutLane, path, init)];
  expect(lane, `${init.method ?? 'GET'} ${path}`).toEqual(fastify);
  return lane;
}

/** The request lines each node wrote since `from`, without what differs between any two lines (time, id, duration). */
function requestLines(which: keyof typeof lines, from: number) {
  return lines[which]
    .slice(from)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request')
    .map(({ time: _time, ms, reqId, ...rest }) => ({
      ...rest,
      ms: typeof ms,
      reqId: typeof reqId === 'string' && /^req-[0-9a-z]+$/.test(reqId),
    }));
}

const CALCULATE = '/api/v1/charges/calculate';

describe('the fee calculator with and without the front lane', () => {
  it('answers plain requests alike, headers, body and log line', async () => {
    const from = { withLane: lines.withLane.length, withoutLane: lines.withoutLane.length };
    const plain = [
      'amount=1000',
      'amount=2500&type=with_dispute',
      'type=lipa_mdogo_mdogo&amount=30000',
      'amount=2500.5&type=wo_dispute',
      'amount=0',
      'amount=500000',
      'amount=500001',
      'amount=1&unknown=kept-out',
    ];
    for (const query of plain) {
      const answer = await bothAnswer(`${CALCULATE}?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['strict-transport-security']).toBeDefined();
    }
    expect(JSON.parse((await ask(withLane, `${CALCULATE}?amount=2500&type=with_dispute`)).body)).toMatchObject({
      success: true,
      data: { amount: '2500.00', type: 'with_dispute', selected: { total: '120.00', buyer_share: '60.00', seller_share: '60.00' } },
    });
    const [lane, fastify] = [requestLines('withLane', from.withLane), requestLines('withoutLane', from.withoutLane)];
    expect(lane).toHaveLength(plain.length + 1);
    expect(lane.slice(0, plain.length)).toEqual(fastify);
    expect(lane[0]).toMatchObject({ level: 30, method: 'GET', url: `${CALCULATE}?amount=1000`, status: 200, ms: 'number', reqId: true });
  });

  it('leaves refusals and everything unusual to Fastify, answered alike', async () => {
    const refused = [
      'amount=abc',
      'amount=-5',
      'amount=1.001',
      'amount=',
      'type=with_dispute',
      'amount=1000&type=bogus',
      'amount=1000&amount=2000',
      'amount=1%30',
      'amount=1+0',
      'amount=1000&',
      '&amount=1000',
      'amount',
      '',
    ];
    for (const query of refused) await bothAnswer(`${CALCULATE}?${query}`);
    expect((await bothAnswer(`${CALCULATE}?amount=abc`)).status).toBe(400);
    expect((await bothAnswer(`${CALCULATE}?amount=1%30`)).status).toBe(200);
    for (const path of [CALCULATE, `${CALCULATE}/?amount=1000`, '/api/v1/charges/CALCULATE?amount=1000', '/api/v1/charges?amount=1000']) {
      await bothAnswer(path);
    }
    await bothAnswer(`${CALCULATE}?amount=1000`, { method: 'HEAD' });
    await bothAnswer(`${CALCULATE}?amount=1000`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    await bothAnswer(`${CALCULATE}?amount=1000`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.co.ke', 'access-control-request-method': 'GET' },
    });
    const allowed = await bothAnswer(`${CALCULATE}?amount=1000`, { headers: { origin: 'https://shop.example.co.ke' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.co.ke');
    await bothAnswer(`${CALCULATE}?amount=1000`, { headers: { origin: 'https://stranger.example' } });
  });

  it('answers any query alike (property)', async () => {
    const character = fc.constantFrom(...'amount=type&_wo_dispute.with-lipa~0123456789%+ #/?é'.split(''));
    const anyQuery = fc.oneof(
      fc.array(character, { maxLength: 40 }).map((chars) => chars.join('')),
      fc
        .tuple(
          fc.constantFrom('amount', 'type', 'x'),
          fc.oneof(
            fc.integer({ min: -10, max: 600_000 }).map(String),
            fc.constantFrom('wo_dispute', 'with_dispute', 'lipa_mdogo_mdogo', '1.50', '1.005', ''),
          ),
        )
        .map(([key, value]) => `${key}=${value}`),
      fc
        .tuple(fc.integer({ min: 0, max: 600_000 }), fc.constantFrom('wo_dispute', 'with_dispute', 'lipa_mdogo_mdogo'))
        .map(([amount, type]) => `amount=${amount}&type=${type}`),
    );
    await fc.assert(
      fc.asyncProperty(anyQuery, async (query) => {
        await bothAnswer(`${CALCULATE}?${query}`);
      }),
      { numRuns: 300 },
    );
  });

  it('counts its answers in the same request histogram', async () => {
    const scrape = async (t: TestApp) => {
      const text = await (await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const line = text
        .split('\n')
        .find(
          (row) =>
            row.startsWith('escrow_http_request_duration_seconds_count') &&
            row.includes(`route="${CALCULATE}"`) &&
            row.includes('status_code="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = [await scrape(withLane), await scrape(withoutLane)];
    for (let i = 0; i < 5; i++) await bothAnswer(`${CALCULATE}?amount=${1000 + i}`);
    expect([(await scrape(withLane)) - before[0]!, (await scrape(withoutLane)) - before[1]!]).toEqual([5, 5]);
    expect(await scrape(withLane)).toBeGreaterThan(0);
  });
});
