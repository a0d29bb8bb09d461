import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
