/**
 * Serves the built React client (client/dist) on the same port as the API. Prerendered public pages
 * live at <route>/index.html so their metadata is in the HTML the server sends; any other GET that
 * accepts HTML gets the app shell (client-side routing). Unknown /api, /trpc and /mock paths stay JSON 404s.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

const API_PREFIXES = ['/api', '/trpc', '/mock', '/healthz', '/readyz'];

export default fp(
  async function staticClient(app: FastifyInstance, { distDir }: { distDir: string }) {
    const hasClient = existsSync(path.join(distDir, 'index.html'));
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: ['index.html'],
        redirect: false,
        maxAge: 0,
        setHeaders(res, filePath) {
          // Hashed assets never change; HTML must be revalidated so a deploy shows at once.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else res.setHeader('Cache-Control', 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
      if (!isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
        const prerendered = path.join(url.replace(/\/+$/, ''), 'index.html');
        const file = existsSync(path.join(distDir, prerendered)) && !prerendered.includes('..') ? prerendered : 'index.html';
        return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile(file);
      }
      return reply.status(404).send({ success: false, message: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
    });
  },
  { name: 'static-client' },
);
