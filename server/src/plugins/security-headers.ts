/**
 * helmet's security headers, computed once at start-up and set on every answer by one hook.
 * `@fastify/helmet` ran helmet's middleware per request, parsing the CSP directives each time: a few per
 * cent of a small answer's CPU (docs/QUALITY.md "Hot paths"). The headers are the same for every answer.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers helmet's middleware sets for these options, captured from one run against a stand-in. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => void (failure = error));
  if (failure) throw failure;
  return headers;
}

/**
 * The CSP for the app's pages and answers. `upgrade-insecure-requests` only when the public address is
 * https: on a plain-http address (the demo opened from a phone on the LAN at http://192.168.…:3000) the
 * browser would ask for every script at https://… and the pages would never start.
 */
export function contentSecurityPolicy(
  publicBaseUrl: string | undefined,
  shellScriptHashes: string[],
): HelmetOptions['contentSecurityPolicy'] {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...shellScriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for evidence images the admin page fetches with its token and previews.
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: publicBaseUrl?.startsWith('https:') ? [] : null,
    },
  };
}

/** Sets `headers` (helmetHeaders' result, which the front lane writes too) on every answer. */
export default fp(
  async function securityHeaders(app: FastifyInstance, { headers }: { headers: Record<string, string> }) {
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
