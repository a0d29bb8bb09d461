/**
 * A link inside the app changes the address bar only when the next page can show
 * (client/src/app/preloading-router.tsx): the moment the URL names the next page, that page is on screen,
 * so what a person (or a test) types then goes into it, not into the page being left. Checked on a page
 * whose CPU runs as slowly as a cheap phone's, where a render takes long enough to see a gap.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, slowDownCpu, waitForHydration } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('following a link inside the app', () => {
  it('shows the next page by the time the address bar names it', async () => {
    const watched = await openPage(browser, { width: 360, height: 800 });
    const { page, context, errors } = watched;
    await slowDownCpu(watched);
    for (let round = 0; round < 3; round++) {
      await page.goto('/login');
      await waitForHydration(page);
      // The screen is read in the same task that sees the new URL: no render can slip in between.
      const seen = page.evaluate(
        () =>
          new Promise<{ path: string; heading: string | null; resetButton: boolean }>((resolve) => {
            const start = window.location.pathname;
            const look = () => {
              if (window.location.pathname === start) return void setTimeout(look, 0);
              resolve({
                path: window.location.pathname,
                heading: document.querySelector('h1')?.textContent ?? null,
                resetButton: [...document.querySelectorAll('button')].some((button) => button.textContent === 'Send reset code'),
              });
            };
            look();
          }),
      );
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      expect(await seen).toEqual({ path: '/forgot-password', heading: 'Forgot password', resetButton: true });

      // What is typed at once goes into the page now shown, and the form takes it.
      await page.getByLabel('Phone or email').fill('0712345678');
      await expect.poll(() => page.getByRole('button', { name: 'Send reset code' }).isEnabled()).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
