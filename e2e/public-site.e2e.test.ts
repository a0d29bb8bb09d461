/**
 * The public website in Chromium against the whole product: the metadata in the HTML the
 * server sends, the top bar and footer, every page's key content, the hero form (validation, live
 * charge preview, signed-out hand-over to /login, signed-in creation), the FAQ, the pricing and
 * payment calculators, and the contact form stored and read back through the admin API.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_ROUTES } from '../client/src/app/public-routes.ts';
import { launchBrowser, openPage, screenshot, waitForHydration } from './browser.ts';

let browser: Browser;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field below
async function apiCall(path: string, options: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(new URL(path, baseUrl()), {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: await response.json() };
}

async function login(phone: string, password: string): Promise<{ token: string; user: Record<string, unknown> }> {
  const { status, body } = await apiCall('/api/auth/login', { body: { phone_or_email: phone, password } });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.data.token).toBeTruthy();
  return { token: body.data.token, user: body.data.user };
}

/** Opens `path` and waits until React has taken over the prerendered page (forms work from then on). */
async function visit(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const watched = await openPage(browser, options);
  const response = await watched.page.goto(path);
  expect(response?.status()).toBe(200);
  await watched.page.locator('h1').first().waitFor();
  await waitForHydration(watched.page);
  return watched;
}

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const decode = (text: string | undefined) =>
  text
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('search metadata in the HTML the server sends (no JavaScript)', () => {
  const indexable = PUBLIC_ROUTES.filter((route) => route.indexable);

  it.each(indexable.map((route) => [route.path, route] as const))(
    '%s has title, description, canonical, social tags and JSON-LD',
    async (path, route) => {
      const response = await fetch(new URL(path, baseUrl()), { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(decode(attr(html, /<title[^>]*>([^<]*)<\/title>/))).toBe(route.title);
      expect(html.match(/<title/g)).toHaveLength(1);
      expect(decode(attr(html, /<meta data-seo name="description" content="([^"]*)"/))).toBe(route.description);
      expect(decode(attr(html, /<meta data-seo name="keywords" content="([^"]*)"/))).toBe(route.keywords.join(', '));
      const canonical = attr(html, /<link data-seo rel="canonical" href="([^"]*)"/);
      expect(canonical).toMatch(/^https?:\/\//);
      expect(new URL(canonical!).pathname).toBe(path);
      expect(html).toContain(`<meta data-seo property="og:title" content="`);
      expect(decode(attr(html, /property="og:description" content="([^"]*)"/))).toBe(route.description);
      expect(attr(html, /property="og:url" content="([^"]*)"/)).toBe(canonical);
      expect(html).toContain('property="og:type" content="website"');
      const image = attr(html, /property="og:image" content="([^"]*)"/)!;
      const imageResponse = await fetch(new URL(new URL(image).pathname, baseUrl()));
      expect(imageResponse.status).toBe(200);
      expect(imageResponse.headers.get('content-type')).toBe('image/jpeg');
      expect(html).toContain('property="og:locale" content="en_KE"');
      expect(html).toContain('property="og:locale:alternate" content="sw_KE"');
      expect(html).toContain('name="twitter:card" content="summary_large_image"');
      expect(decode(attr(html, /name="twitter:title" content="([^"]*)"/))).toBe(route.title);
      expect(html).toContain('name="twitter:description"');
      expect(html).toMatch(/rel="alternate" hreflang="en-KE" href="[^"]+"/);
      expect(html).toMatch(/rel="alternate" hreflang="sw-KE" href="[^"]+"/);
      expect(html).toContain('name="geo.region" content="KE"');
      expect(html).toContain('name="robots" content="index, follow"');

      const jsonLd = JSON.parse(attr(html, /<script data-seo type="application\/ld\+json">([\s\S]*?)<\/script>/)!);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema.org nodes
      const graph: { '@type': string; [key: string]: any }[] = jsonLd['@graph'];
      const breadcrumb = graph.find((node) => node['@type'] === 'BreadcrumbList')!;
      expect(breadcrumb.itemListElement[0]).toMatchObject({ position: 1, name: 'Home' });
      expect(breadcrumb.itemListElement.at(-1).name).toBe(route.name);
      expect(breadcrumb.itemListElement.at(-1).item).toBe(canonical);
      const organization = graph.find((node) => node['@type'] === 'FinancialService')!;
      expect(organization).toMatchObject({ name: 'Escrow Kenya', address: { addressCountry: 'KE' } });
      if (['/standard-escrow', '/lipa-mdogo-mdogo', '/dispute-resolution', '/pricing'].includes(path)) {
        expect(graph.find((node) => node['@type'] === 'Service')).toMatchObject({ provider: { '@id': organization['@id'] } });
      }
      // The page itself is in the HTML (prerendered), for crawlers and before any script runs.
      expect(html).toMatch(/<div id="root">[\s\S]*<h1[^>]*>[^<]+[\s\S]*<footer/);
    },
  );

  it('marks sign-in pages noindex and lists only indexable pages in sitemap.xml; robots.txt keeps crawlers out of private paths', async () => {
    const loginHtml = await (await fetch(new URL('/login', baseUrl()))).text();
    expect(loginHtml).toContain('name="robots" content="noindex, follow"');
    expect(loginHtml).not.toContain('rel="canonical"');

    const sitemap = await fetch(new URL('/sitemap.xml', baseUrl()));
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    // Each indexable page and its Kiswahili twin.
    expect(locations).toEqual(indexable.flatMap((route) => [route.path, route.path === '/' ? '/sw' : `/sw${route.path}`]));

    const robots = await (await fetch(new URL('/robots.txt', baseUrl()))).text();
    expect(robots).toMatch(/^Disallow: \/dashboard$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  it('updates the title, description, canonical and JSON-LD on client-side navigation', async () => {
    const { page, context, errors } = await visit('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    const pricing = PUBLIC_ROUTES.find((route) => route.path === '/pricing')!;
    await expect.poll(() => page.title()).toBe(pricing.title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(pricing.description);
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe('/pricing');
    expect(await page.locator('meta[property="og:url"]').count()).toBe(1);
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(
      JSON.parse(jsonLd!)['@graph'].find((node: { '@type': string }) => node['@type'] === 'BreadcrumbList').itemListElement[1].name,
    ).toBe('Pricing');

    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page Not Found | Escrow Kenya');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    // The browser reports the 404 status of the page itself; nothing else may fail.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('top bar and footer', () => {
  it('restyles the fixed bar after 10 px of scroll', async () => {
    const { page, context } = await visit('/about-us');
    const header = page.locator('header').first();
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(await header.getAttribute('data-scrolled')).toBeNull();
    const topShadow = await header.evaluate((element) => getComputedStyle(element).boxShadow);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('');
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe(topShadow);
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBeNull();
    await context.close();
  });

  it('opens the Services dropdown with the three service pages, by mouse and keyboard', async () => {
    const { page, context, errors } = await visit('/');
    const services = page.getByRole('button', { name: 'Services' });
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${await services.getAttribute('aria-controls')}`);
    const links = panel.getByRole('link');
    expect(await links.allInnerTexts()).toEqual([
      expect.stringContaining('Standard Escrow'),
      expect.stringContaining('Lipa Mdogo Mdogo'),
      expect.stringContaining('Dispute Resolution'),
    ]);
    // Escape closes and returns focus; ArrowDown opens and moves into the list.
    await page.keyboard.press('Escape');
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => services.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Standard Escrow');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Lipa Mdogo Mdogo');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/lipa-mdogo-mdogo');
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('false');
    // A click outside closes it too.
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    // The heading's start: the header's language switch moved the open panel over its middle.
    await page.getByRole('heading', { level: 1, name: /little by little/ }).click({ position: { x: 4, y: 4 } });
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has the nav links and Get Started, and a theme toggle kept in local storage', async () => {
    const { page, context } = await visit('/standard-escrow', { colorScheme: 'dark' });
    // The system preference is the default.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Features', 'Pricing', 'About Us', 'Refund Policy', 'Contact']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/#features');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('works as a mobile menu at 360 px, and no page scrolls sideways', async () => {
    const { page, context, errors } = await visit('/', { width: 360, height: 740 });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    for (const name of [
      'Standard Escrow',
      'Lipa Mdogo Mdogo',
      'Dispute Resolution',
      'Features',
      'Pricing',
      'About Us',
      'Refund Policy',
      'Contact',
    ]) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await menu.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('heading', { level: 1, name: /Simple fees/ }).waitFor();
    expect(await menu.isVisible()).toBe(false);

    for (const route of PUBLIC_ROUTES.filter((candidate) => candidate.indexable)) {
      await page.goto(route.path);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(150);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, route.path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the USSD code, social profiles and footer anchors that scroll on the home page', async () => {
    const { page, context } = await visit('/terms-of-service');
    const footer = page.locator('footer');
    expect(await footer.getByTestId('footer-ussd').textContent()).toBe('*384*40#');
    const social = footer.getByRole('list', { name: 'Social profiles' }).getByRole('link');
    expect(await social.count()).toBe(4);
    for (const href of await social.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      expect(href).toMatch(/^https:\/\//);
    await footer.getByRole('link', { name: 'Careers', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#careers');
    const careers = page.locator('#careers');
    await careers.waitFor();
    await expect
      .poll(() => careers.evaluate((element) => Math.round(element.getBoundingClientRect().top)), { timeout: 5000 })
      .toBeLessThan(200);
    await footer.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect
      .poll(() => page.locator('#contact').evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(200);
    await context.close();
  });
});

describe('home page', () => {
  it('has the sections in order with their anchors', async () => {
    const { page, context, errors } = await visit('/');
    await page.locator('#contact').waitFor();
    const ids = await page
      .locator('main section[id], main [id="careers"], main [id="blog"]')
      .evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids.filter((id) => ['how-it-works', 'features', 'services', 'faq', 'contact', 'careers', 'blog'].includes(id))).toEqual([
      'how-it-works',
      'features',
      'services',
      'faq',
      'contact',
      'careers',
      'blog',
    ]);
    expect(await page.getByRole('heading', { name: /Trusted by buyers and sellers/ }).count()).toBe(1);
    expect(await page.locator('#create').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('FAQ: one question open at a time; clicking toggles it; the help buttons go somewhere', async () => {
    const { page, context } = await visit('/#faq');
    const questions = page.getByTestId('faq').getByRole('button');
    await questions.first().waitFor();
    const expanded = () => questions.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-expanded')));
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(5);
    expect((await expanded()).filter((value) => value === 'true')).toHaveLength(1);
    expect((await expanded())[0]).toBe('true');
    await questions.nth(2).click();
    expect(await expanded()).toEqual(Array.from({ length: count }, (_, index) => (index === 2 ? 'true' : 'false')));
    const answer = page.locator(`#${await questions.nth(2).getAttribute('aria-controls')}`);
    expect(await answer.isVisible()).toBe(true);
    expect(await page.locator(`#${await questions.nth(0).getAttribute('aria-controls')}`).isVisible()).toBe(false);
    await questions.nth(2).click();
    expect((await expanded()).every((value) => value === 'false')).toBe(true);
    // Keyboard works too.
    await questions.nth(1).focus();
    await page.keyboard.press('Enter');
    expect((await expanded())[1]).toBe('true');

    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/#contact');
    expect(await page.getByRole('link', { name: 'View Documentation' }).getAttribute('href')).toBe('/api/docs');
    await context.close();
  });

  it('hero form: docs/product-rules.md §5 validation messages', async () => {
    const { page, context, errors } = await visit('/');
    const form = page.locator('form#create');
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    await expect.poll(() => form.innerText()).toContain('Seller phone is required');
    expect(await form.innerText()).toContain('Product or service name is required');
    expect(await form.innerText()).toContain('Amount is required');
    // Focus goes to the first invalid field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('sellerPhone');
    expect(await form.getByLabel(/Seller phone/).getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel(/Seller phone/).fill('072212345');
    await form.getByLabel(/Product or service/).fill('x'.repeat(101));
    await form.getByLabel(/^Amount/).fill('500001');
    const text = await form.innerText();
    expect(text).toContain('Phone must start with 0 or 254 followed by 9 digits');
    expect(text).toContain('Product name must be at most 100 characters');
    expect(text).toContain('Amount must be between 1 and 500,000 KES');
    await form.getByLabel(/^Amount/).fill('0');
    await expect.poll(() => form.innerText()).toContain('Amount must be between 1 and 500,000 KES');

    await form.getByLabel('Transaction type').selectOption('lipa_mdogo_mdogo');
    expect(await form.getByLabel(/^Initial payment/).count()).toBe(1);
    await form.getByLabel(/Seller phone/).fill('254722123456');
    await form.getByLabel(/Product or service/).fill('Sofa');
    await form.getByLabel(/^Initial payment/).fill('7000');
    await form.getByLabel(/^Total cost/).fill('7000');
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    const installmentText = await form.innerText();
    expect(installmentText).toContain('Total cost must be more than the initial payment and at most 500,000 KES');
    expect(installmentText).not.toContain('Seller phone is required');
    expect(installmentText).not.toContain('Phone must start');
    await form.getByLabel(/^Total cost/).fill('600000');
    await expect.poll(() => form.innerText()).toContain('Total cost must be more than the initial payment and at most 500,000 KES');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hero form: live charge preview from the charges API, only when the amount is above 0', async () => {
    const { page, context } = await visit('/');
    const form = page.locator('form#create');
    const preview = page.getByTestId('charge-preview');
    expect(await preview.count()).toBe(0);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/charges/calculate')) requests.push(request.url());
    });
    await form.getByLabel(/^Amount/).fill('1000');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('KES 50');
    expect(await page.getByTestId('charge-buyer-share').textContent()).toBe('KES 25');
    expect(await page.getByTestId('charge-upfront').textContent()).toBe('KES 1,025');
    expect(new URL(requests.at(-1)!).searchParams.get('type')).toBe('wo_dispute');
    await form.getByLabel(/^Amount/).fill('49');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('Free');
    await form.getByLabel(/^Amount/).fill('0');
    await expect.poll(() => preview.count()).toBe(0);

    // Installments are priced on the total cost with the lipa_mdogo_mdogo bands: 35,000 → 566, buyer 283.
    await form.getByLabel('Transaction type').selectOption('lipa_mdogo_mdogo');
    await form.getByLabel(/^Initial payment/).fill('7000');
    await form.getByLabel(/^Total cost/).fill('35000');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('KES 566');
    expect(await page.getByTestId('charge-buyer-share').textContent()).toBe('KES 283');
    expect(await page.getByTestId('charge-upfront').textContent()).toBe('KES 7,283');
    expect(new URL(requests.at(-1)!).searchParams.get('type')).toBe('lipa_mdogo_mdogo');
    await context.close();
  });

  it('hero form signed out: keeps the values, sends the visitor to /login, restores the form on return', async () => {
    const { page, context } = await visit('/');
    const form = page.locator('form#create');
    await form.getByLabel('Transaction type').selectOption('lipa_mdogo_mdogo');
    await form.getByLabel(/Seller phone/).fill('0722123456');
    await form.getByLabel(/Product or service/).fill('Samsung 55" TV');
    await form.getByLabel(/^Initial payment/).fill('13000');
    await form.getByLabel(/^Total cost/).fill('65000');
    await form.getByLabel('Installment period').selectOption('12');
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/new');

    await page.goto('/#create');
    const restored = page.locator('form#create');
    await restored.getByText('We kept the details you entered').waitFor();
    expect(await restored.getByLabel('Transaction type').inputValue()).toBe('lipa_mdogo_mdogo');
    expect(await restored.getByLabel(/Seller phone/).inputValue()).toBe('0722123456');
    expect(await restored.getByLabel(/Product or service/).inputValue()).toBe('Samsung 55" TV');
    expect(await restored.getByLabel(/^Initial payment/).inputValue()).toBe('13000');
    expect(await restored.getByLabel(/^Total cost/).inputValue()).toBe('65000');
    expect(await restored.getByLabel('Installment period').inputValue()).toBe('12');
    await context.close();
  });

  it('hero form signed in: creates the transaction with POST /api/transactions and resets', async () => {
    const buyer = await login('0711000101', 'Demo@2026!');
    const { page, context, errors } = await visit('/', {
      storage: { authToken: buyer.token, userData: JSON.stringify(buyer.user) },
    });
    const created: { status: number; idempotencyKey: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/transactions') && response.request().method() === 'POST') {
        created.push({ status: response.status(), idempotencyKey: response.request().headers()['idempotency-key'] });
      }
    });
    const form = page.locator('form#create');
    const product = `Office chair ${randomUUID().slice(0, 8)}`;
    await form.getByLabel(/Seller phone/).fill('0711000202');
    await form.getByLabel(/Product or service/).fill(product);
    await form.getByLabel(/^Amount/).fill('4500');
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    const alert = form.getByRole('alert');
    await alert.getByText('Transaction created successfully!').waitFor();
    expect(await alert.innerText()).toMatch(/Reference [A-Z]+-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect(created).toHaveLength(1);
    expect(created[0]!.status).toBe(201);
    expect(created[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await form.getByLabel(/Product or service/).inputValue()).toBe('');

    const list = await apiCall('/api/transactions?per_page=50', { token: buyer.token });
    const row = list.body.data.transactions.find((transaction: { product_name: string }) => transaction.product_name === product);
    expect(row).toMatchObject({ amount: '4500.00', transaction_type: 'standard', status: 'pending' });

    // A failure shows the server's message: buyer and seller are the same person.
    await form.getByLabel(/Seller phone/).fill('0711000101');
    await form.getByLabel(/Product or service/).fill('Self deal');
    await form.getByLabel(/^Amount/).fill('1000');
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toMatch(/^Failed to create transaction: .+/);
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('hero form: a retry after the connection dropped gets the transaction already created, not a second one', async () => {
    const buyer = await login('0711000101', 'Demo@2026!');
    const { page, context } = await visit('/', { storage: { authToken: buyer.token, userData: JSON.stringify(buyer.user) } });
    const keys: (string | undefined)[] = [];
    await page.route('**/api/transactions', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key']);
      // The first creation reaches the server and is done there, but its answer never reaches the phone.
      if (keys.length === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      // The retry arrives while the server would still be on the first attempt: the server's answer then.
      if (keys.length === 2) {
        return route.fulfill({
          status: 409,
          headers: { 'content-type': 'application/json', 'retry-after': '1' },
          body: JSON.stringify({
            success: false,
            message: 'A request with this Idempotency-Key is still being processed',
            code: 'IDEMPOTENCY_CONFLICT',
          }),
        });
      }
      return route.fallback();
    });
    const form = page.locator('form#create');
    const product = `Water tank ${randomUUID().slice(0, 8)}`;
    await form.getByLabel(/Seller phone/).fill('0711000202');
    await form.getByLabel(/Product or service/).fill(product);
    await form.getByLabel(/^Amount/).fill('7000');
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toMatch(/Cannot reach the server/);
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    // Told "still being processed", the page asks again a second later by itself and shows the outcome.
    await form.getByRole('alert').getByText('Transaction created successfully!').waitFor();
    expect(keys).toHaveLength(3);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    const list = await apiCall('/api/transactions?per_page=50', { token: buyer.token });
    const rows = list.body.data.transactions.filter((transaction: { product_name: string }) => transaction.product_name === product);
    expect(rows).toHaveLength(1);
    await context.close();
  });

  it('contact form: really sends the message, which the admin inbox lists', async () => {
    const { page, context, errors } = await visit('/#contact');
    const form = page.locator('form[aria-labelledby="contact-form-heading"]');
    await form.waitFor();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.innerText()).toContain('First name is required');

    const marker = `E2E ${randomUUID()}`;
    await form.getByLabel(/First Name/).fill('Achieng');
    await form.getByLabel(/Last Name/).fill('Otieno');
    await form.getByLabel(/Email/).fill('achieng@example.co.ke');
    await form.getByLabel('Phone Number').fill('0733 123 456');
    await form.getByLabel('How can we help?').selectOption('partnership');
    await form.getByLabel(/Message/).fill(`${marker}: we would like to offer escrow to our 200 sellers.`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form
      .getByRole('alert')
      .getByText(/message has been sent/i)
      .waitFor();
    expect(await form.getByLabel(/First Name/).inputValue()).toBe('');

    const admin = await login(inject('adminPhone'), inject('adminPassword'));
    const inbox = await apiCall('/api/admin/contact-messages?per_page=100', { token: admin.token });
    expect(inbox.status).toBe(200);
    const message = inbox.body.data.messages.find((candidate: { message: string }) => candidate.message.startsWith(marker));
    expect(message).toMatchObject({
      first_name: 'Achieng',
      last_name: 'Otieno',
      email: 'achieng@example.co.ke',
      phone_number: '254733123456',
      topic: 'partnership',
      status: 'new',
    });

    // The server's field errors are shown on the field.
    await form.getByLabel(/First Name/).fill('Achieng');
    await form.getByLabel(/Last Name/).fill('Otieno');
    await form.getByLabel(/Email/).fill('not-an-email');
    await form.getByLabel(/Message/).fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.innerText()).toContain('Enter a valid email address');
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('contact section: details, hours, USSD box, Call Now and Live Chat', async () => {
    const { page, context } = await visit('/');
    const contact = page.locator('#contact');
    await contact.waitFor();
    const text = await contact.innerText();
    for (const expected of ['support@escrowkenya.co.ke', 'Nairobi, Kenya', 'Monday–Friday, 8:00 AM–6:00 PM EAT', '*384*40#'])
      expect(text).toContain(expected);
    expect(await contact.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toMatch(/^tel:\+254\d{9}$/);
    await contact.getByRole('link', { name: 'Live Chat' }).click();
    await page.waitForURL('**/ussd-simulator');
    await context.close();
  });
});

describe('service pages', () => {
  it('standard escrow: stats, five steps, four benefits, calls to action', async () => {
    const { page, context, errors } = await visit('/standard-escrow');
    const text = await page.locator('main').innerText();
    for (const stat of [
      '15K+',
      'Transactions Protected',
      '100%',
      'Money-Back Guarantee',
      '24h',
      'Average Processing',
      '1%',
      'Simple Fee Structure',
    ]) {
      expect(text).toContain(stat);
    }
    for (const step of ['Initiate Purchase', 'Secure Payment', 'Seller Notified', 'Item Delivery', 'Confirm & Release']) {
      expect(await page.getByRole('heading', { name: step }).count(), step).toBe(1);
    }
    expect(await page.getByRole('heading', { name: /Benefits|Good for buyers/ }).count()).toBe(1);
    expect(
      await page
        .getByRole('link', { name: /Call for Support/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^tel:/);
    await page
      .getByRole('link', { name: /Start Protected Purchase/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#create');
    expect(await page.locator('form#create').getByLabel('Transaction type').inputValue()).toBe('standard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lipa mdogo mdogo: sample plan, stats, the three spec examples, Start This Plan prefills the home form', async () => {
    const { page, context, errors } = await visit('/lipa-mdogo-mdogo');
    const text = await page.locator('main').innerText();
    for (const stat of ['10K+', '95%', '24mo', '1.5%']) expect(text).toContain(stat);
    expect(await page.getByLabel('Sample installment plan').innerText()).toMatch(/Active[\s\S]*Next payment/);
    const examples = {
      sofa: ['KES 35,000', 'KES 7,000', 'KES 4,700', '6 months'],
      'smart-tv': ['KES 65,000', 'KES 13,000', 'KES 8,700', '6 months'],
      laptop: ['KES 75,000', 'KES 15,000', 'KES 5,000', '12 months'],
    };
    for (const [id, values] of Object.entries(examples)) {
      const card = await page.getByTestId(`example-${id}`).innerText();
      for (const value of values) expect(card, `${id} ${value}`).toContain(value);
    }
    for (const step of ['Choose your item', 'Set your plan', 'Pay the deposit', 'Continue payments', 'Receive your item']) {
      expect(await page.getByRole('heading', { name: step }).count(), step).toBe(1);
    }
    expect(
      await page
        .getByRole('link', { name: /Speak to Advisor/ })
        .first()
        .getAttribute('href'),
    ).toBe('/#contact');

    await page
      .getByTestId('example-laptop')
      .getByRole('link', { name: /Start This Plan/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#create');
    const form = page.locator('form#create');
    expect(await form.getByLabel('Transaction type').inputValue()).toBe('lipa_mdogo_mdogo');
    expect(await form.getByLabel(/Product or service/).inputValue()).toBe('Laptop');
    expect(await form.getByLabel(/^Initial payment/).inputValue()).toBe('15000');
    expect(await form.getByLabel(/^Total cost/).inputValue()).toBe('75000');
    expect(await form.getByLabel('Installment period').inputValue()).toBe('12');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('payment calculator: matches the three spec examples and enforces the plan rules', async () => {
    const { page, context } = await visit('/lipa-mdogo-mdogo');
    const calculator = page.getByTestId('payment-calculator');
    const total = calculator.getByLabel('Total cost (KES)');
    const deposit = calculator.getByLabel('Deposit (KES)');
    const term = calculator.getByLabel('Repayment term');
    const read = async () => ({
      deposit: await calculator.getByTestId('plan-deposit').textContent(),
      monthly: await calculator.getByTestId('plan-monthly').textContent(),
      months: await calculator.getByTestId('plan-months').textContent(),
    });
    // Default: the sofa.
    expect(await read()).toEqual({ deposit: 'KES 7,000', monthly: 'KES 4,700', months: '6 months' });
    expect(await calculator.getByRole('row').count()).toBe(1 + 7);
    expect(await calculator.getByRole('row').last().innerText()).toContain('KES 4,500');

    await total.fill('65000');
    expect(await deposit.inputValue()).toBe('13000');
    expect(await read()).toEqual({ deposit: 'KES 13,000', monthly: 'KES 8,700', months: '6 months' });

    await total.fill('75000');
    await term.selectOption('12');
    expect(await read()).toEqual({ deposit: 'KES 15,000', monthly: 'KES 5,000', months: '12 months' });
    expect(await calculator.getByTestId('plan-fee').textContent()).toBe('KES 388');

    await deposit.fill('14999');
    await expect.poll(() => calculator.innerText()).toContain('at least 20% of the total cost');
    expect(await calculator.getByTestId('plan-result').count()).toBe(0);
    await deposit.fill('20000');
    await total.fill('10000');
    await expect.poll(() => calculator.innerText()).toContain('over KES 10,000');
    await context.close();
  });

  it('dispute resolution: sample case, stats, scenarios, process, trust points, actions, USSD 24/7', async () => {
    const { page, context, errors } = await visit('/dispute-resolution');
    const main = page.locator('main');
    const text = await main.innerText();
    for (const expected of [
      'Case #DR-2025-0142',
      'Under Review',
      'Expected resolution',
      '2.5%',
      '48h',
      '94%',
      '100%',
      'USSD support, 24/7',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const scenario of ['Non-delivery', 'Item not as described', 'Quality issues', 'Payment delays']) {
      expect(await page.getByRole('heading', { name: scenario }).count(), scenario).toBe(1);
    }
    for (const step of ['Dispute filed', 'Evidence collection', 'Investigation', 'Resolution decision', 'Implementation']) {
      expect(await page.getByRole('heading', { name: step }).count(), step).toBe(1);
    }
    expect(
      await page
        .getByRole('link', { name: /File Dispute Case/ })
        .first()
        .getAttribute('href'),
    ).toBe('/login?next=/dashboard');
    expect(
      await page
        .getByRole('link', { name: /Chat with Mediator/ })
        .first()
        .getAttribute('href'),
    ).toBe('/#contact');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('pricing page', () => {
  it('fee calculator: results per service at band edges, nothing when the fee is 0', async () => {
    const { page, context, errors } = await visit('/pricing');
    const amount = page.getByLabel('Transaction amount (KES)');
    const result = page.getByTestId('fee-result');
    const expectFee = async (value: string, total: string | null, buyer?: string, percentage?: string) => {
      await amount.fill(value);
      if (total === null) {
        await expect.poll(() => result.count(), { message: value }).toBe(0);
        return;
      }
      await expect.poll(() => page.getByTestId('fee-total').textContent(), { message: value }).toBe(total);
      if (buyer) expect(await page.getByTestId('fee-buyer').textContent()).toBe(buyer);
      if (percentage) expect(await page.getByTestId('fee-percentage').textContent()).toBe(percentage);
    };
    // Standard escrow (wo_dispute) is selected by default.
    expect(await page.getByRole('radio', { name: /Standard Escrow/ }).isChecked()).toBe(true);
    await expectFee('1000', 'KES 50', 'KES 25', '5.00%');
    expect(await page.getByTestId('fee-seller').textContent()).toBe('KES 25');
    await expectFee('49', null);
    expect(await page.getByTestId('fee-none').isVisible()).toBe(true);
    await expectFee('50', 'KES 8', 'KES 4', '16.00%');
    await expectFee('100', 'KES 8');
    await expectFee('101', 'KES 20', 'KES 10');
    await expectFee('15000', 'KES 188', 'KES 94', '1.25%');
    await expectFee('500000', 'KES 708', 'KES 354', '0.14%');
    await expectFee('500001', null);
    await expectFee('', null);
    await expectFee('abc', null);
    await expectFee('0', null);

    await page.getByRole('radio', { name: /Protected Escrow/ }).check();
    await expectFee('49', 'KES 6', 'KES 3', '12.24%');
    await expectFee('1000', 'KES 74', 'KES 37');
    await page.getByRole('radio', { name: /Lipa Mdogo Mdogo/ }).check();
    await expectFee('100', null);
    await expectFee('101', 'KES 36', 'KES 18');
    await expectFee('35000', 'KES 566', 'KES 283');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fee table: the first 15 bands, "Your Share" follows the selected service, a note about the rest', async () => {
    const { page, context } = await visit('/pricing');
    const table = page.getByTestId('fee-table');
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(15);
    const share = (row: number) => rows.nth(row).locator('td').last().textContent();
    expect(await rows.first().locator('td').first().textContent()).toBe('1 – 49');
    expect(await rows.last().locator('td').first().textContent()).toBe('20,001 – 25,000');
    expect(await share(0)).toBe('Free');
    expect(await share(1)).toBe('KES 4');
    expect(await share(14)).toBe('KES 134');
    await page.getByRole('radio', { name: /Protected Escrow/ }).check();
    expect(await share(0)).toBe('KES 3');
    await page.getByRole('radio', { name: /Lipa Mdogo Mdogo/ }).check();
    expect(await share(1)).toBe('Free');
    expect(await share(2)).toBe('KES 18');
    expect(await page.getByTestId('fee-table-note').innerText()).toMatch(/first 15 of 26 fee bands/);
    await context.close();
  });
});

describe('company and policy pages', () => {
  it('about us: story, transparency notice, values, channels with status, journey timeline, mission', async () => {
    const { page, context } = await visit('/about-us');
    const text = await page.locator('main').innerText();
    for (const expected of ['Our story', 'Transparency notice', 'not a bank', 'What we stand for', 'Our mission'])
      expect(text).toContain(expected);
    expect(text).toMatch(/Live\s+USSD \*384\*40#/);
    expect(text).toMatch(/Coming Soon\s+Mobile app/);
    const timeline = await page.getByRole('list').filter({ hasText: 'MVP launch' }).innerText();
    expect(timeline).toMatch(/2024 Q3\s+Completed\s+MVP launch/);
    expect(timeline).toMatch(/2024 Q4\s+Completed\s+USSD integration/);
    expect(timeline).toMatch(/2025 Q1\s+In progress\s+Full licensing/);
    expect(timeline).toMatch(/2025 Q2\s+Planned\s+Mobile apps/);
    await context.close();
  });

  it('refund policy: every section, the three-step request, and the help block', async () => {
    const { page, context } = await visit('/refund-policy');
    for (const section of [
      'Refund Eligibility',
      'Refund Request Process',
      'Processing Conditions',
      'Supporting Documentation',
      'Refund Method & Timelines',
      'Non-Refundable Situations',
      'PayInstallment Withdrawal Conditions',
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: new RegExp(section) }).count(), section).toBe(1);
    }
    const text = await page.locator('main').innerText();
    for (const rule of [
      '3–5 business days',
      'change of mind after delivery',
      'Only installments you have actually paid',
      'If the seller accepts',
      'cancel a PayInstallment agreement at any time',
    ]) {
      expect(text, rule).toContain(rule);
    }
    for (const step of ['Initiate a dispute', 'Indicate the reason', 'Provide documentation'])
      expect(await page.getByRole('heading', { name: step }).count(), step).toBe(1);
    expect(await page.getByRole('link', { name: /Start Dispute Process/ }).getAttribute('href')).toBe('/login?next=/dashboard');
    expect(await page.getByRole('link', { name: /Contact Support/ }).getAttribute('href')).toBe('/#contact');
    expect(text).toContain('Coming Soon');
    await context.close();
  });

  it('terms of service: January 2025, eight numbered sections, related documents', async () => {
    const { page, context } = await visit('/terms-of-service');
    expect(await page.locator('main').innerText()).toContain('Last updated January 2025');
    const headings = await page.locator('main section h2').allInnerTexts();
    expect(headings).toHaveLength(8);
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. `)));
    for (const [name, path] of [
      ['Privacy Policy', '/privacy-policy'],
      ['Refund Policy', '/refund-policy'],
      ['Data Protection', '/data-protection'],
    ]) {
      expect(await page.locator('aside').getByRole('link', { name }).getAttribute('href')).toBe(path);
    }
    await context.close();
  });

  it('privacy policy and data protection: Kenya Data Protection Act 2019 content', async () => {
    const { page, context } = await visit('/privacy-policy');
    const privacy = await page.locator('main').innerText();
    for (const expected of [
      'Data Protection Act, 2019',
      'lawful basis',
      'ODPC',
      'Transfers outside Kenya',
      '72 hours',
      'Data Protection Officer',
      'How long we keep it',
    ]) {
      expect(privacy, expected).toContain(expected);
    }
    await page.goto('/data-protection');
    await page.locator('h1').waitFor();
    const rights = await page.locator('main').innerText();
    for (const expected of [
      'Right of access',
      'Right to correction',
      'Right to deletion',
      'Right to data portability',
      'Right to object',
      '72 hours',
      'www.odpc.go.ke',
      'dpo@escrowkenya.co.ke',
    ]) {
      expect(rights, expected).toContain(expected);
    }
    expect(await page.getByRole('link', { name: /Email the Data Protection Officer/ }).getAttribute('href')).toMatch(/^mailto:dpo@/);
    await context.close();
  });

  it('not found: a real 404, a clear message and the way back', async () => {
    const { page, context } = await openPage(browser);
    expect((await page.goto('/this/does/not/exist'))?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.getByText('/this/does/not/exist', { exact: true }).waitFor();
    await page.getByRole('link', { name: /Back to the home page/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('screenshots for review', () => {
  it('captures the home and pricing pages at 1280 and 360 px in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        const { page, context, errors } = await visit('/', { width, colorScheme });
        await page.locator('#contact').waitFor();
        await screenshot(page, `public-home-${width}-${colorScheme}`);
        await page.goto('/pricing');
        await page.getByTestId('fee-table').waitFor();
        await screenshot(page, `public-pricing-${width}-${colorScheme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
