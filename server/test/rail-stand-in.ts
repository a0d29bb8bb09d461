/**
 * A stand-in for a rail's API on a loopback port, for what the built-in mocks never do: refuse a request
 * with the rail's own answer, or cut the connection once a request has arrived (as a timeout looks to the
 * sender, without waiting for one). Requests it leaves alone go on to `target` (the app's own mock), so
 * the rest of a payment runs as usual. A test points a rail's client at `url`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as send } from 'undici';
import type { PaymentRail, RailName } from '../src/rails/port.ts';
import { RAIL_MODULES } from '../src/rails/registry.ts';
import type { TestApp } from './helpers.ts';

export interface StandInRequest {
  method: string;
  /** The path under the stand-in's base, with its query ('/auth/oauth2/token'). */
  path: string;
  body: string;
}

/** An answer of the stand-in's own, `'cut'` to close the connection unanswered, or undefined to pass the request on. */
export type StandInAnswer = { status: number; body: unknown } | 'cut' | undefined;

export interface RailStandIn {
  url: string;
  /** Every request that reached the stand-in, in order. */
  requests: StandInRequest[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function railStandIn(target: string, answer: (request: StandInRequest) => StandInAnswer): Promise<RailStandIn> {
  const requests: StandInRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const request = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', body: await readBody(incoming) };
      requests.push(request);
      const own = answer(request);
      if (own === 'cut') {
        incoming.socket.destroy();
        return;
      }
      if (own) {
        outgoing.writeHead(own.status, { 'content-type': 'application/json' }).end(JSON.stringify(own.body));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && !['host', 'content-length', 'connection'].includes(entry[0]),
        ),
      );
      const passed = await send(`${target}${request.path}`, {
        method: request.method as 'GET' | 'POST',
        headers,
        ...(request.method === 'GET' ? {} : { body: request.body }),
      });
      outgoing.writeHead(passed.statusCode, { 'content-type': String(passed.headers['content-type'] ?? 'application/json') });
      outgoing.end(await passed.body.text());
    })().catch(() => incoming.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs `work` with the app's `rail` asking the stand-in instead of its mock: a new client of the rail's own
 * (no access token kept from earlier calls), put where the rail reads its client at each call.
 */
export async function throughStandIn<T>(
  t: TestApp,
  rail: RailName,
  answer: (request: StandInRequest) => StandInAnswer,
  work: (standIn: RailStandIn) => Promise<T>,
): Promise<T> {
  const setting = rail === 'mpesa' ? 'MPESA_BASE_URL' : 'AIRTEL_BASE_URL';
  const standIn = await railStandIn(t.config[setting], answer);
  const module = RAIL_MODULES.find((candidate) => candidate.name === rail)!;
  const app = t.ctx.rails[rail] as PaymentRail & { client: unknown };
  const real = app.client;
  app.client = (module.create({ ...t.config, [setting]: standIn.url }) as PaymentRail & { client: unknown }).client;
  try {
    return await work(standIn);
  } finally {
    app.client = real;
    await standIn.close();
  }
}
