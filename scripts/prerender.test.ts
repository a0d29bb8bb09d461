import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../client/src/app/public-routes.ts';
import { headTagsFor, jsonLdFor, routeFor } from '../client/src/app/seo.ts';
import { precompress, renderPage, robotsTxt, shellTemplate, sitemapXml } from './prerender.ts';

const SHELL = `<!doctype html>
<html lang="en-KE">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;
const SITE = 'https://escrow.example';
/** What client/src/entry-server.tsx returns: the page's markup and its emotion style tags. */
const PAGE = {
  html: '<div class="css-1a"><h1 class="css-2b">Buy and sell safely. $& $1</h1><footer></footer></div>',
  styles: '<style data-emotion="css 1a 2b" data-s="">.css-1a{color:teal}</style>',
};
const route = (path: string) => PUBLIC_ROUTES.find((candidate) => candidate.path === path)!;

describe('prerender', () => {
  it('writes the title, escaped metadata, JSON-LD and styles into the head and the rendered page into the root', () => {
    const html = renderPage(SHELL, route('/'), SITE, PAGE);
    expect(html).toContain('<title>Escrow Kenya — Secure M-Pesa Escrow &amp; Lipa Mdogo Mdogo</title>');
    expect(html).toContain('<link data-seo rel="canonical" href="https://escrow.example/" />');
    expect(html).toContain('<meta data-seo property="og:locale" content="en_KE" />');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // Taken literally: "$&" in the page is not a replacement pattern.
    expect(html).toContain(`<div id="root">${PAGE.html}</div>`);
    expect(html.indexOf(PAGE.styles)).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf(PAGE.styles)).toBeLessThan(html.indexOf('</head>'));
    const jsonLd = /<script data-seo type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toContain('</');
    expect(JSON.parse(jsonLd)['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual([
      'FinancialService',
      'BreadcrumbList',
      'WebSite',
    ]);
  });

  it('writes the Kiswahili twin with lang="sw-KE", its own canonical and texts, and hreflang pairs pointing at each other', () => {
    const sw = renderPage(SHELL, route('/pricing'), SITE, PAGE, '', 'sw');
    const en = renderPage(SHELL, route('/pricing'), SITE, PAGE, '', 'en');
    expect(sw).toContain('<html lang="sw-KE">');
    expect(en).toContain('<html lang="en-KE">');
    expect(sw).toContain(`<title>${route('/pricing').sw.title}</title>`);
    expect(sw).toContain(`<link data-seo rel="canonical" href="${SITE}/sw/pricing" />`);
    expect(en).toContain(`<link data-seo rel="canonical" href="${SITE}/pricing" />`);
    for (const html of [sw, en]) {
      expect(html).toContain(`<link data-seo rel="alternate" hreflang="en-KE" href="${SITE}/pricing" />`);
      expect(html).toContain(`<link data-seo rel="alternate" hreflang="sw-KE" href="${SITE}/sw/pricing" />`);
      expect(html).toContain(`<link data-seo rel="alternate" hreflang="x-default" href="${SITE}/pricing" />`);
    }
    expect(sw).toContain('<meta data-seo property="og:locale" content="sw_KE" />');
    const home = renderPage(SHELL, route('/'), SITE, PAGE, '', 'sw');
    expect(home).toContain(`<link data-seo rel="canonical" href="${SITE}/sw" />`);
    expect(routeFor('/sw/pricing').path).toBe('/pricing');
  });

  it('gives every public route a Kiswahili title and description of its own', () => {
    for (const candidate of PUBLIC_ROUTES) {
      expect(candidate.sw.title, candidate.path).not.toBe(candidate.title);
      expect(candidate.sw.description, candidate.path).not.toBe(candidate.description);
    }
  });

  it('can run again over its own output (idempotent), producing the same page', () => {
    const once = renderPage(SHELL, route('/pricing'), SITE, PAGE);
    const twice = renderPage(shellTemplate(once), route('/pricing'), SITE, PAGE);
    expect(twice).toBe(once);
    const other = renderPage(shellTemplate(once), route('/about-us'), SITE, { html: '<h1>About</h1>', styles: '' });
    expect(other.match(/<title>/g)).toHaveLength(1);
    expect(other).not.toContain('Pricing —');
    expect(other).not.toContain('data-emotion');
    expect(other).toContain('<div id="root"><h1>About</h1></div>');
    expect(() => shellTemplate('<html><head></head><body></body></html>')).toThrow(/must contain/);
  });

  it('lists indexable pages in the sitemap and keeps crawlers out of private paths', () => {
    const xml = sitemapXml(SITE, '2026-11-21');
    // Each page in both languages (the Kiswahili twin under /sw).
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(
      PUBLIC_ROUTES.filter((candidate) => candidate.indexable).flatMap((candidate) => [
        `${SITE}${candidate.path === '/' ? '/' : candidate.path}`,
        `${SITE}${candidate.path === '/' ? '/sw' : `/sw${candidate.path}`}`,
      ]),
    );
    const pricing = xml.split('<url>').filter((entry) => entry.includes('/pricing</loc>'));
    expect(pricing).toHaveLength(2);
    for (const entry of pricing) {
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en-KE" href="${SITE}/pricing"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="sw-KE" href="${SITE}/sw/pricing"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/pricing"/>`);
    }
    expect(xml).not.toContain('/login');
    const robots = robotsTxt(SITE);
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('seo', () => {
  it('describes unknown paths as not found and never indexes them', () => {
    expect(routeFor('/nope').title).toBe('Page Not Found | Escrow Kenya');
    expect(routeFor('/pricing/').path).toBe('/pricing');
    expect(routeFor('/dashboard/transactions').indexable).toBe(false);
    const tags = headTagsFor(routeFor('/nope'), SITE);
    expect(tags).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, follow' } });
    expect(tags.some((tag) => tag.tag === 'link' && tag.attrs.rel === 'canonical')).toBe(false);
  });

  it('adds Service structured data to the service pages only', () => {
    const types = (path: string) => jsonLdFor(route(path), SITE).map((node) => (node as { '@type': string })['@type']);
    expect(types('/lipa-mdogo-mdogo')).toContain('Service');
    expect(types('/dispute-resolution')).toContain('Service');
    expect(types('/terms-of-service')).not.toContain('Service');
    const breadcrumb = jsonLdFor(route('/refund-policy'), SITE)[1] as { itemListElement: { name: string; item: string }[] };
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Refund Policy', item: `${SITE}/refund-policy` },
    ]);
  });
});

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each text file worth compressing, and none of images or tiny files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'escrow-precompress-'));
    try {
      const script = `export const text = ${JSON.stringify('M-Pesa escrow '.repeat(200))};`;
      writeFileSync(path.join(dir, 'app.js'), script);
      writeFileSync(path.join(dir, 'tiny.css'), 'a{color:red}');
      writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(4096, 7));
      expect(precompress(dir)).toBe(2);
      expect(readdirSync(dir).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'photo.jpg', 'tiny.css']);
      expect(brotliDecompressSync(readFileSync(path.join(dir, 'app.js.br'))).toString()).toBe(script);
      expect(gunzipSync(readFileSync(path.join(dir, 'app.js.gz'))).toString()).toBe(script);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
