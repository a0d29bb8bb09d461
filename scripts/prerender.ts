/**
 * Build step after `vite build` (client/package.json "build"): writes each public page's search and
 * social metadata into the HTML the server sends (spec §1), so crawlers and link previews see it
 * without running JavaScript. For every route of client/src/app/public-routes.ts it writes
 * client/dist/<route>/index.html (the home page is dist/index.html, which is also the app shell for
 * every other path), plus dist/sitemap.xml and dist/robots.txt.
 *
 * VITE_SITE_URL sets the public origin used in canonical links and the sitemap.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_ROUTES, type PublicRoute } from '../client/src/app/public-routes.ts';
import { absoluteUrl, DEFAULT_SITE_URL, headTagsFor, renderHeadTags } from '../client/src/app/seo.ts';

const HEAD_MARKER = '<!--app-head-->';
const BODY_MARKER = '<!--app-html-->';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What a visitor without JavaScript sees: the page's heading, summary and the site's main links. */
function noscriptBody(route: PublicRoute): string {
  const links = PUBLIC_ROUTES.filter((other) => other.indexable)
    .map((other) => `<li><a href="${other.path}">${escapeHtml(other.name)}</a></li>`)
    .join('');
  return [
    '<noscript>',
    `<main style="font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.6">`,
    `<h1>${escapeHtml(route.path === '/' ? 'Escrow Kenya — secure M-Pesa escrow' : route.name)}</h1>`,
    `<p>${escapeHtml(route.description)}</p>`,
    '<p>No internet? Dial <strong>*384*40#</strong> from any phone.</p>',
    `<nav aria-label="Site"><ul>${links}</ul></nav>`,
    '<p>Please enable JavaScript to use the full website.</p>',
    '</main>',
    '</noscript>',
  ].join('');
}

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
    .replace(/<noscript>[\s\S]*?<\/noscript>/, BODY_MARKER);
  if (!template.includes(HEAD_MARKER) || !template.includes(BODY_MARKER)) {
    throw new Error(`client/index.html must contain ${HEAD_MARKER} and ${BODY_MARKER}`);
  }
  return template;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The page component of a public route (the router loads client/src/pages/<name>.tsx lazily). */
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

export function renderPage(template: string, route: PublicRoute, siteUrl: string, preloads = ''): string {
  const head = renderHeadTags(headTagsFor(route, siteUrl)) + (preloads ? `\n    ${preloads}` : '');
  return template.replace(HEAD_MARKER, head).replace(BODY_MARKER, noscriptBody(route));
}

export function sitemapXml(siteUrl: string, lastModified: string): string {
  const urls = PUBLIC_ROUTES.filter((route) => route.indexable).map((route) => {
    const loc = absoluteUrl(siteUrl, route.path);
    return [
      '  <url>',
      `    <loc>${loc}</loc>`,
      `    <xhtml:link rel="alternate" hreflang="en-KE" href="${loc}"/>`,
      `    <xhtml:link rel="alternate" hreflang="sw-KE" href="${loc}"/>`,
      `    <lastmod>${lastModified}</lastmod>`,
      `    <changefreq>${route.path === '/' || route.path === '/pricing' ? 'weekly' : 'monthly'}</changefreq>`,
      `    <priority>${route.path === '/' ? '1.0' : '0.8'}</priority>`,
      '  </url>',
    ].join('\n');
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

export function prerender(distDir: string, siteUrl: string): string[] {
  const template = shellTemplate(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  const written: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    const file = route.path === '/' ? path.join(distDir, 'index.html') : path.join(distDir, route.path, 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, renderPage(template, route, siteUrl, routePreloads(manifest, route.path, template)));
    written.push(path.relative(distDir, file));
  }
  writeFileSync(path.join(distDir, 'sitemap.xml'), sitemapXml(siteUrl, new Date().toISOString().slice(0, 10)));
  writeFileSync(path.join(distDir, 'robots.txt'), robotsTxt(siteUrl));
  written.push('sitemap.xml', 'robots.txt');
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client/dist');
  const siteUrl = process.env.VITE_SITE_URL || DEFAULT_SITE_URL;
  const written = prerender(distDir, siteUrl);
  console.log(`prerendered ${written.length} files for ${siteUrl}: ${written.join(', ')}`);
}
