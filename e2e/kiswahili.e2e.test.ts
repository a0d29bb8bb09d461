/**
 * The website in Kiswahili, on a 360 px phone: the /sw twins arrive prerendered in Kiswahili with
 * lang="sw-KE" and hreflang pairs pointing at each other (checked in the raw HTML, before any
 * JavaScript), links on them stay in Kiswahili, the language switch goes from /pricing to /sw/pricing
 * and back and is remembered in the browser, and for a signed-in person it is saved to their profile
 * (which sets their SMS language: server/test/payment-failure-language.int.test.ts).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_ROUTES } from '../client/src/app/public-routes.ts';
import { PROJECT_ROOT } from '../server/src/main.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/seed/seed.ts';
import { launchBrowser, newestSmsCode, openPage, screenshot, waitForHydration } from './browser.ts';

const PHONE = { width: 360, height: 740 };
const screenshotPath = (name: string) => path.join(PROJECT_ROOT, 'test-results', 'screenshots', `${name}.png`);
let browser: Browser;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function rawHtml(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(path, baseUrl()), { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
}

/** The href of the head's `<link rel="alternate" hreflang=…>` for `tag`, as a path. */
function alternate(html: string, tag: string): string | undefined {
  const href = new RegExp(`<link data-seo rel="alternate" hreflang="${tag}" href="([^"]+)"`).exec(html)?.[1];
  return href ? new URL(href).pathname : undefined;
}
const canonical = (html: string) => {
  const href = /<link data-seo rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return href ? new URL(href).pathname : undefined;
};
/** The page's visible text as prerendered (tags stripped), before any JavaScript. */
const bodyText = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '').replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ');

describe('the Kiswahili pages as the server sends them (prerendered, no JavaScript)', () => {
  it.each([
    ['/sw', '/', 'Nunua na uuze bila wasiwasi.'],
    ['/sw/pricing', '/pricing', 'Ada rahisi, zinagawanywa kwa haki'],
    ['/sw/signup', '/signup', 'Fungua Akaunti'],
    ['/sw/login', '/login', 'Karibu tena.'],
  ])('%s is Kiswahili, lang="sw-KE", and its hreflang pair points at %s and back', async (swPath, enPath, text) => {
    const sw = await rawHtml(swPath);
    expect(sw.status).toBe(200);
    expect(sw.html).toMatch(/<html lang="sw-KE"/);
    expect(bodyText(sw.html)).toContain(text);
    expect(alternate(sw.html, 'sw-KE')).toBe(swPath);
    expect(alternate(sw.html, 'en-KE')).toBe(enPath);
    expect(alternate(sw.html, 'x-default')).toBe(enPath);

    const en = await rawHtml(enPath);
    expect(en.status).toBe(200);
    expect(en.html).toMatch(/<html lang="en-KE"/);
    expect(bodyText(en.html)).not.toContain(text);
    expect(alternate(en.html, 'sw-KE')).toBe(swPath);
    expect(alternate(en.html, 'en-KE')).toBe(enPath);

    const route = PUBLIC_ROUTES.find((candidate) => candidate.path === enPath)!;
    expect(sw.html).toContain(`<title>${route.sw.title}</title>`);
    if (route.indexable) {
      expect(canonical(sw.html)).toBe(swPath);
      expect(canonical(en.html)).toBe(enPath);
    }
  });

  it('links every page of the Kiswahili site to its Kiswahili twins (internal links stay in Kiswahili)', async () => {
    const { html } = await rawHtml('/sw');
    // The language switch is the one link to the English twin.
    const links = [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
    expect(links.filter((link) => link.includes('data-testid="language-switch"')).map((link) => /href="([^"]*)"/.exec(link)?.[1])).toEqual([
      '/',
    ]);
    const hrefs = links
      .filter((link) => !link.includes('data-testid="language-switch"'))
      .flatMap((link) => /href="(\/[^"]*)"/.exec(link)?.[1] ?? []);
    const internal = hrefs.filter((href) => !href.startsWith('/api/') && !href.startsWith('/dashboard'));
    expect(internal.length).toBeGreaterThan(10);
    expect(internal.filter((href) => href !== '/sw' && !href.startsWith('/sw/') && !href.startsWith('/sw#'))).toEqual([]);
  });

  it('answers unknown /sw paths with a Kiswahili 404, and lists both languages in the sitemap', async () => {
    const missing = await rawHtml('/sw/hakuna-ukurasa-huu');
    expect(missing.status).toBe(404);
    expect(missing.html).toMatch(/<html lang="sw-KE"/);
    expect(bodyText(missing.html)).toContain('Ukurasa haupatikani');
    const sitemap = await (await fetch(new URL('/sitemap.xml', baseUrl()))).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/sw\/pricing<\/loc>/);
    expect(sitemap).toMatch(/hreflang="sw-KE" href="[^"]*\/sw\/pricing"/);
  });

  it('shows no fee codes or API paths on the pricing page, in either language', async () => {
    for (const path of ['/pricing', '/sw/pricing']) {
      const text = bodyText((await rawHtml(path)).html);
      expect(text, path).not.toMatch(/wo_dispute|with_dispute|lipa_mdogo_mdogo|\/api\//);
    }
  });
});

describe('Kiswahili in the browser at 360 px', () => {
  it('shows /sw, /sw/pricing and /sw/signup in Kiswahili, fitting the screen (screenshots for review)', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    for (const [path, heading, name] of [
      ['/sw', 'Nunua na uuze bila wasiwasi.', 'sw-home-360'],
      ['/sw/pricing', 'Ada rahisi, zinagawanywa kwa haki', 'sw-pricing-360'],
      ['/sw/signup', 'Fungua Akaunti', 'sw-signup-360'],
    ] as const) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw-KE');
      expect(await page.locator('h1').first().innerText()).toContain(heading);
      // Nothing wider than the phone (the fee table included).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      if (path === '/sw/pricing') {
        const table = page.getByTestId('fee-table');
        const box = await table.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
        expect(await table.locator('thead').innerText()).toMatch(/Sehemu Yako/i);
      }
      if (path === '/sw') await page.locator('#contact').waitFor();
      await screenshot(page, name);
      // The first screen as a phone shows it, and the fee table on its own, for a closer look.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: screenshotPath(`${name}-top`) });
      if (path === '/sw/pricing') await page.getByTestId('fee-table').screenshot({ path: screenshotPath(`${name}-fee-table`) });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('translates the sign-up form rules into Kiswahili', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/sw/signup');
    await waitForHydration(page);
    await page.getByRole('checkbox').check({ force: true });
    await page.getByRole('button', { name: 'Fungua Akaunti' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Tafadhali rekebisha');
    expect(await page.locator('form').innerText()).toContain('Jina la kwanza linahitajika');
    await context.close();
  });

  it('shows the USSD simulator in Kiswahili under /sw, lang="sw-KE" though it is not prerendered', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto('/sw/ussd-simulator');
    await page.getByTestId('ussd-phone').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw-KE');
    expect(await page.locator('h1').innerText()).toBe('Jaribu USSD');
    const main = await page.locator('main').innerText();
    for (const words of ['Nambari ya simu', 'Piga *384*40#', 'Ghairi', 'Tuma', 'Jinsi ya kuitumia']) expect(main).toContain(words);
    expect(main).not.toMatch(/Phone number|Cancel|How to use it/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says the server's refusal of a taken phone in Kiswahili, and brings it into view with the phone field focused", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/sw/signup');
    await waitForHydration(page);
    await page.fill('[name=first_name]', 'Juma');
    await page.fill('[name=last_name]', 'Mwangi');
    await page.fill('[name=phone_number]', DEMO_USERS[0]!.phone);
    await page.selectOption('[name=user_type]', 'buyer');
    await page.fill('[name=password]', DEMO_PASSWORD);
    await page.fill('[name=password_confirmation]', DEMO_PASSWORD);
    await page.getByRole('checkbox').check({ force: true });
    await page.getByRole('button', { name: 'Fungua Akaunti' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Tayari kuna akaunti');
    const phone = page.locator('[name=phone_number]');
    await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);
    const field = await phone.evaluate((input) => input.closest('[data-scope="field"][data-part="root"]')?.textContent ?? '');
    expect(field).toContain('Tayari kuna akaunti yenye nambari hii ya simu');
    expect(field).not.toContain('An account');
    // The banner and the field are on the screen, not hundreds of pixels above it.
    for (const locator of [page.getByRole('alert').first(), phone]) {
      const box = (await locator.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await context.close();
  });

  it('switches /pricing ⇄ /sw/pricing and remembers the choice in this browser', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto('/pricing');
    await waitForHydration(page);
    await page.getByTestId('language-switch').click();
    await page.waitForURL((url) => url.pathname === '/sw/pricing');
    await expect.poll(() => page.locator('h1').first().innerText()).toContain('Ada rahisi');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw-KE');
    expect(await page.evaluate(() => localStorage.getItem('escrow.language'))).toBe('sw');

    // Remembered: opening an English page again lands on its Kiswahili twin.
    await page.goto('/pricing');
    await page.waitForURL((url) => url.pathname === '/sw/pricing');
    await waitForHydration(page);
    expect(await page.locator('h1').first().innerText()).toContain('Ada rahisi');

    // And back to English, remembered too.
    await page.getByTestId('language-switch').click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await expect.poll(() => page.locator('h1').first().innerText()).toContain('Simple fees');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-KE');
    expect(await page.evaluate(() => localStorage.getItem('escrow.language'))).toBe('en');
    await page.goto('/pricing');
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("saves a signed-in person's switch to their profile, adopts the profile's language at sign-in, and keeps one chosen on the sign-in page", async () => {
    const [buyer] = DEMO_USERS;
    const login = await fetch(new URL('/api/auth/login', baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_or_email: `0${buyer!.phone.slice(3)}`, password: DEMO_PASSWORD }),
    });
    const { token, user } = ((await login.json()) as { data: { token: string; user: Record<string, unknown> } }).data;
    const profileLanguage = async () => {
      const response = await fetch(new URL('/api/auth/profile', baseUrl()), { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: { user: { preferred_language: string } } }).data.user.preferred_language;
    };
    expect(await profileLanguage()).toBe('en');
    const { page, context } = await openPage(browser, { ...PHONE, storage: { authToken: token, userData: JSON.stringify(user) } });
    try {
      await page.goto('/pricing');
      await waitForHydration(page);
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth/profile') && response.request().method() === 'PUT',
      );
      await page.getByTestId('language-switch').click();
      expect((await saved).status()).toBe(200);
      expect(await profileLanguage()).toBe('sw');

      // A fresh browser that signs in takes the profile's language.
      const fresh = await openPage(browser, PHONE);
      await fresh.page.goto('/login');
      await waitForHydration(fresh.page);
      await fresh.page.getByLabel('Phone or email').fill(`0${buyer!.phone.slice(3)}`);
      await fresh.page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await fresh.page.getByRole('button', { name: 'Sign In' }).click();
      await fresh.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
      expect(await fresh.page.evaluate(() => localStorage.getItem('escrow.language'))).toBe('sw');
      expect(await fresh.page.evaluate(() => document.documentElement.lang)).toBe('sw-KE');
      await fresh.context.close();

      // One who picks English with the switch on the sign-in page keeps it, and it goes to the profile.
      const chooser = await openPage(browser, PHONE);
      await chooser.page.goto('/sw/login');
      await waitForHydration(chooser.page);
      await chooser.page.getByTestId('language-switch').click();
      await chooser.page.waitForURL((url) => url.pathname === '/login');
      await chooser.page.getByLabel('Phone or email').fill(`0${buyer!.phone.slice(3)}`);
      await chooser.page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await chooser.page.getByRole('button', { name: 'Sign In' }).click();
      await chooser.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
      expect(await chooser.page.evaluate(() => document.documentElement.lang)).toBe('en-KE');
      expect(await chooser.page.evaluate(() => localStorage.getItem('escrow.language'))).toBe('en');
      expect(await profileLanguage()).toBe('en');
      await chooser.context.close();
    } finally {
      // Other browser tests read the demo buyer's SMS in English.
      await fetch(new URL('/api/auth/profile', baseUrl()), {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ preferred_language: 'en' }),
      });
      await context.close();
    }
  });

  it('keeps a Kiswahili sign-up in Kiswahili after a reload of the dashboard', async () => {
    // A number no other test uses: 0712 then 6 random digits.
    const phone = `0712${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const { page, context } = await openPage(browser, PHONE);
    try {
      await page.goto('/sw/signup');
      await waitForHydration(page);
      await page.locator('input[name="first_name"]').fill('Neema');
      await page.locator('input[name="last_name"]').fill('Wafula');
      await page.locator('input[name="phone_number"]').fill(phone);
      await page.locator('select[name="user_type"]').selectOption('seller');
      await page.locator('input[name="password"]').fill('Muuzaji-2026!');
      await page.locator('input[name="password_confirmation"]').fill('Muuzaji-2026!');
      await page.locator('input[name="terms"]').check({ force: true });
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === '/sw/verify-phone');
      await page.locator('input[name="code"]').fill(await newestSmsCode(phone));
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
      await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/^Habari za/);
      // The path chose Kiswahili for the sign-up; the new session saves it in this browser, as a sign-in does.
      expect(await page.evaluate(() => localStorage.getItem('escrow.language'))).toBe('sw');
      await page.reload();
      await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/^Habari za/);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw-KE');
    } finally {
      await context.close();
    }
  });

  it('fits every customer tab on a 360 px phone, in both languages', async () => {
    const [buyer] = DEMO_USERS;
    const login = await fetch(new URL('/api/auth/login', baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_or_email: `0${buyer!.phone.slice(3)}`, password: DEMO_PASSWORD }),
    });
    const { token, user } = ((await login.json()) as { data: { token: string; user: Record<string, unknown> } }).data;
    for (const [language, last] of [
      ['en', 'Profile'],
      ['sw', 'Wasifu'],
    ] as const) {
      const storage = { authToken: token, userData: JSON.stringify(user), 'escrow.language': language };
      const { page, context } = await openPage(browser, { ...PHONE, storage });
      await page.goto('/dashboard/transactions');
      const tabs = page.locator('header nav a');
      await expect.poll(() => tabs.last().innerText()).toBe(last);
      const row = await page.locator('header nav').evaluate((nav) => ({ scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth }));
      expect(row.scrollWidth, language).toBeLessThanOrEqual(row.clientWidth);
      const box = (await tabs.last().boundingBox())!;
      expect(box.x + box.width, language).toBeLessThanOrEqual(PHONE.width);
      await context.close();
    }
  });
});
