/**
 * The front lane: a public answer that is pure computation, given on node's `request` event before
 * Fastify's router, hooks and reply machinery, which cost more than such an answer's own work
 * (docs/adr/0016-front-lane.md, docs/QUALITY.md "Hot paths"). Only the plain case takes it: GET, the exact
 * path, a query of `key=value` pairs in plain characters, no Origin, no body, and the route's own schema
 * accepting the query. Anything else, a refusal included, goes on to Fastify as it came, so CORS, HEAD,
 * compression and every error envelope keep their one implementation. What the lane answers is what the
 * Fastify route answers: the route module hands over the function both use, and the lane writes the same
 * headers, log line and metrics (server/test/front-lane.int.test.ts compares the two lanes).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

export interface FrontLaneRoute {
  /** The path exactly as the router matches it (case and trailing slash included). */
  path: string;
  /** The 200 answer's JSON for this query, or null when the route would refuse it (Fastify then answers). */
  answer(query: Record<string, string>): string | null;
}

export interface FrontLaneOptions {
  routes: FrontLaneRoute[];
  /** What every answer carries besides its type and length (the security headers). */
  headers: Record<string, string>;
  genReqId(request: IncomingMessage): string;
  /** The request's log line and metrics, as the Fastify lane writes them when a request is answered. */
  answered(reqId: string, method: string, url: string, route: string, status: number, elapsedMs: number): void;
  /** True once the app is closing: Fastify then answers 503 and closes the connection. */
  isClosing(): boolean;
}

export type FrontLane = (request: IncomingMessage, response: ServerResponse) => boolean;

const PAIR = '[A-Za-z0-9._~-]+=[A-Za-z0-9._~-]*';
const PLAIN_QUERY = new RegExp(`^${PAIR}(?:&${PAIR})*$`);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `key=value&…` of unreserved characters, each key once: the query every parser reads alike (no
 * percent-encoding, `+`, repeated or empty key). Null for anything else.
 */
export function plainQuery(text: string): Record<string, string> | null {
  if (!PLAIN_QUERY.test(text)) return null;
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=');
    const key = pair.slice(0, equals);
    if (key in query) return null;
    query[key] = pair.slice(equals + 1);
  }
  return query;
}

/** The lane: true when it answered the request, false when Fastify must. */
export function frontLane(options: FrontLaneOptions): FrontLane {
  const routes = new Map(options.routes.map((route) => [route.path, route]));
  const headers = Object.entries(options.headers).flat();
  return (request, response) => {
    const started = performance.now();
    const url = request.url;
    if (request.method !== 'GET' || url === undefined) return false;
    const mark = url.indexOf('?');
    const route = mark > 0 ? routes.get(url.slice(0, mark)) : undefined;
    if (!route || options.isClosing()) return false;
    const given = request.headers;
    if (given.origin !== undefined || given['content-length'] !== undefined || given['transfer-encoding'] !== undefined) return false;
    const query = plainQuery(url.slice(mark + 1));
    const body = query && route.answer(query);
    if (!body) return false;
    response.writeHead(200, [...headers, 'content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(body))]);
    response.end(body);
    options.answered(options.genReqId(request), 'GET', url, route.path, 200, performance.now() - started);
    return true;
  };
}

/**
 * A `serverFactory` for Fastify whose server offers each request to the lane first. The lane is read on
 * each request, so it can be set once the app it writes for is built. The server gets the settings Fastify
 * gives the server it makes itself.
 */
export function serverWithFrontLane(lane: () => FrontLane | undefined): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (request, response) => {
      if (!lane()?.(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
}
