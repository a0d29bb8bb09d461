/**
 * Social selling on a 360 px phone, end to end through the UI: the seller creates a payment link, a new
 * visitor opens it, signs up with phone + SMS code on the same page, pays by M-Pesa (the Daraja mock
 * pays after 300 ms) and sees the release code; the seller types that code on the transaction page and
 * the money is released. Screenshots of every step for a person to look at.
 */
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  newestSmsCode,
  openPage,
  screenshot,
  waitForHydration,
  type WatchedPage,
  signInThroughLoginPage,
} from './browser.ts';

const PASSWORD = 'Demo@2026!';
const SELLER_PHONE = '0711000202';
const PHONE_WIDTH = 360;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

let browser: Browser;
let seller: WatchedPage;
let visitor: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh number whose ending the rail's mock pays (not …1032, …0001, …2001, …1037): Safaricom's 0722, or Airtel's 0733. */
function freshPhone(prefix: '0722' | '0733' = '0722'): string {
  for (;;) {
    const phone = `${prefix}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    if (!['1032', '0001', '2001', '1037', '2040'].includes(phone.slice(-4))) return phone;
  }
}

describe('payment link → checkout → pay → release code → release, at 360 px', () => {
  let linkUrl = '';
  let transactionPath = '';
  let releaseCode = '';
  let reference = '';
  const product = `Kitenge dress ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  it('the seller creates a link on the Payment links page', async () => {
    seller = await openPage(browser, { width: PHONE_WIDTH, height: 780 });
    const { page } = seller;
    await signInThroughLoginPage(page, SELLER_PHONE, PASSWORD);
    await page.getByRole('link', { name: 'Payment links' }).click();
    await page.waitForURL(/\/dashboard\/links$/);
    await page.getByLabel('Product').fill(product);
    await page.getByLabel('Price').fill('2500');
    await page.getByLabel('Description (optional)').fill('Size M, cotton, delivered by boda in Nairobi');
    await page.getByRole('button', { name: 'Create link' }).click();
    const card = page.getByTestId('payment-link').filter({ hasText: product });
    await card.waitFor();
    linkUrl = (await card.getByTestId('payment-link-url').textContent())!.trim();
    expect(linkUrl).toMatch(/\/pay\/[A-Za-z0-9]{10}$/);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(page, 'pay-1-seller-links-360');
  });

  it('the served page carries the link’s preview tags', async () => {
    const html = await (await fetch(new URL(new URL(linkUrl).pathname, inject('baseUrl')))).text();
    expect(html).toContain(`<meta property="og:title" content="${product} — KES 2,500 | Escrow Kenya" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
  });

  it('a new visitor opens the link, signs up with an SMS code, pays and sees the release code', async () => {
    visitor = await openPage(browser, { width: PHONE_WIDTH, height: 780 });
    const { page } = visitor;
    await page.goto(new URL(linkUrl).pathname);
    await expect.poll(() => page.getByTestId('pay-product').textContent()).toBe(product);
    await expect.poll(() => page.locator('body').textContent()).not.toContain('711000202');
    await screenshot(page, 'pay-2-visitor-opens-link-360');

    const phone = freshPhone();
    await page.getByLabel('First name').fill('Achieng');
    await page.getByLabel('Last name').fill('Odhiambo');
    await page.getByLabel('Phone (M-Pesa or Airtel Money)').fill(phone);
    await page.getByLabel('Password').fill('Mvua-ya-2026!');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('SMS code').fill(await newestSmsCode(phone));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByTestId('pay-button').waitFor();
    await screenshot(page, 'pay-3-signed-up-360');
    await page.getByTestId('pay-button').click();
    // A reload in the middle of the payment goes back to following it: no second Pay, no second purchase.
    // (Once the prompt has answered: before that, a reload goes to the transaction's page, flaky-connection.e2e.test.ts.)
    await poll(() =>
      page.evaluate(() =>
        Object.keys(sessionStorage).some((key) => key.startsWith('escrow.pay.') && JSON.parse(sessionStorage.getItem(key)!).paymentId),
      ),
    ).toBe(true);
    await page.reload();
    const code = page.getByTestId('pay-release-code');
    await code.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    await seller.page.reload();
    await poll(() => seller.page.getByTestId('payment-link').filter({ hasText: product }).innerText()).toContain('1 checkout');
    releaseCode = (await code.textContent())!.trim();
    expect(releaseCode).toMatch(/^\d{6}$/);
    const openLink = page.getByRole('link', { name: /^Open ESC-/ });
    transactionPath = (await openLink.getAttribute('href'))!;
    reference = (await openLink.textContent())!.replace('Open ', '').trim();
    expect(transactionPath).toMatch(/^\/dashboard\/transactions\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(page, 'pay-4-paid-release-code-360');

    // The buyer's transaction page shows the same code.
    await page.goto(transactionPath);
    await poll(() => page.getByTestId('release-code').textContent()).toBe(releaseCode);
    await screenshot(page, 'pay-5-buyer-transaction-code-360');
  });

  it('five wrong codes close the form until the buyer sends a new code, which then works', async () => {
    const { page } = seller;
    await page.goto(transactionPath);
    const input = page.getByLabel("Buyer's release code");
    const wrongCode = releaseCode === '000000' ? '111111' : '000000';
    for (let tries = 1; tries <= 4; tries += 1) {
      await input.fill(wrongCode);
      await page.getByRole('button', { name: 'Release payment with code' }).click();
      await page.getByText(`Wrong release code: ${5 - tries} ${tries === 4 ? 'try' : 'tries'} left`).waitFor();
    }
    await input.fill(wrongCode);
    await page.getByRole('button', { name: 'Release payment with code' }).click();
    // The fifth burns the code: no field to type into again, and what to do instead.
    await page.getByRole('alert').filter({ hasText: 'no longer works. Ask the buyer to send a new one.' }).waitFor();
    expect(await input.count()).toBe(0);
    await page.getByText('Release code blocked').waitFor();
    await screenshot(page, 'pay-6-seller-code-burnt-360');
    // The browser logs each refusal (422) as a failed resource; those five and nothing else.
    expect(seller.errors.splice(0)).toEqual(Array.from({ length: 5 }, () => expect.stringContaining('422')));

    // The buyer sends themself a new code from their page; the old one is gone.
    await visitor.page.goto(transactionPath);
    await visitor.page.getByRole('button', { name: 'Send me a new code by SMS' }).click();
    await poll(async () => (await visitor.page.getByTestId('release-code').textContent())?.trim()).toMatch(/^\d{6}$/);
    releaseCode = (await visitor.page.getByTestId('release-code').textContent())!.trim();

    await page.getByRole('button', { name: 'I have a new code' }).click();
    await input.waitFor();
    expect(await input.inputValue()).toBe('');
  });

  it('the seller enters the code at hand-over and the payment is released at once', async () => {
    const { page } = seller;
    await page.goto(transactionPath);
    const input = page.getByLabel("Buyer's release code");
    await input.waitFor();
    // The seller's page never shows the code.
    expect(await page.locator('body').textContent()).not.toContain(releaseCode);
    await screenshot(page, 'pay-6-seller-enters-code-360');
    await input.fill(releaseCode);
    await page.getByRole('button', { name: 'Release payment with code' }).click();
    await poll(() => page.getByTestId('transaction-status').getAttribute('data-status')).toBe('completed');
    await screenshot(page, 'pay-7-seller-released-360');
    expect(seller.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('an admin sees the link and the release by code, never the code', async () => {
    const admin = await openPage(browser, { width: 1280, height: 900 });
    const { page } = admin;
    await page.goto('/login');
    await page.locator('input[name="phone_or_email"]').fill(inject('adminPhone'));
    await page.locator('input[name="password"]').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard/links');
    await page
      .getByRole('cell', { name: new RegExp(product) })
      .first()
      .waitFor({ timeout: 20_000 });
    // The hand-over appears among the releases by code.
    await poll(() => page.getByRole('cell', { name: reference }).count()).toBe(1);
    expect(await page.locator('body').textContent()).not.toContain(releaseCode);
    await screenshot(page, 'pay-8-admin-links-1280');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});

describe('the Payment links page and the pay page in Kiswahili, at 360 px', () => {
  // Signing in from /sw/login saves Kiswahili to the demo seller's profile: other browser tests read the
  // seller's pages and SMS in English.
  afterAll(async () => {
    const login = await fetch(new URL('/api/auth/login', inject('baseUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_or_email: SELLER_PHONE, password: PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    await fetch(new URL('/api/auth/profile', inject('baseUrl')), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferred_language: 'en' }),
    });
  });

  it('read in Kiswahili from creating the link to the release code, with no English left', async () => {
    const product = `Kikapu ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const storage = { 'escrow.language': 'sw' };
    const english = [
      'Payment links',
      'New payment link',
      'Create link',
      'Copy link',
      'Held in escrow',
      'Disable',
      'checkout',
      'Standard escrow',
      'How many buyers',
      'Sold by',
      'Verified phone',
      'Escrow fee',
      'You pay',
      'New here?',
      'First name',
      'Send me a code',
      'SMS code',
      'Verify and continue',
      'Already have an account?',
      'Signed in as',
      'with M-Pesa',
      'Your release code',
      'Paid.',
      'Open ESC-',
      'sold out',
    ];
    const noEnglish = async (page: WatchedPage['page']) => {
      const text = await page.locator('body').innerText();
      for (const words of english) expect(text, words).not.toContain(words);
    };

    const sellerSw = await openPage(browser, { width: PHONE_WIDTH, height: 780, storage });
    const { page } = sellerSw;
    await page.goto('/sw/login');
    await waitForHydration(page);
    await page.locator('input[name="phone_or_email"]').fill(SELLER_PHONE);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingia', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard/links');
    await page.getByRole('heading', { name: 'Viungo vya malipo' }).waitFor();
    await page.getByLabel('Bidhaa').fill(product);
    await page.getByLabel('Bei').fill('1800');
    await page.getByRole('button', { name: 'Unda kiungo' }).click();
    const card = page.getByTestId('payment-link').filter({ hasText: product });
    await card.waitFor();
    const text = await page.locator('main').innerText();
    for (const phrase of ['Kiungo kipya cha malipo', 'Idadi ya wanunuzi', 'Kiungo kimeundwa', 'Nakili kiungo', 'Kinatumika', 'wanunuzi 0'])
      expect(text, phrase).toContain(phrase);
    await noEnglish(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(page, 'pay-sw-1-seller-links-360');
    const path = new URL((await card.getByTestId('payment-link-url').textContent())!.trim()).pathname;

    const buyerSw = await openPage(browser, { width: PHONE_WIDTH, height: 780, storage });
    const buyer = buyerSw.page;
    await buyer.goto(path);
    await buyer.getByRole('heading', { name: 'Mgeni hapa? Fungua akaunti ili ulipe' }).waitFor();
    for (const phrase of ['Muuzaji:', 'Ada ya escrow (nusu yako)', 'Utalipa', 'Una akaunti tayari?'])
      expect(await buyer.locator('body').innerText(), phrase).toContain(phrase);
    await noEnglish(buyer);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(buyer, 'pay-sw-2-visitor-opens-link-360');

    // An Airtel Money customer: the page names the rail the prompt really goes out on.
    const phone = freshPhone('0733');
    await buyer.getByLabel('Jina la kwanza').fill('Wanjiru');
    await buyer.getByLabel('Jina la mwisho').fill('Kamau');
    await buyer.getByLabel('Simu (M-Pesa au Airtel Money)').fill(phone);
    await buyer.getByLabel('Nenosiri').fill('Mvua-ya-2026!');
    await buyer.getByRole('button', { name: 'Nitumie nambari' }).click();
    await buyer.getByLabel('Nambari kutoka SMS').fill(await newestSmsCode(phone));
    await buyer.getByRole('button', { name: 'Thibitisha na uendelee' }).click();
    const pay = buyer.getByTestId('pay-button');
    await pay.waitFor();
    expect(await pay.innerText()).toMatch(/^Lipa KES [\d,]+ kwa Airtel Money$/);
    expect(await buyer.locator('body').innerText()).toContain('ombi la Airtel Money litatumwa kwa 0733');
    expect(await buyer.locator('body').innerText()).toContain('Umeingia kama');
    // The page's language became the new account's, so its SMS are in Kiswahili too.
    expect(await buyer.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').preferred_language)).toBe('sw');
    await noEnglish(buyer);
    await screenshot(buyer, 'pay-sw-3-signed-up-360');
    await pay.click();
    await buyer.getByTestId('pay-release-code').waitFor({ timeout: 30_000 });
    const paid = await buyer.locator('body').innerText();
    for (const phrase of ['Umelipa. Pesa yako inashikiliwa escrow', 'Nambari yako ya kuachilia malipo', 'Fungua ESC-'])
      expect(paid, phrase).toContain(phrase);
    await noEnglish(buyer);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(buyer, 'pay-sw-4-paid-release-code-360');

    // One buyer only. Coming back to the link, this buyer sees the purchase, not "sold out": the last unit is theirs.
    await buyer.goto(path);
    await buyer.getByTestId('pay-release-code').waitFor();
    expect(await buyer.getByTestId('pay-closed').count()).toBe(0);
    expect(await buyer.getByTestId('pay-button').count()).toBe(0);
    // Anyone else finds it sold out, in Kiswahili.
    const latecomer = await openPage(browser, { width: PHONE_WIDTH, height: 780, storage });
    await latecomer.page.goto(path);
    await latecomer.page.getByTestId('pay-closed').waitFor();
    expect(await latecomer.page.getByTestId('pay-closed').innerText()).toContain('Samahani, bidhaa hii imeisha.');
    await noEnglish(latecomer.page);
    await screenshot(latecomer.page, 'pay-sw-5-sold-out-360');
    expect(latecomer.errors).toEqual([]);
    await latecomer.context.close();

    expect(sellerSw.errors).toEqual([]);
    expect(buyerSw.errors).toEqual([]);
    await sellerSw.context.close();
    await buyerSw.context.close();
  });
});
