/**
 * Build step after `vite build` and `vite build --ssr` (client/package.json "build"). For every route of
 * client/src/app/public-routes.ts it writes client/dist/<route>/index.html (the home page is
 * dist/index.html) with the page's search and social metadata in the head and the page itself in the
 * body: the real React tree rendered by client/src/entry-server.tsx with its styles, so text paints
 * before any JavaScript runs and crawlers read it; the browser then hydrates it. It also writes
 * 404.html (the not-found page, served with status 404), shell.html (the empty app for the pages that
 * are not prerendered, such as the dashboard), routes.json (the client's route patterns, so the server
 * knows which paths exist), sitemap.xml, robots.txt, and a brotli and a gzip copy of every text file.
 *
 * VITE_SITE_URL sets the public origin used in canonical links and the sitemap.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { PUBLIC_ROUTES, type PublicRoute } from '../client/src/app/public-routes.ts';
import { absoluteUrl, DEFAULT_SITE_URL, headTagsFor, renderHeadTags, routeFor, SITE_NAME } from '../client/src/app/seo.ts';
import { LANGUAGE_TAGS, LANGUAGES, pathInLanguage, type Language } from '../client/src/i18n/paths.ts';

const HEAD_MARKER = '<!--app-head-->';
const BODY_MARKER = '<!--app-html-->';

/** What client/src/entry-server.tsx gives for one path. */
export interface RenderedPage {
  html: string;
  styles: string;
}
export type RenderPage = (pathname: string) => Promise<RenderedPage>;

/** The head of shell.html: it stands for many pages, so it names none and is never indexed. */
const SHELL_ROUTE: PublicRoute = {
  path: '/app',
  name: SITE_NAME,
  title: SITE_NAME,
  description: 'Escrow Kenya: secure M-Pesa escrow and Lipa Mdogo Mdogo.',
  keywords: [],
  indexable: false,
  sw: { name: SITE_NAME, title: SITE_NAME, description: 'Escrow Kenya: lipa kwa M-Pesa, pesa inashikiliwa salama, na Lipa Mdogo Mdogo.' },
};

/**
 * The app shell with its markers. A second run over the same build (or two builds racing on one
 * machine) finds dist/index.html already prerendered: our tags are taken out again, so re-running is safe.
 */
export function shellTemplate(html: string): string {
  if (html.includes(HEAD_MARKER) && html.includes(BODY_MARKER)) return html;
  const template = html
    .replace(/<title>[\s\S]*?<\/title>/, HEAD_MARKER)
    .replace(/\s*<(?:meta|link) data-seo[^>]*\/>/g, '')
    .replace(/\s*<script data-seo[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/\s*<link rel="modulepreload" data-route[^>]*>/g, '')
    .replace(/\s*<style data-emotion[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/, `$1${BODY_MARKER}$2`);
  if (!template.includes(HEAD_MARKER) || !template.includes(BODY_MARKER)) {
    throw new Error(`client/index.html must contain ${HEAD_MARKER} and ${BODY_MARKER}`);
  }
  return template;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The page component of a public route (the router loads client/src/pages/<name>.tsx lazily, in either language). */
const pageSource = (routePath: string) => `src/pages/${routePath === '/' ? 'home' : routePath.slice(1)}.tsx`;

/**
 * modulepreload tags for a route's lazy page chunk and its imports, so the browser fetches them with
 * the entry instead of after it has run (one round trip less before the first paint).
 */
export function routePreloads(manifest: Record<string, ManifestChunk>, routePath: string, alreadyLoaded: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(pageSource(routePath));
  return [...files]
    .filter((file) => !alreadyLoaded.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" data-route crossorigin href="/${file}">`)
    .join('\n    ');
}

export function renderPage(
  template: string,
  route: PublicRoute,
  siteUrl: string,
  page: RenderedPage,
  preloads = '',
  language: Language = 'en',
): string {
  const head = [renderHeadTags(headTagsFor(route, siteUrl, language)), page.styles, preloads].filter(Boolean).join('\n    ');
  // Functions as replacements: the page's HTML may contain "$&"-like sequences that a string would expand.
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${LANGUAGE_TAGS[language]}"`)
    .replace(HEAD_MARKER, () => head)
    .replace(BODY_MARKER, () => page.html);
}

/** Where a page's HTML goes: dist/index.html for `/`, dist/sw/pricing/index.html for `/sw/pricing`. */
export function htmlFileFor(pathname: string): string {
  return pathname === '/' ? 'index.html' : path.join(pathname.slice(1), 'index.html');
}

/** Text files worth compressing; images such as og-image.jpg are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|css|svg|json|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file (best quality: it is paid once, at
 * build time), for the server to send by content negotiation. Skips a copy that would not be smaller.
 */
export function precompress(distDir: string): number {
  let written = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) {
        if (entry !== '.vite') visit(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry)) continue;
      const content = readFileSync(file);
      if (content.length < MIN_COMPRESS_BYTES) continue;
      const copies = {
        br: brotliCompressSync(content, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
        gz: gzipSync(content, { level: 9 }),
      };
      for (const [extension, compressed] of Object.entries(copies)) {
        if (compressed.length >= content.length) continue;
        writeFileSync(`${file}.${extension}`, compressed);
        written++;
      }
    }
  };
  visit(distDir);
  return written;
}

/** Both languages of every indexable page, each naming both as alternates (x-default: English). */
export function sitemapXml(siteUrl: string, lastModified: string): string {
  const urls = PUBLIC_ROUTES.filter((route) => route.indexable).flatMap((route) => {
    const urlIn = (language: Language) => absoluteUrl(siteUrl, pathInLanguage(route.path, language));
    return LANGUAGES.map((language) =>
      [
        '  <url>',
        `    <loc>${urlIn(language)}</loc>`,
        ...LANGUAGES.map((other) => `    <xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[other]}" href="${urlIn(other)}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${urlIn('en')}"/>`,
        `    <lastmod>${lastModified}</lastmod>`,
        `    <changefreq>${route.path === '/' || route.path === '/pricing' ? 'weekly' : 'monthly'}</changefreq>`,
        `    <priority>${route.path === '/' ? '1.0' : '0.8'}</priority>`,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /mock/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export async function prerender(distDir: string, siteUrl: string, ssrEntry: string): Promise<string[]> {
  const { render, routePatterns } = (await import(pathToFileURL(ssrEntry).href)) as { render: RenderPage; routePatterns: () => string[] };
  const template = shellTemplate(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  const written: string[] = [];
  const write = (relative: string, content: string) => {
    const file = path.join(distDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    written.push(relative);
  };
  for (const route of PUBLIC_ROUTES) {
    for (const language of LANGUAGES) {
      const pathname = pathInLanguage(route.path, language);
      const page = await render(pathname);
      write(htmlFileFor(pathname), renderPage(template, route, siteUrl, page, routePreloads(manifest, route.path, template), language));
    }
  }
  // Any unknown path renders the not-found page; its text depends only on the language (sw/404.html under /sw/).
  write('404.html', renderPage(template, routeFor('/404'), siteUrl, await render('/404')));
  write(path.join('sw', '404.html'), renderPage(template, routeFor('/404'), siteUrl, await render('/sw/404'), '', 'sw'));
  write('shell.html', renderPage(template, SHELL_ROUTE, siteUrl, { html: '', styles: '' }));
  write('routes.json', `${JSON.stringify(routePatterns(), null, 2)}\n`);
  write('sitemap.xml', sitemapXml(siteUrl, new Date().toISOString().slice(0, 10)));
  write('robots.txt', robotsTxt(siteUrl));
  const compressed = precompress(distDir);
  written.push(`${compressed} .br/.gz copies`);
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  const siteUrl = process.env.VITE_SITE_URL || DEFAULT_SITE_URL;
  const written = await prerender(path.join(clientDir, 'dist'), siteUrl, path.join(clientDir, 'ssr', 'dist', 'entry-server.js'));
  console.log(`prerendered ${written.length} files for ${siteUrl}: ${written.join(', ')}`);
}
