import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_ROUTES } from '../client/src/app/public-routes.ts';
import { launchBrowser, openPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('public routes', () => {
  it.each(PUBLIC_ROUTES.map((route) => route.path))('renders %s with a heading and no console errors', async (path) => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches between light and dark themes and remembers the choice', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const before = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page
      .getByRole('button', { name: /switch to (dark|light) theme/i })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!before);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!before);
    await context.close();
  });
});

describe('prerendered pages', () => {
  it.each(PUBLIC_ROUTES.map((route) => route.path))('%s shows its heading and styled text with JavaScript off', async (path) => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      javaScriptEnabled: false,
      viewport: { width: 412, height: 823 },
    });
    const page = await context.newPage();
    expect((await page.goto(path))?.status()).toBe(200);
    const heading = page.locator('h1').first();
    expect(await heading.isVisible()).toBe(true);
    expect((await heading.textContent())?.trim()).not.toBe('');
    // Chakra's styles came with the HTML: the heading has its themed size, not the browser default.
    const fontFamily = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(fontFamily).toContain('Inter');
    await context.close();
  });

  it('hydrates the prerendered HTML instead of replacing it, without warnings, in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context, errors } = await openPage(browser, { colorScheme });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto('/');
      // Mark the server's heading element; hydration keeps the same node, a client re-render would not.
      await page
        .locator('h1')
        .first()
        .evaluate((element) => element.setAttribute('data-from-server', ''));
      const toggle = page.getByRole('button', { name: /switch to (dark|light) theme/i }).first();
      // The theme button only knows the visitor's theme once hydrated.
      await expect
        .poll(() => toggle.getAttribute('aria-label'))
        .toBe(colorScheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
      expect(await page.locator('h1[data-from-server]').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      expect(errors).toEqual([]);
      expect(warnings.filter((warning) => /hydrat/i.test(warning))).toEqual([]);
      await context.close();
    }
  });

  it('answers unknown paths with a real 404 and the not-found page; deep links into the app with 200', async () => {
    for (const path of ['/llms.txt', '/.well-known/ai-catalog.json', '/no-such-page']) {
      const response = await fetch(new URL(path, inject('baseUrl')), { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('Page not found');
    }
    for (const path of [
      '/dashboard/transactions/00000000-0000-4000-8000-000000000000',
      '/dashboard',
      '/ussd-simulator',
      '/forgot-password',
    ]) {
      expect((await fetch(new URL(path, inject('baseUrl')))).status, path).toBe(200);
    }
    const { page, context } = await openPage(browser);
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await page.getByText('/no-such-page', { exact: true }).waitFor();
    await context.close();
  });

  it("moves to another page only once that page's code has arrived, and says so plainly when it cannot", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /switch to dark theme/i })
          .first()
          .isVisible(),
      )
      .toBe(true);
    // The pricing page's code held back: the URL and the screen stay on the home page meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/pricing-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Pricing', exact: true }).first().click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('h1').first().textContent()).toContain('Buy and sell safely.');
    release();
    await page.waitForURL('**/pricing');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Simple fees, split fairly');

    // A page whose code cannot be downloaded shows the route error with a reload, not a blank screen: the
    // page being left stays until the error can show. Every state of the page is looked at as it changes.
    // It fails slowly, as on a poor connection, so that a blank moment would last long enough to be seen.
    await page.route(/\/assets\/about-us-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.abort();
    });
    const screens = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const observer = new MutationObserver(() => {
            const heading = document.querySelector('h1, h2')?.textContent ?? '(blank)';
            if (seen.at(-1) !== heading) seen.push(heading);
            if (heading === 'We hit a snag') {
              observer.disconnect();
              resolve(seen);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
    );
    await page.getByRole('navigation').getByRole('link', { name: 'About Us', exact: true }).first().click();
    await page.waitForURL('**/about-us');
    await page.getByRole('heading', { name: 'We hit a snag' }).waitFor();
    await page.getByRole('button', { name: 'Reload the page' }).waitFor();
    expect((await screens).filter((heading) => heading !== 'Simple fees, split fairly')).toEqual(['We hit a snag']);
    expect(errors.some((error) => /about-us/.test(error))).toBe(true);
    await context.close();
  });
});
