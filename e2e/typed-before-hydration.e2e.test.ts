/**
 * A prerendered form shows before its JavaScript has run: what a visitor types in that window must reach
 * React's state and be what the form submits (client/src/lib/typed-before-hydration.ts). The page's
 * scripts are held back while the test types, as a slow network would, and the page's CPU is slowed down
 * as a cheap phone's is: React then hydrates in several slices, the window in which it drops events aimed
 * at fields it has rendered but not committed (at full speed the login form lost a field only on a
 * loaded CI machine; at this slowdown it lost it every time before the hand-over checked its replays).
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, slowDownCpu, waitForHydration } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Holds every script of the app until `release` is called; the prerendered HTML and its styles load at once. */
async function holdScripts(context: BrowserContext): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await context.route(/\/assets\/[^/]+\.js$/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

/** Opens a page whose CPU runs as slowly as a cheap phone's, with the app's scripts held back. */
async function openSlowPage() {
  const watched = await openPage(browser);
  const scripts = await holdScripts(watched.context);
  await slowDownCpu(watched);
  return { ...watched, scripts };
}

/** The slowed page's hand-over may take some seconds. */
const slowly = { timeout: 15_000 };

/** True while React has not taken over the element (it marks the DOM nodes it owns with its keys). */
const notHydrated = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => !Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

describe('typing into a prerendered form before it is hydrated', () => {
  it('keeps the login form’s values and submits them', async () => {
    const { page, context, errors, scripts } = await openSlowPage();
    await page.goto('/login', { waitUntil: 'commit' });
    const phone = page.locator('input[name="phone_or_email"]');
    await phone.waitFor();
    expect(await notHydrated(page, 'input[name="phone_or_email"]')).toBe(true);
    await phone.pressSequentially('0712345678');
    await page.locator('input[name="password"]').pressSequentially('typed-early-1');
    expect(scripts.held()).toBeGreaterThan(0);
    expect(await notHydrated(page, 'input[name="password"]')).toBe(true);

    scripts.release();
    await waitForHydration(page);
    // The values are handed to React one field per task after the first commit, so they may take a moment.
    await expect.poll(() => phone.inputValue(), slowly).toBe('0712345678');
    await expect.poll(() => page.locator('input[name="password"]').inputValue(), slowly).toBe('typed-early-1');
    // Sign In stays disabled while React thinks a field is empty.
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect.poll(() => signIn.isEnabled(), slowly).toBe(true);

    const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/auth/login') && candidate.method() === 'POST');
    await signIn.click();
    expect((await request).postDataJSON()).toMatchObject({ phone_or_email: '0712345678', password: 'typed-early-1' });
    expect(errors.filter((error) => !/401|Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });

  it('keeps the home page’s transaction form values and submits them', async () => {
    const { page, context, errors, scripts } = await openSlowPage();
    await page.goto('/', { waitUntil: 'commit' });
    const form = page.locator('form#create');
    await form.locator('input[name="sellerPhone"]').waitFor();
    expect(await notHydrated(page, 'form#create input[name="sellerPhone"]')).toBe(true);
    await form.locator('input[name="sellerPhone"]').pressSequentially('0722123456');
    await form.locator('input[name="productName"]').pressSequentially('Samsung Galaxy A15');
    await form.locator('input[name="amount"]').pressSequentially('5000');
    expect(await notHydrated(page, 'form#create input[name="amount"]')).toBe(true);

    scripts.release();
    await waitForHydration(page);
    await expect.poll(() => form.locator('input[name="productName"]').inputValue(), slowly).toBe('Samsung Galaxy A15');

    // Signed out, submitting keeps the form as a draft and goes to the login page first.
    await form.getByRole('button', { name: 'Create Transaction' }).click();
    await page.waitForURL(/\/login\?next=/);
    const draft = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('escrow:transaction-draft') ?? 'null') as Record<string, string> | null,
    );
    expect(draft).toMatchObject({ sellerPhone: '0722123456', productName: 'Samsung Galaxy A15' });
    expect(draft?.amount.replace(/\D/g, '')).toBe('5000');
    expect(errors).toEqual([]);
    await context.close();
  });
});
