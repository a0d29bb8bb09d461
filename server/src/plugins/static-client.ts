/**
 * Serves the built React client (client/dist, written by scripts/prerender.ts) on the same port as the
 * API:
 *
 * - public pages are prerendered at <route>/index.html; other paths the client has a page for (the
 *   patterns in routes.json, taken from the client's route table) get shell.html; anything else is a
 *   real 404 with the app's not-found page (404.html; sw/404.html under /sw/), so crawlers see no soft 404s. Unknown /api,
 *   /trpc and /mock paths stay JSON 404s.
 * - a path some route has, asked with another method, is a JSON 405 with `Allow` (any prefix); a gateway's
 *   callback door is not counted (a 404 to every method, error-handler.ts allowedMethods).
 * - each file's brotli or gzip copy is sent when the browser accepts it (built once, at build time);
 * - hashed assets are cached for a year as immutable; everything else (HTML above all) is revalidated
 *   on every use with its ETag, so a deploy shows at once.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allowedMethods, methodNotAllowed, routeNotFound } from './error-handler.ts';

const API_PREFIXES = ['/api', '/trpc', '/mock', '/healthz', '/readyz'];
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Files the build gives .br and .gz copies (scripts/prerender.ts), whose answers vary by Accept-Encoding. */
const PRECOMPRESSED = /\.(?:html|js|css|svg|json|xml|txt|webmanifest)$/;

/** Whether `pathname` matches one of the client's route patterns (`/pricing`, `/dashboard/*`). */
export function matchesClientRoute(patterns: string[], pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return patterns.some((pattern) => {
    if (pattern.endsWith('/*')) {
      const base = pattern.slice(0, -2);
      return path === base || path.startsWith(`${base}/`);
    }
    const expected = pattern.split('/');
    const actual = path.split('/');
    return expected.length === actual.length && expected.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
  });
}

function readRoutePatterns(distDir: string): string[] {
  const file = path.join(distDir, 'routes.json');
  // An older build without the list: every path is the app's (the client shows its not-found page).
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : ['/*'];
}

export default fp(
  async function staticClient(app: FastifyInstance, { distDir }: { distDir: string }) {
    const hasClient = existsSync(path.join(distDir, 'index.html'));
    const routePatterns = hasClient ? readRoutePatterns(distDir) : [];
    const notFoundPage = existsSync(path.join(distDir, '404.html')) ? '404.html' : undefined;
    // Kiswahili pages live under /sw/ (client/src/i18n/paths.ts): their unknown paths get the Kiswahili not-found page.
    const swNotFoundPage = existsSync(path.join(distDir, 'sw', '404.html')) ? 'sw/404.html' : notFoundPage;
    const shellPage = existsSync(path.join(distDir, 'shell.html')) ? 'shell.html' : 'index.html';
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: ['index.html'],
        redirect: false,
        preCompressed: true,
        // Without this @fastify/static replaces the Cache-Control set below with its own max-age=0.
        cacheControl: false,
        // The build's own files: the sources of the .br/.gz copies, the manifest, the route list.
        allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
        setHeaders(res, filePath) {
          res.setHeader('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
          if (PRECOMPRESSED.test(filePath.replace(/\.(?:br|gz)$/, ''))) res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    const sendPage = (reply: FastifyReply, file: string, status: number) =>
      reply
        .status(status)
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8')
        // A 404 carries no validators: a conditional request must never turn it into a 304.
        .sendFile(file, status === 200 ? {} : { etag: false, lastModified: false });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
      const isPageRequest = !isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD');
      if (isPageRequest) {
        const prerendered = path.join(url.replace(/\/+$/, ''), 'index.html');
        if (!prerendered.includes('..') && existsSync(path.join(distDir, prerendered))) return sendPage(reply, prerendered, 200);
        if (matchesClientRoute(routePatterns, url)) return sendPage(reply, shellPage, 200);
      }
      // A known path asked with another method is 405 with the methods it has (RFC 9110 §15.5.6), not
      // "no such route". OPTIONS stays a 404: preflights are answered by plugins/cors.ts before routing.
      // A route that has the request's own method and still found nothing (a file-serving wildcard such
      // as the API documents' UI, asked for a file it lacks) is a 404: its 405 would refuse the very
      // method it lists.
      if (request.method !== 'OPTIONS') {
        const allowed = allowedMethods(app, url);
        if (allowed.length > 0 && !allowed.includes(request.method))
          return reply
            .status(405)
            .header('Allow', allowed.join(', '))
            .send(methodNotAllowed(request.method, url, allowed));
      }
      if (isPageRequest && notFoundPage) {
        const isKiswahili = url === '/sw' || url.startsWith('/sw/');
        return sendPage(reply, (isKiswahili ? swNotFoundPage : notFoundPage)!, 404);
      }
      return reply.status(404).send(routeNotFound(request.method, url));
    });
  },
  { name: 'static-client' },
);
