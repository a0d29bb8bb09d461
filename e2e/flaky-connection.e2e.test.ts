/**
 * A buyer and a seller on a bad connection at 360 px: the answer to an action is lost after the server
 * did the work (the request reaches the app, the connection drops on the way back). The page, fetched
 * again, shows the action's result: it must say the action is done, not "This is no longer possible"
 * over a dialog that reads the new figures ("Release KES 0"), and nothing is done twice.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type WatchedPage, signInThroughLoginPage } from './browser.ts';

const PASSWORD = 'Demo@2026!';
const BUYER = '0711000101';
const SELLER = '0711000202';
/** The demo buyer's own number ends in 0001, which the Daraja mock treats as "no funds". */
const PAYING_PHONE = '0722555777';

let browser: Browser;
const pages: WatchedPage[] = [];

async function apiCall<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(new URL(path, inject('baseUrl')), {
    method: init.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const payload = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${payload.message}`);
  return payload.data;
}

const tokenOf = async (phone: string) =>
  (await apiCall<{ token: string }>('/api/auth/login', { body: { phone_or_email: phone, password: PASSWORD } })).token;

/** A Standard Escrow paid into escrow through the Daraja mock; returns its id. */
async function fundedTransaction(buyerToken: string): Promise<string> {
  const { transaction } = await apiCall<{ transaction: { id: string } }>('/api/transactions', {
    token: buyerToken,
    body: { transaction_type: 'standard', seller_phone: SELLER, product_name: 'Flaky line phone', amount: '1500' },
  });
  await apiCall('/api/payments/initiate', { token: buyerToken, body: { transaction_id: transaction.id, phone_number: PAYING_PHONE } });
  await expect
    .poll(
      async () =>
        (await apiCall<{ transaction: { status: string } }>(`/api/transactions/${transaction.id}`, { token: buyerToken })).transaction
          .status,
      {
        timeout: 15_000,
      },
    )
    .toBe('funded');
  return transaction.id;
}

async function signIn(phone: string): Promise<Page> {
  const watched = await openPage(browser, { width: 360, height: 740 });
  pages.push(watched);
  const { page } = watched;
  await signInThroughLoginPage(page, phone, PASSWORD);
  return page;
}

/** The server does the work; the answer never reaches the phone. */
async function loseAnswersOf(page: Page, pattern: string): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route(pattern, async (route) => {
    seen.calls++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return seen;
}

async function confirmAction(page: Page, id: string, action: string) {
  await page.goto(`/dashboard/transactions/${id}`);
  await page.getByTestId('transaction-status').waitFor();
  await page.locator(`[data-testid="transaction-actions"] [data-action="${action}"]`).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const confirm = dialog.locator('button[type="submit"]');
  await confirm.click();
  // A second and third tap while it works do nothing (the button is busy).
  await confirm.click({ timeout: 500 }).catch(() => {});
  await confirm.click({ timeout: 500 }).catch(() => {});
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const { context } of pages) await context.close();
  await browser?.close();
});

describe('an action whose answer is lost on a flaky connection', () => {
  it('dispatch, then release: each says it is done, once, and the dialog never claims "no longer possible"', async () => {
    const buyerToken = await tokenOf(BUYER);
    const id = await fundedTransaction(buyerToken);

    const seller = await signIn(SELLER);
    const dispatchCalls = await loseAnswersOf(seller, `**/api/transactions/${id}/dispatch`);
    await confirmAction(seller, id, 'dispatch');
    await expect.poll(() => seller.getByTestId('flash').textContent(), { timeout: 15_000 }).toContain('Marked as dispatched');
    await expect.poll(() => seller.getByRole('dialog').count()).toBe(0);
    expect(await seller.getByText('This is no longer possible').count()).toBe(0);
    expect(await seller.getByTestId('action-error').count()).toBe(0);
    expect(await seller.getByTestId('transaction-status').getAttribute('data-status')).toBe('dispatched');
    expect(dispatchCalls.calls).toBe(1);

    const buyer = await signIn(BUYER);
    const releaseCalls = await loseAnswersOf(buyer, `**/api/transactions/${id}/release_payment`);
    await confirmAction(buyer, id, 'release');
    await expect.poll(() => buyer.getByTestId('flash').textContent(), { timeout: 15_000 }).toContain('Payment released to the seller');
    await expect.poll(() => buyer.getByRole('dialog').count()).toBe(0);
    expect(await buyer.getByText('Release KES 0').count()).toBe(0);
    expect(await buyer.getByTestId('action-error').count()).toBe(0);
    expect(releaseCalls.calls).toBe(1);

    // One dispatch and one release on the server.
    const { timeline } = await apiCall<{ timeline: { event_type: string }[] }>(`/api/transactions/${id}`, { token: buyerToken });
    const events = timeline.map((event) => event.event_type);
    expect(events.filter((type) => type === 'dispatch_confirmed')).toHaveLength(1);
    expect(events.filter((type) => type === 'delivery_confirmed')).toHaveLength(1);
  });
});

describe('a session that ends while the buyer fills the new-transaction form', () => {
  it('sends them to sign in and back to the form, filled in as they left it; nothing is created meanwhile', async () => {
    const page = await signIn(BUYER);
    await page.goto('/dashboard/new');
    await page.getByLabel('Seller phone').fill(SELLER);
    await page.getByLabel('Product or service').fill('Session ended sofa');
    await page.getByLabel('Amount').fill('4200');
    await expect.poll(() => page.getByTestId('charge-buyer-share').textContent()).toMatch(/^KES \d/);
    // Signed out elsewhere (another phone, the session revoked): the token this page holds is refused.
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await fetch(new URL('/api/auth/logout', inject('baseUrl')), { method: 'POST', headers: { authorization: `Bearer ${token}` } });

    await page.getByRole('button', { name: 'Create transaction' }).click();
    await page.waitForURL(/\/login\?next=%2Fdashboard%2Fnew$/);
    await page.locator('input[name="phone_or_email"]').fill(BUYER);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard\/new$/);
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.getByLabel('Product or service').inputValue()).toBe('Session ended sofa');
    expect(await page.getByLabel('Amount').inputValue()).toBe('4200');
    expect(await page.getByLabel('Seller phone').inputValue()).toBe(SELLER);
  });
});

describe('a new transaction whose answer is lost, and a reload', () => {
  it('says it cannot tell, keeps the form, and the same form sent again after a reload opens the one transaction created', async () => {
    const page = await signIn(BUYER);
    const product = `Lost answer fridge ${Date.now()}`;
    await page.goto('/dashboard/new');
    await page.getByLabel('Seller phone').fill(SELLER);
    await page.getByLabel('Product or service').fill(product);
    await page.getByLabel('Amount').fill('5300');
    await expect.poll(() => page.getByTestId('charge-buyer-share').textContent()).toMatch(/^KES \d/);
    const creates = await loseAnswersOf(page, '**/api/transactions');
    await page.getByRole('button', { name: 'Create transaction' }).click();
    await page.getByText('We could not tell whether the transaction was created').waitFor();
    expect(await page.getByText('Cannot reach the server').count()).toBe(0);
    expect(creates.calls).toBe(1);

    await page.unroute('**/api/transactions');
    await page.reload();
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.getByLabel('Product or service').inputValue()).toBe(product);
    await page.getByRole('button', { name: 'Create transaction' }).click();
    await page.waitForURL(/\/dashboard\/transactions\/[\w-]+$/);

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const { transactions } = await apiCall<{ transactions: { product_name: string }[] }>(
      `/api/transactions?search=${encodeURIComponent(product)}`,
      { token: token ?? '' },
    );
    expect(transactions.filter((item) => item.product_name === product)).toHaveLength(1);

    // A second one on purpose, once the first had its answer, is still a new transaction.
    await page.goto('/dashboard/new');
    await page.getByLabel('Seller phone').fill(SELLER);
    await page.getByLabel('Product or service').fill(product);
    await page.getByLabel('Amount').fill('5300');
    await page.getByRole('button', { name: 'Create transaction' }).click();
    await page.waitForURL(/\/dashboard\/transactions\/[\w-]+$/);
    const again = await apiCall<{ transactions: { product_name: string }[] }>(`/api/transactions?search=${encodeURIComponent(product)}`, {
      token: token ?? '',
    });
    expect(again.transactions.filter((item) => item.product_name === product)).toHaveLength(2);
  });
});

describe('a sign-out in another tab while the buyer fills the new-transaction form', () => {
  it('sends this tab to sign in and back to the form, filled in as they left it', async () => {
    const first = await signIn(BUYER);
    await first.goto('/dashboard/new');
    await first.getByLabel('Seller phone').fill(SELLER);
    await first.getByLabel('Product or service').fill('Other tab sofa');
    await first.getByLabel('Amount').fill('4300');

    // The second tab shares the first's local storage (same browser context).
    const second = await first.context().newPage();
    await second.goto('/dashboard');
    await second.getByRole('button', { name: /^Account menu for/ }).click();
    await second.getByRole('menuitem', { name: 'Sign out' }).click();
    await second.waitForURL(/\/login/);

    await first.waitForURL(/\/login\?next=%2Fdashboard%2Fnew$/);
    await first.locator('input[name="phone_or_email"]').fill(BUYER);
    await first.locator('input[name="password"]').fill(PASSWORD);
    await first.getByRole('button', { name: 'Sign In' }).click();
    await first.waitForURL(/\/dashboard\/new$/);
    await first.getByTestId('draft-restored').waitFor();
    expect(await first.getByLabel('Product or service').inputValue()).toBe('Other tab sofa');
    expect(await first.getByLabel('Amount').inputValue()).toBe('4300');
    expect(await first.getByLabel('Seller phone').inputValue()).toBe(SELLER);
  });
});

describe('a payment link whose payment prompt answer is lost', () => {
  it('after a reload the buyer follows that purchase on its own page: no second checkout, no second prompt', async () => {
    const sellerToken = await tokenOf(SELLER);
    const product = `Flaky link kikoi ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const { payment_link: link } = await apiCall<{ payment_link: { code: string } }>('/api/payment-links', {
      token: sellerToken,
      body: { product_name: product, amount: '1800.00', transaction_type: 'standard', quantity: 5 },
    });

    const page = await signIn(BUYER);
    await page.goto(`/pay/${link.code}`);
    const prompts = await loseAnswersOf(page, '**/api/payments/initiate');
    await page.getByTestId('pay-button').click();
    await page.getByRole('alert').waitFor();
    await page.unroute('**/api/payments/initiate');

    // The prompt reached the phone (the mock pays it); the page only lost the answer. A reload must not offer
    // this link as a new purchase: that was a second checkout and a second prompt, paid twice.
    await page.reload();
    await page.waitForURL(/\/dashboard\/transactions\/[0-9a-f-]{36}$/);
    await page.getByTestId('release-code').waitFor({ timeout: 20_000 });
    expect(prompts.calls).toBe(1);
    const { payment_links: links } = await apiCall<{ payment_links: { code: string; checkouts: number }[] }>('/api/payment-links', {
      token: sellerToken,
    });
    expect(links.find((candidate) => candidate.code === link.code)?.checkouts).toBe(1);
  });
});
