/**
 * The built client as the server sends it: real status codes (no soft 404s), brotli/gzip copies by
 * content negotiation, one-year immutable assets, revalidated HTML with an ETag; and JSON answers
 * compressed above the threshold only. A small client/dist is written to a temp folder the way the
 * build lays it out (scripts/prerender.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';
import { IMMUTABLE, matchesClientRoute, REVALIDATE } from './static-client.ts';

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><div id="root"><h1>${title}</h1>${' '.repeat(2000)}</div></body></html>`;
const ASSET = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;

const files: Record<string, string> = {
  'index.html': page('Home'),
  'pricing/index.html': page('Pricing'),
  '404.html': page('Page not found'),
  'sw/index.html': page('Nyumbani'),
  'sw/pricing/index.html': page('Bei'),
  'sw/404.html': page('Ukurasa haupatikani'),
  'shell.html': page('Shell'),
  'routes.json': JSON.stringify(['/', '/pricing', '/forgot-password', '/sw', '/sw/pricing', '/sw/forgot-password', '/dashboard/*']),
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'assets/index-abc123.js': ASSET,
  '.vite/manifest.json': '{}',
};

let distDir: string;
let testApp: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'escrow-dist-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(distDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (Buffer.byteLength(content) >= 1024) {
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    }
  }
  testApp = await buildTestApp({ env: { CLIENT_DIST_DIR: distDir } });
});

afterAll(async () => {
  await testApp?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

describe('Kiswahili paths', () => {
  it.each([
    ['/sw', 'Nyumbani'],
    ['/sw/pricing', 'Bei'],
  ])('%s answers 200 with its prerendered Kiswahili page', async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<h1>${title}</h1>`);
  });

  it('answers a Kiswahili route without a prerendered page with the shell, and an unknown /sw path with the Kiswahili 404', async () => {
    expect((await get('/sw/forgot-password')).statusCode).toBe(200);
    const missing = await get('/sw/hakuna');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Ukurasa haupatikani</h1>');
    const english = await get('/hakuna');
    expect(english.statusCode).toBe(404);
    expect(english.body).toContain('<h1>Page not found</h1>');
  });
});

describe('paths', () => {
  it.each([
    ['/', 'Home'],
    ['/pricing', 'Pricing'],
    ['/pricing/', 'Pricing'],
  ])('%s answers 200 with its prerendered page', async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`<h1>${title}</h1>`);
  });

  it.each(['/dashboard', '/dashboard/transactions/0b5e4a7e-2f7c-4c5f-9d7a-3b1f2c3d4e5f', '/forgot-password', '/forgot-password/'])(
    '%s, a page of the client that is not prerendered, answers 200 with the app shell',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>Shell</h1>');
    },
  );

  it.each([
    '/llms.txt',
    '/.well-known/ai-catalog.json',
    '/no-such-page',
    '/pricing/extra',
    '/dashboardx',
    '/assets/missing.js',
    '/.vite/manifest.json',
  ])('%s answers a real 404 with the not-found page', async (url) => {
    const response = await get(url, { accept: 'text/html' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>Page not found</h1>');
  });

  it('keeps robots.txt, and JSON 404s under /api', async () => {
    expect((await get('/robots.txt')).body).toContain('User-agent: *');
    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await testApp.app.inject({ method: 'POST', url: '/pricing' })).statusCode).toBe(404);
  });

  it('matches route patterns segment by segment', () => {
    const patterns = ['/', '/transactions/:id', '/dashboard/*'];
    expect(matchesClientRoute(patterns, '/transactions/abc')).toBe(true);
    expect(matchesClientRoute(patterns, '/transactions/abc/edit')).toBe(false);
    expect(matchesClientRoute(patterns, '/transactions')).toBe(false);
    expect(matchesClientRoute(patterns, '/dashboard')).toBe(true);
    expect(matchesClientRoute(patterns, '/')).toBe(true);
    expect(matchesClientRoute(patterns, '/anything')).toBe(false);
  });
});

describe('a known path asked with another method', () => {
  const ask = (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string) =>
    testApp.app.inject({ method, url });

  it.each([
    ['DELETE', '/api/v1/charges/calculate?amount=1500', 'GET, HEAD'],
    ['PUT', '/api/auth/login', 'POST'],
    ['GET', '/api/transactions/0b5e4a7e-2f7c-4c5f-9d7a-3b1f2c3d4e5f/release_payment', 'POST'],
    ['HEAD', '/api/auth/login', 'POST'],
  ] as const)('%s %s answers 405 with Allow: %s, in the envelope', async (method, url, allow) => {
    const response = await ask(method, url);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    if (method === 'HEAD') return;
    expect(response.json()).toEqual({
      success: false,
      message: `Method ${method} is not allowed on ${url.split('?')[0]}; it takes ${allow}`,
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it('keeps 404 for unknown paths, gateway callback doors and OPTIONS', async () => {
    // The gateways' callback doors (a secret in the path) look like unknown paths to any method.
    for (const url of ['/api/no-such-route', '/api/v1/charges/calculate/extra', '/api/ussd/not-the-secret', '/api/sms/delivery-report/x']) {
      const response = await ask('DELETE', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.allow, url).toBeUndefined();
      expect(response.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await ask('OPTIONS', '/api/v1/charges')).statusCode).toBe(404);
    expect((await ask('HEAD', '/api/v1/charges')).statusCode).toBe(200);
    expect((await ask('GET', '/api/v1/charges')).statusCode).toBe(200);
  });
});

describe('a missing file under a route that serves files', () => {
  it('answers 404 with the envelope, not a 405 refusing the very method the path takes', async () => {
    // The API documents' UI serves its files through one wildcard route: a name it has no file for
    // (or a path it will not resolve) is not found, whatever method the route takes.
    for (const url of ['/api/docs/static/no-such-file.js', '/api/docs/static/..%2f..%2fpackage.json']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await testApp.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers.allow, `${method} ${url}`).toBeUndefined();
        if (method === 'GET') expect(response.json()).toEqual({ success: false, message: `Route GET ${url} not found`, code: 'NOT_FOUND' });
      }
    }
    // The UI's own files are still served.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/docs/static/index.css' })).statusCode).toBe(200);
  });
});

describe('compression by content negotiation', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, else the file', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('negotiates the prerendered pages, the shell and the 404 page too', async () => {
    for (const url of ['/', '/pricing', '/dashboard/x', '/nope']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toMatch(/<h1>/);
    }
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('revalidates HTML with an ETag: a repeat visit gets 304 without the body', async () => {
    for (const url of ['/', '/pricing', '/dashboard/x', '/robots.txt']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.headers['cache-control'], url).toBe(REVALIDATE);
      expect(first.headers.etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('never answers a 404 with 304, and never caches it for long', async () => {
    const first = await get('/nope');
    const again = await get('/nope', { 'if-none-match': String(first.headers.etag ?? '"x"') });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('<h1>Page not found</h1>');
    expect(again.headers['cache-control']).toBe(REVALIDATE);
  });
});

describe('API compression', () => {
  it('compresses a JSON answer above the threshold by the accepted encoding', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends a small JSON answer as it is', async () => {
    const response = await get('/api/v1/charges/calculate?amount=2500&type=with_dispute', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });
});
