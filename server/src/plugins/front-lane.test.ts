import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontLane, plainQuery, serverWithFrontLane } from './front-lane.ts';

describe('plainQuery', () => {
  it('reads key=value pairs of unreserved characters, each key once', () => {
    expect({ ...plainQuery('amount=1000&type=with_dispute') }).toEqual({ amount: '1000', type: 'with_dispute' });
    expect({ ...plainQuery('a=1.5~x-y_z&b=') }).toEqual({ a: '1.5~x-y_z', b: '' });
  });

  it.each(['', 'amount', '=1', 'a=1&', '&a=1', 'a=1&a=2', 'a=1%30', 'a=1+0', 'a=é', 'a=1=2', 'a b=1', 'a=1#x', '__proto__=1&__proto__=2'])(
    'leaves %j to the router',
    (text) => expect(plainQuery(text)).toBeNull(),
  );
});

describe('the front lane on a node server', () => {
  let server: Server;
  let base: string;
  let closing = false;
  const answered: unknown[][] = [];
  const fellThrough: string[] = [];

  beforeAll(async () => {
    const lane = frontLane({
      routes: [{ path: '/sum', answer: (query) => (/^\d+$/.test(query.a ?? '') ? JSON.stringify({ sum: Number(query.a) + 1 }) : null) }],
      headers: { 'x-frame-options': 'SAMEORIGIN' },
      genReqId: () => 'req-1',
      answered: (...args) => void answered.push(args),
      isClosing: () => closing,
    });
    const factory = serverWithFrontLane(() => lane);
    server = factory(
      (request, response) => {
        fellThrough.push(`${request.method} ${request.url}`);
        response.end('router');
      },
      { keepAliveTimeout: 72_000, requestTimeout: 0, connectionTimeout: 0, maxRequestsPerSocket: 0 },
    ) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gets the settings Fastify gives its own server', () => {
    expect(server.keepAliveTimeout).toBe(72_000);
  });

  it('answers a plain request itself, with the headers, and reports it', async () => {
    const response = await fetch(`${base}/sum?a=41`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sum: 42 });
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe('10');
    expect(answered.at(-1)).toEqual(['req-1', 'GET', '/sum?a=41', '/sum', 200, expect.any(Number)]);
  });

  it.each<[string, string, RequestInit]>([
    ['a refusal', '/sum?a=x', {}],
    ['another path', '/other?a=1', {}],
    ['no query', '/sum', {}],
    ['an encoded query', '/sum?a=4%31', {}],
    ['a HEAD', '/sum?a=1', { method: 'HEAD' }],
    ['a POST', '/sum?a=1', { method: 'POST', body: 'x' }],
    ['an Origin', '/sum?a=1', { headers: { origin: 'https://elsewhere.example' } }],
  ])('leaves %s to the router', async (_name, path, init) => {
    const before = answered.length;
    const response = await fetch(`${base}${path}`, init);
    if (init.method !== 'HEAD') expect(await response.text()).toBe('router');
    expect(fellThrough.at(-1)).toBe(`${init.method ?? 'GET'} ${path}`);
    expect(answered).toHaveLength(before);
  });

  it('leaves a GET with a body to the router', async () => {
    // fetch will not send a GET with a body; node's own client will.
    const text = await new Promise<string>((resolve, reject) => {
      const call = request(`${base}/sum?a=1`, { method: 'GET', headers: { 'content-length': '1' } }, (reply) => {
        let body = '';
        reply.on('data', (chunk: Buffer) => (body += chunk.toString()));
        reply.on('end', () => resolve(body));
      });
      call.on('error', reject);
      call.end('x');
    });
    expect(text).toBe('router');
  });

  it('leaves everything to the router once the app is closing', async () => {
    closing = true;
    try {
      expect(await (await fetch(`${base}/sum?a=1`)).text()).toBe('router');
    } finally {
      closing = false;
    }
  });
});
