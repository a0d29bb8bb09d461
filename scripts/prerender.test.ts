import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../client/src/app/public-routes.ts';
import { headTagsFor, jsonLdFor, routeFor } from '../client/src/app/seo.ts';
import { renderPage, robotsTxt, shellTemplate, sitemapXml } from './prerender.ts';

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
const route = (path: string) => PUBLIC_ROUTES.find((candidate) => candidate.path === path)!;

describe('prerender', () => {
  it('writes the title, escaped metadata and JSON-LD into the head and a noscript body', () => {
    const html = renderPage(SHELL, route('/'), SITE);
    expect(html).toContain('<title>Escrow Kenya — Secure M-Pesa Escrow &amp; Lipa Mdogo Mdogo</title>');
    expect(html).toContain('<link data-seo rel="canonical" href="https://escrow.example/" />');
    expect(html).toContain('<meta data-seo property="og:locale" content="en_KE" />');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toMatch(/<div id="root"><noscript>[\s\S]*<h1>[\s\S]*<\/noscript><\/div>/);
    const jsonLd = /<script data-seo type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toContain('</');
    expect(JSON.parse(jsonLd)['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual([
      'FinancialService',
      'BreadcrumbList',
      'WebSite',
    ]);
  });

  it('can run again over its own output (idempotent), producing the same page', () => {
    const once = renderPage(SHELL, route('/pricing'), SITE);
    const twice = renderPage(shellTemplate(once), route('/pricing'), SITE);
    expect(twice).toBe(once);
    const other = renderPage(shellTemplate(once), route('/about-us'), SITE);
    expect(other.match(/<title>/g)).toHaveLength(1);
    expect(other).not.toContain('Pricing —');
    expect(() => shellTemplate('<html><head></head><body></body></html>')).toThrow(/must contain/);
  });

  it('lists indexable pages in the sitemap and keeps crawlers out of private paths', () => {
    const xml = sitemapXml(SITE, '2026-11-21');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(
      PUBLIC_ROUTES.filter((candidate) => candidate.indexable).map(
        (candidate) => `${SITE}${candidate.path === '/' ? '/' : candidate.path}`,
      ),
    );
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
