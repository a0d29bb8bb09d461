/**
 * Compresses JSON answers (REST and tRPC) larger than about a kilobyte, by the encoding the client
 * accepts (brotli, else gzip). Small answers are sent as they are: below the threshold compression
 * saves fewer bytes than it costs in time. The built client's files are compressed at build time
 * instead (plugins/static-client.ts), and anything that is not JSON, such as an event stream, is never
 * compressed here.
 *
 * One onSend hook of our own rather than `@fastify/compress`, whose two hooks (one decorating every
 * reply, one reading four headers) ran on every request: most answers are small, and here a small one
 * costs a length check (docs/QUALITY.md "Hot paths").
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';

export const COMPRESS_THRESHOLD_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;
/** The encodings offered, preferred first when the client weighs them alike. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

// Quality 11, brotli's default, costs milliseconds per answer; 4 is gzip-fast and still smaller.
const compressors: Record<Encoding, (payload: string | Buffer) => Buffer> = {
  br: (payload) => brotliCompressSync(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (payload) => gzipSync(payload),
};

/**
 * The text of an answer as its route wrote it, for an onSend hook that runs after this one's (a route's
 * own hooks run after the global ones): the JSON it was handed, or what it compressed, uncompressed.
 * Null for anything else (a stream, an empty answer).
 */
export function answerText(payload: unknown, contentEncoding: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  if (contentEncoding === undefined) return payload.toString('utf8');
  if (contentEncoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (contentEncoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return null;
}

/** The encoding to answer in from an Accept-Encoding header: the highest weight above 0, or null. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim().toLowerCase(), weight ? Number(weight.slice(2)) : 1);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

export default fp(
  async function compression(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      // Streams (files, event streams) and empty answers pass; a small answer is told by its size alone.
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) return done(null, payload);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding || reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
        return done(null, payload);
      }
      const vary = reply.getHeader('vary');
      void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding').header('content-encoding', encoding);
      // Fastify sets Content-Length from the payload it is handed.
      reply.removeHeader('content-length');
      done(null, compressors[encoding](payload));
    });
  },
  { name: 'compression' },
);
