/**
 * Compresses JSON answers (REST and tRPC) larger than about a kilobyte, by the encoding the client
 * accepts (brotli, else gzip). Small answers are sent as they are: below the threshold compression
 * saves fewer bytes than it costs in time. The built client's files are compressed at build time
 * instead (plugins/static-client.ts), and anything that is not JSON, such as an event stream, is never
 * compressed here (a stream would be held back by the compressor's buffering).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants as zlib } from 'node:zlib';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
      // Quality 11, the default, costs milliseconds per answer; 4 is gzip-fast and still smaller.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      // Request bodies stay as they are: no client of this API sends compressed bodies.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
