/**
 * Chromium for the browser tests, driven by playwright-core: `CHROMIUM_PATH`, else the system's, else the
 * one inside the `@sparticuz/chromium` package (scripts/lib/chromium.ts; never a downloaded browser).
 * Every page records console errors and failed requests so tests can assert none.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { resolveChromium } from '../scripts/lib/chromium.ts';
import { PROJECT_ROOT } from '../server/src/main.ts';

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  return chromium.launch({ executablePath, headless: true, args: [...args, '--disable-quic'] });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; storage?: Record<string, string> } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  if (options.storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, options.storage);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * Signs in through the real /login page, as a person would, and waits for the dashboard. It types once the
 * page is hydrated: typing before (and during) hydration is typed-before-hydration.e2e.test.ts's subject,
 * and a field typed into while React hydrated it once left Sign In disabled here.
 */
export async function signInThroughLoginPage(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  await waitForHydration(page);
  await page.locator('input[name="phone_or_email"]').fill(phone);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** A cheap phone's CPU against this machine's (Lighthouse's mobile preset slows it 4×). */
const CHEAP_PHONE_CPU_SLOWDOWN = 8;

/**
 * Runs the page's CPU `CHEAP_PHONE_CPU_SLOWDOWN` times slower (Chrome DevTools' throttling): renders and
 * hydration then take long enough for a race between them and the visitor to show.
 */
export async function slowDownCpu({ page, context }: WatchedPage): Promise<void> {
  const devtools = await context.newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: CHEAP_PHONE_CPU_SLOWDOWN });
}

/** Saves a screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(PROJECT_ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until React has hydrated every control of the prerendered page (lazy sections included): a
 * hydrated element carries React's fiber key. Typing into or clicking a control before that is lost.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const controls = [...document.querySelectorAll('#root button, #root input, #root select, #root textarea, #root a[href]')];
    return controls.length > 0 && controls.every((control) => Object.keys(control).some((key) => key.startsWith('__reactFiber$')));
  });
}

/** The newest 6-digit code a phone (07XXXXXXXX or 2547XXXXXXXX) received, read from the SMS mock's inbox: the phone's own view. */
export async function newestSmsCode(phone: string): Promise<string> {
  const international = phone.startsWith('0') ? `254${phone.slice(1)}` : phone;
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(new URL(`/mock/africastalking/inbox?phone=${international}&limit=5`, inject('baseUrl')));
        const { messages } = (await response.json()) as { messages: { message: string }[] };
        // "Your Escrow Kenya code is …", or in Kiswahili "Nambari yako ya uthibitisho ya Escrow Kenya ni …".
        code = /\b(\d{6})\b/.exec(messages.find((sms) => /code|nambari/i.test(sms.message))?.message ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
