/**
 * CORS, kept minimal: same-origin by default (no Access-Control-Allow-Origin for anyone, so browsers on
 * other sites cannot read answers); CORS_ORIGINS, a comma-separated list of exact origins (e.g.
 * `https://shop.example.co.ke,https://partner.example.com`), opens the API to those origins only. Their
 * preflights are answered here; a preflight from any other origin is refused with 403. Credentials are
 * bearer tokens in a header, never cookies, so Access-Control-Allow-Credentials is never sent.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
const EXPOSED_HEADERS = 'Retry-After, Idempotent-Replayed, Content-Disposition';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Parses CORS_ORIGINS; throws on an entry that is not a bare origin (scheme://host[:port]). */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let origin: string;
      try {
        origin = new URL(entry).origin;
      } catch {
        origin = 'null';
      }
      if (origin === 'null' || origin !== entry.replace(/\/$/, '')) {
        throw new Error(`CORS_ORIGINS: "${entry}" is not an origin like https://shop.example.co.ke`);
      }
      return origin;
    });
}

export default fp(
  async function cors(app: FastifyInstance, { origins }: { origins: string[] }) {
    const allowed = new Set(origins);
    // A callback hook, not an async one: no promise per request. Most requests carry no Origin (same-origin
    // pages send none on GET, apps and servers never do) and cost one header lookup.
    app.addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      if (!origin) return done();
      // Answers differ by Origin: caches must keep them apart.
      void reply.header('Vary', 'Origin');
      const isAllowed = allowed.has(origin);
      const isPreflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      if (isAllowed) {
        void reply.header('Access-Control-Allow-Origin', origin);
        void reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      }
      if (!isPreflight) return done();
      // Answered here: the hook chain stops without done().
      if (!isAllowed) {
        void reply.status(403).send({ success: false, message: 'This origin may not call the API', code: 'FORBIDDEN' });
        return;
      }
      void reply
        .status(204)
        .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS)
        .send();
    });
  },
  { name: 'cors' },
);
