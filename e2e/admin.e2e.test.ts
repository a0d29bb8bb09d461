/**
 * The admin dashboard in Chromium against the whole product (demo data plus what this file adds through
 * the API): sign in through the real /login page, every dashboard page without console errors, the
 * details modal, search, filters and pagination, the CSV export, verify / suspend / reactivate a user,
 * the dark default and the theme toggle, and the guard: a buyer never sees an admin page, even with a
 * forged `userData`. Screenshots of every page in both themes go to test-results/screenshots/admin-*.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/seed/seed.ts';
import { randomPhone } from '../server/test/factories.ts';
import { seriousViolations } from './axe.ts';
import { launchBrowser, openPage, screenshot, type WatchedPage, signInThroughLoginPage } from './browser.ts';

const [DEMO_BUYER, DEMO_SELLER] = DEMO_USERS;
const localPhone = (phone: string) => `0${phone.slice(3)}`;
const BUYER_PHONE = localPhone(DEMO_BUYER.phone);
const SELLER_PHONE = localPhone(DEMO_SELLER.phone);
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
/** A 1×1 PNG: a real image for the evidence upload (the server checks the magic bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Every page of the admin area, by path and its h1. */
const PAGES: [path: string, heading: string][] = [
  ['/dashboard', 'Overview'],
  ['/dashboard/transactions', 'Transactions'],
  ['/dashboard/analytics', 'Analytics'],
  ['/dashboard/users', 'Users'],
  ['/dashboard/reports', 'Reports'],
  ['/dashboard/system', 'System Health'],
  ['/dashboard/monitoring', 'Monitoring'],
  ['/dashboard/alerts', 'Alerts'],
  ['/dashboard/disputes', 'Disputes'],
  ['/dashboard/sms', 'SMS outbox'],
  ['/dashboard/messages', 'Contact messages'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/help', 'Help Center'],
  ['/dashboard/profile', 'Profile'],
  [`/dashboard/search?q=${BUYER_PHONE}`, 'Search'],
];

let browser: Browser;
let adminToken: string;
let buyerToken: string;
let fresh: { id: string; phone: string; name: string };
const references: string[] = [];
/** A released transaction whose seller M-Pesa cannot pay (…2040): its payout fails after three attempts (about 90 s). */
let failingPayout: { transactionId: string; reference: string; seller: { token: string; user: Record<string, unknown> } };

async function call<T = { data: Record<string, unknown> }>(
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(path, inject('baseUrl')), {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function tokenFor(phone: string, password: string): Promise<string> {
  const { status, body } = await call<{ data: { token: string } }>('/api/auth/login', { body: { phone_or_email: phone, password } });
  expect(status).toBe(200);
  return body.data.token;
}

/** Console errors that are not the browser reporting a 4xx the page handled (e.g. a probe that 404s). */
const realErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

async function signInAsAdmin(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  await signInThroughLoginPage(watched.page, inject('adminPhone'), inject('adminPassword'));
  await poll(() => watched.page.getByRole('heading', { level: 1, name: 'Overview' }).isVisible()).toBe(true);
  return watched;
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Waits until the page's content (not a spinner) is showing. */
async function settled(page: Page) {
  await poll(() =>
    page
      .getByRole('status')
      .filter({ hasText: /Loading|Checking|Searching/ })
      .count(),
  ).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await tokenFor(inject('adminPhone'), inject('adminPassword'));
  buyerToken = await tokenFor(BUYER_PHONE, DEMO_PASSWORD);
  // First, so the transactions below are the newest ones on the Overview.
  failingPayout = await releaseToUnpayableSeller();
  // Enough transactions for two pages at 10 rows.
  for (let index = 0; index < 12; index++) {
    const { status, body } = await call<{ data: { transaction: { reference_number: string } } }>('/api/transactions', {
      token: buyerToken,
      body: {
        seller_phone: SELLER_PHONE,
        amount: 1000 + index * 250,
        product_name: `Admin e2e item ${index + 1}`,
        transaction_type: 'standard',
      },
    });
    expect(status).toBe(201);
    references.push(body.data.transaction.reference_number);
  }
  // A new, unverified account for the user actions.
  const phone = randomPhone();
  const registered = await call<{ data: { user: { id: string } } }>('/api/auth/register', {
    body: {
      first_name: 'Zawadi',
      last_name: 'Mwende',
      phone_number: phone,
      user_type: 'seller',
      password: 'Secret@2026!',
      password_confirmation: 'Secret@2026!',
    },
  });
  expect(registered.status).toBe(201);
  fresh = { id: registered.body.data.user.id, phone, name: 'Zawadi Mwende' };
});

/** Registers a seller whose phone M-Pesa refuses (…2040), and pays, dispatches and releases a deal to them. */
async function releaseToUnpayableSeller(): Promise<typeof failingPayout> {
  // A Safaricom number: a random 2547… could be Airtel's (0732…), paid out by Airtel Money instead.
  const sellerPhone = randomPhone('2040');
  const password = 'Secret@2026!';
  const registered = await call<{ data: { user: { id: string } } }>('/api/auth/register', {
    body: {
      first_name: 'Baraka',
      last_name: 'Unpaid',
      phone_number: sellerPhone,
      user_type: 'seller',
      password,
      password_confirmation: password,
    },
  });
  expect(registered.status).toBe(201);
  // An unverified phone may not act on a deal: the admin verifies it, as on a support call.
  expect((await call(`/api/admin/users/${registered.body.data.user.id}/verify`, { token: adminToken, body: {} })).status).toBe(200);
  const sellerLogin = await call<{ data: { token: string; user: Record<string, unknown> } }>('/api/auth/login', {
    body: { phone_or_email: localPhone(sellerPhone), password },
  });
  expect(sellerLogin.status).toBe(200);
  const sellerToken = sellerLogin.body.data.token;
  const created = await call<{ data: { transaction: { id: string; reference_number: string } } }>('/api/transactions', {
    token: buyerToken,
    body: {
      seller_phone: localPhone(sellerPhone),
      amount: 2500,
      product_name: `Unpaid payout e2e ${Date.now()}`,
      transaction_type: 'standard',
    },
  });
  expect(created.status).toBe(201);
  const { id, reference_number: reference } = created.body.data.transaction;
  expect((await call('/api/payments/initiate', { token: buyerToken, body: { transaction_id: id } })).status).toBe(202);
  // In a hook, where expect.poll is not available: the mock pays the prompt in about 300 ms.
  for (let waited = 0; ; waited += 250) {
    const read = await call<{ data: { transaction: { status: string } } }>(`/api/transactions/${id}`, { token: buyerToken });
    if (read.body.data.transaction.status === 'funded') break;
    if (waited > 15_000) throw new Error(`${reference} was not funded: ${read.body.data.transaction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect((await call(`/api/transactions/${id}/dispatch`, { token: sellerToken, body: {} })).status).toBe(200);
  expect((await call(`/api/transactions/${id}/release_payment`, { token: buyerToken, body: {} })).status).toBe(200);
  return { transactionId: id, reference, seller: sellerLogin.body.data };
}

afterAll(() => browser?.close());

describe('admin dashboard', () => {
  it('starts dark for an admin who never chose a theme, and remembers the choice', async () => {
    const { page, context, errors } = await signInAsAdmin({ colorScheme: 'light' });
    await poll(() => isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await poll(() => isDark(page)).toBe(false);
    await page.reload();
    await poll(() => heading(page, 'Overview').isVisible()).toBe(true);
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adminPreferences') ?? '{}').hasChosenTheme)).toBe(true);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows the signed-in admin, an Online badge, the overview numbers and the 10 newest transactions', async () => {
    const { page, context, errors } = await signInAsAdmin();
    await settled(page);
    await poll(() => page.getByText('Online', { exact: true }).isVisible()).toBe(true);
    await expect(page.getByRole('button', { name: /Account menu for Platform Admin/ }).isVisible()).resolves.toBe(true);
    for (const label of [
      'Total Transactions',
      'Total Users',
      'Total Revenue',
      'Pending Items',
      'Active Transactions',
      'Events, last 24 hours',
      'Payouts and refunds sent today',
    ]) {
      expect(await page.getByText(label, { exact: true }).isVisible(), label).toBe(true);
    }
    const rows = page.locator('table tbody tr');
    await poll(() => rows.count()).toBe(10);
    // The newest transaction is the last one this file created, shown as "Just now" or minutes ago.
    expect(await rows.first().textContent()).toContain(references.at(-1));
    expect(await rows.first().locator('td').nth(5).textContent()).toMatch(/Just now|minutes? ago/);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("names both rails on System Health's payment card, which counts an Airtel Money failure too", async () => {
    // A prompt Airtel Money refuses (…0001: no funds): it is counted with the M-Pesa ones.
    const created = await call<{ data: { transaction: { id: string } } }>('/api/transactions', {
      token: buyerToken,
      body: { seller_phone: SELLER_PHONE, amount: 1100, product_name: 'Airtel failure e2e', transaction_type: 'standard' },
    });
    expect(created.status).toBe(201);
    const paying = { transaction_id: created.body.data.transaction.id, phone_number: '0733000001' };
    expect((await call('/api/payments/initiate', { token: buyerToken, body: paying })).status).toBe(202);
    await poll(async () => {
      const { body } = await call<{ data: { mpesa: { failed_payments_24h: number } } }>('/api/admin/monitoring/health', {
        token: adminToken,
      });
      return body.data.mpesa.failed_payments_24h;
    }).toBeGreaterThan(0);

    const { page, context } = await signInAsAdmin();
    await page.goto('/dashboard/system');
    await settled(page);
    // Was "M-Pesa rail": an Airtel Money failure read as an M-Pesa one.
    await poll(() => page.getByRole('heading', { level: 2, name: 'Payment rails' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'M-Pesa rail' }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'M-Pesa and Airtel Money', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: 'Payment prompts unanswered > 5 min', exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('opens the transaction details modal and closes it with the button, Escape and the backdrop', async () => {
    const { page, context, errors } = await signInAsAdmin();
    await settled(page);
    await page.getByRole('button', { name: `View details of ${references.at(-1)}` }).click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByText('Transaction Timeline').isVisible()).toBe(true);
    for (const section of ['Transaction Info', 'Charges', 'Participants', 'Payment Status']) {
      expect(await dialog.getByRole('heading', { name: section }).isVisible(), section).toBe(true);
    }
    expect(await dialog.textContent()).toContain(references.at(-1));
    expect(await dialog.textContent()).toContain('Admin e2e item 12');
    await screenshot(page, 'admin-details-modal-dark');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: `View details of ${references.at(-2)}` }).click();
    await poll(() => page.getByRole('dialog').getByText('Admin e2e item 11').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: `View details of ${references.at(-2)}` }).click();
    await poll(() => page.getByRole('dialog').getByText('Admin e2e item 11').first().isVisible()).toBe(true);
    await page.mouse.click(1250, 780); // the backdrop, outside the dialog
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('searches, filters, paginates and exports the transactions', async () => {
    const { page, context, errors } = await signInAsAdmin();
    await page.goto('/dashboard/settings');
    await page.getByLabel('Rows per page').selectOption('10');
    await page.goto('/dashboard/transactions');
    await settled(page);
    await poll(() => page.locator('table tbody tr').count()).toBe(10);
    const showing = page.getByText(/^Showing \d/);
    await poll(() => showing.textContent()).toMatch(/^Showing 1–10 of [\d,]+$/);
    const total = Number((await showing.textContent())!.replace(/.* of /, '').replace(/,/g, ''));
    expect(total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Next page' }).click();
    await poll(() => page.getByText(`Showing 11–${Math.min(20, total)} of ${total}`).isVisible()).toBe(true);
    await screenshot(page, 'admin-transactions-page-2');

    // Search by part of a reference: exactly that transaction.
    const reference = references[3]!;
    await page.getByLabel('Search transactions', { exact: true }).fill(reference.slice(4));
    await poll(() => page.locator('table tbody tr').count()).toBe(1);
    expect(await page.locator('table tbody tr').textContent()).toContain(reference);
    await poll(() => new URL(page.url()).searchParams.get('page')).toBe(null);

    // The second action copies the reference.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: `Copy reference ${reference}` }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

    // Status filter: every row is pending, and the type column shows words.
    await page.getByLabel('Search transactions', { exact: true }).fill('');
    await page.getByLabel('Filter by status').selectOption('pending');
    await poll(() => page.locator('table tbody tr').count()).toBe(10);
    const statuses = await page.locator('table tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Pending']));
    expect(await page.locator('table tbody tr td:nth-child(5)').first().textContent()).toMatch(/^(Standard|Protected|Lipa Mdogo Mdogo)$/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^reference_number,amount,status,transaction_type/);
    expect(lines.length).toBeGreaterThan(12);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'pending')).toBe(true);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('verifies, suspends and reactivates a user', async () => {
    const { page, context, errors } = await signInAsAdmin();
    await page.goto('/dashboard/users');
    await settled(page);
    for (const label of ['Total Users', 'Verified', 'Sellers', 'Buyers']) {
      await poll(() => page.getByText(label, { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
    }
    await page.getByLabel('Search users').fill(fresh.phone.slice(3));
    const row = page.locator('table tbody tr');
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Unverified');
    expect(await row.textContent()).toContain(fresh.name);

    await page.getByRole('button', { name: `Verify ${fresh.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
    await poll(() => row.textContent()).toContain('Verified');
    expect(await row.textContent()).not.toContain('Unverified');

    await page.getByRole('button', { name: `Suspend ${fresh.name}` }).click();
    await page.getByRole('dialog').getByLabel('Reason (kept in the audit log)').fill('E2E check of the suspend action');
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await poll(() => row.textContent()).toContain('Suspended');
    const login = await call('/api/auth/login', { body: { phone_or_email: fresh.phone, password: 'Secret@2026!' } });
    expect(login.status).toBe(403);

    // The filters: a suspended user is found among the suspended and not among the active.
    await page.getByLabel('Filter by status').selectOption('suspended');
    await poll(() => page.getByText('No users match these filters.').count()).toBe(0);
    await poll(() => row.textContent()).toContain(fresh.name);
    await page.getByLabel('Filter by status').selectOption('active');
    await poll(() => page.getByText('No users match these filters.').isVisible()).toBe(true);
    await page.getByLabel('Filter by status').selectOption('');
    await poll(() => row.textContent()).toContain(fresh.name);

    await page.getByRole('button', { name: `Reactivate ${fresh.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
    await poll(() => row.textContent()).toContain('Active');
    expect((await call('/api/auth/login', { body: { phone_or_email: fresh.phone, password: 'Secret@2026!' } })).status).toBe(200);

    // No suspend button for yourself.
    await page.getByLabel('Search users').fill(inject('adminPhone').slice(1));
    await poll(() => row.textContent()).toContain('Platform Admin');
    expect(await row.count()).toBe(1);
    expect(await row.getByText('You', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Suspend / }).count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('finds transactions and users from the header search', async () => {
    const { page, context, errors } = await signInAsAdmin();
    await page.getByLabel('Search transactions and users').fill(BUYER_PHONE);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/dashboard/search\\?q=${BUYER_PHONE}`));
    await poll(() => page.getByText(`${DEMO_BUYER.firstName} ${DEMO_BUYER.lastName}`, { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText(references.at(-1)!).isVisible()).toBe(true);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('has a working user menu: Profile, and Sign Out ends the session', async () => {
    const { page, context, errors } = await signInAsAdmin();
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await poll(() => heading(page, 'Profile').isVisible()).toBe(true);
    await poll(() => page.getByText('Administrator', { exact: true }).first().isVisible()).toBe(true);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(null);
    expect((await call('/api/admin/monitoring/dashboard', { token: token! })).status).toBe(401);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it.each(['dark', 'light'] as const)('renders every page in the %s theme without console errors (screenshots)', async (theme) => {
    const { page, context, errors } = await signInAsAdmin();
    if (theme === 'light') {
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await poll(() => isDark(page)).toBe(false);
    } else {
      await poll(() => isDark(page)).toBe(true);
    }
    for (const [path, name] of PAGES) {
      await page.goto(path);
      await poll(() => heading(page, name).isVisible()).toBe(true);
      await settled(page);
      expect(await page.getByText(/^Failed to load/).count(), `${path} shows a load failure`).toBe(0);
      await screenshot(page, `admin-${path.replace('/dashboard', '').replace(/[/?=]/g, '-').replace(/^-/, '') || 'overview'}-${theme}`);
    }
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("lists the latest events under the bell as a menu: axe passes it open, the keyboard walks it, 'Clear the list' empties it", async () => {
    const { page, context, errors } = await signInAsAdmin();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await poll(() => bell.getAttribute('aria-label')).toMatch(/^Notifications: \d+ new$/);
    await bell.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await menu.getByRole('menuitem').filter({ hasNotText: 'Clear the list' }).count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/transactions\?open=/);
    await poll(() => page.getByRole('dialog').getByText('Transaction Timeline').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await bell.click();
    await menu.getByRole('menuitem', { name: 'Clear the list' }).click();
    await poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await bell.click();
    await poll(() => menu.getByRole('menuitem').allTextContents()).toEqual(['Nothing new. Events appear here as they happen.']);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('works on a phone: the menu opens as a drawer', async () => {
    const { page, context, errors } = await signInAsAdmin({ width: 390 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await poll(() => drawer.getByRole('link', { name: 'Alerts' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-mobile-drawer-dark');
    await drawer.getByRole('link', { name: 'Alerts' }).click();
    await poll(() => heading(page, 'Alerts').isVisible()).toBe(true);
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'admin-mobile-alerts-dark');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("keeps each user row's actions and standing in view at 360 px, with no sideways swipe", async () => {
    const { page, context, errors } = await signInAsAdmin({ width: 360 });
    await page.goto('/dashboard/users');
    await settled(page);
    const suspend = page.getByRole('button', { name: /^Suspend / });
    await poll(() => suspend.count()).toBeGreaterThan(0);
    for (const button of await suspend.all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    // The status and the phone, a swipe away before, sit under the name.
    const row = page.locator('table tbody tr').first();
    const visibleStanding = row.getByText(/^(Verified|Unverified)$/).filter({ visible: true });
    await poll(() => visibleStanding.count()).toBe(1);
    expect(await page.locator('table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    await screenshot(page, 'admin-mobile-users-dark');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('ruling on a dispute', () => {
  it('preselects no outcome, shows image evidence inline, and states who receives what before the ruling is recorded', async () => {
    // A funded Standard transaction in dispute, with an image as evidence (through the API, as the buyer).
    const created = await call<{ data: { transaction: { id: string } } }>('/api/transactions', {
      token: buyerToken,
      body: { seller_phone: SELLER_PHONE, amount: 3000, product_name: `Ruling e2e ${Date.now()}`, transaction_type: 'standard' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.transaction.id;
    expect((await call('/api/payments/initiate', { token: buyerToken, body: { transaction_id: id } })).status).toBe(202);
    const transaction = () =>
      call<{ data: { transaction: { status: string; seller_fee: string } } }>(`/api/transactions/${id}`, { token: buyerToken });
    await poll(async () => (await transaction()).body.data.transaction.status).toBe('funded');
    const opened = await call(`/api/transactions/${id}/dispute`, {
      token: buyerToken,
      body: { dispute_type: 'not_as_described', reason: 'The phone is red; the advert showed a blue one.' },
    });
    expect(opened.status).toBe(200);
    const evidence = new FormData();
    evidence.set('kind', 'screenshot');
    evidence.set('description', 'The advert with the blue phone');
    evidence.set('file', new Blob([PNG], { type: 'image/png' }), 'advert.png');
    const uploaded = await fetch(new URL(`/api/transactions/${id}/dispute/evidence`, inject('baseUrl')), {
      method: 'POST',
      headers: { authorization: `Bearer ${buyerToken}` },
      body: evidence,
    });
    expect(uploaded.status).toBe(201);
    const dispute = async () =>
      (await call<{ data: { dispute: { id: string; status: string } } }>(`/api/transactions/${id}/dispute`, { token: adminToken })).body
        .data.dispute;
    const disputeId = (await dispute()).id;
    const sellerFee = parseAmount((await transaction()).body.data.transaction.seller_fee)!;

    const { page, context, errors } = await signInAsAdmin();
    await page.goto(`/dashboard/disputes?open=${disputeId}`);
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByRole('heading', { name: 'Ruling', exact: true }).isVisible()).toBe(true);

    // The image is shown in the case, and its thumbnail opens the full-size file.
    const image = dialog.getByTestId('evidence-image');
    await poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Open advert.png full size' }).getAttribute('href')).toMatch(/^blob:/);

    // No outcome is chosen for the admin, and nothing can be reviewed until one is.
    expect(await dialog.getByRole('radio').count()).toBe(3);
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
    await dialog.getByLabel('Note to both parties').fill('The advert showed a blue phone; a red one was sent.');
    expect(await dialog.getByRole('button', { name: 'Review ruling' }).isDisabled()).toBe(true);

    // A split: the confirmation says who receives what, from the quote, before anything is recorded.
    await dialog.getByText('Split', { exact: true }).click();
    await dialog.getByLabel("Buyer's part (KES)").fill('1000');
    // From the keyboard: the confirmation that replaces the form takes the focus, so a screen reader reads
    // who receives what; "Back" gives it to "Review ruling" again.
    await dialog.getByRole('button', { name: 'Review ruling' }).press('Enter');
    const focusedTestId = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.textContent);
    await poll(focusedTestId).toBe('ruling-confirmation');
    await dialog.getByRole('button', { name: 'Back' }).press('Enter');
    await poll(focusedTestId).toBe('Review ruling');
    await dialog.getByRole('button', { name: 'Review ruling' }).click();
    const toSeller = 200_000n - (sellerFee < 200_000n ? sellerFee : 200_000n);
    await poll(() => dialog.getByTestId('ruling-consequence').textContent()).toBe(
      `The buyer receives KES 1,000. The seller receives ${formatKes(toSeller)} (${formatKes(sellerFee)} seller fee kept).`,
    );
    await screenshot(page, 'admin-ruling-confirmation-dark');
    expect((await dispute()).status).toBe('open');

    // Back to the form: release to the seller states the whole payout; confirming records it.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByText('Release to seller', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Review ruling' }).click();
    await poll(() => dialog.getByTestId('ruling-consequence').textContent()).toBe(
      `The seller receives ${formatKes(300_000n - sellerFee)} (${formatKes(sellerFee)} seller fee kept). The buyer receives nothing.`,
    );
    // A double tap on "Confirm ruling" records it with one request: no refusal, no form reopened with an error.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/resolve')) sent.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Confirm ruling' }).dblclick();
    await poll(async () => (await dispute()).status).toBe('resolved');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => page.getByText('Ruling recorded').isVisible()).toBe(true);
    expect(sent).toHaveLength(1);
    expect(await page.getByText(/already been ruled/).count()).toBe(0);
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /ruled|final/ })
        .count(),
    ).toBe(0);
    expect((await transaction()).body.data.transaction.status).toBe('completed');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a refund ruling waiting for the item to come back', () => {
  it('lets the mediation team confirm the return for a silent seller: it asks first, states the refund, refunds once for a double tap, and tells a second admin where the refund stands', async () => {
    const sellerToken = await tokenFor(SELLER_PHONE, DEMO_PASSWORD);
    const created = await call<{ data: { transaction: { id: string; reference_number: string } } }>('/api/transactions', {
      token: buyerToken,
      body: { seller_phone: SELLER_PHONE, amount: 2000, product_name: `Return e2e ${Date.now()}`, transaction_type: 'standard' },
    });
    expect(created.status).toBe(201);
    const { id, reference_number: reference } = created.body.data.transaction;
    expect((await call('/api/payments/initiate', { token: buyerToken, body: { transaction_id: id } })).status).toBe(202);
    const transaction = async () =>
      (await call<{ data: { transaction: { status: string; buyer_fee: string } } }>(`/api/transactions/${id}`, { token: buyerToken })).body
        .data.transaction;
    await poll(async () => (await transaction()).status).toBe('funded');
    expect((await call(`/api/transactions/${id}/dispatch`, { token: sellerToken, body: {} })).status).toBe(200);
    const opened = await call(`/api/transactions/${id}/dispute`, {
      token: buyerToken,
      body: { dispute_type: 'quality_issue', reason: 'The screen arrived cracked across the middle.' },
    });
    expect(opened.status).toBe(200);
    const dispute = async () =>
      (await call<{ data: { dispute: { id: string; status: string } } }>(`/api/transactions/${id}/dispute`, { token: adminToken })).body
        .data.dispute;
    const disputeId = (await dispute()).id;
    const ruled = await call(`/api/admin/disputes/${disputeId}/resolve`, {
      token: adminToken,
      body: { outcome: 'refund_buyer', note: 'Damaged in transit: the buyer sends it back and is refunded.' },
    });
    expect(ruled.status).toBe(200);
    expect((await dispute()).status).toBe('awaiting_return');
    const refund = formatKes(200_000n + parseAmount((await transaction()).buyer_fee)!);

    const second = await signInAsAdmin();
    await second.page.goto(`/dashboard/disputes?open=${disputeId}`);
    await second.page.getByRole('dialog').getByRole('button', { name: 'Confirm the item came back' }).click();
    const secondConfirm = second.page.getByRole('dialog', { name: 'Confirm the return for the seller?' });
    await poll(() => secondConfirm.getByTestId('return-consequence').textContent()).toContain(refund);

    const { page, context, errors } = await signInAsAdmin();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/confirm_return')) sent.push(request.url());
    });
    await page.goto(`/dashboard/disputes?open=${disputeId}`);
    const caseDialog = page.getByRole('dialog');
    await caseDialog.getByRole('button', { name: 'Confirm the item came back' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the return for the seller?' });
    await poll(() => confirm.getByTestId('return-consequence').textContent()).toContain(refund);
    expect(sent).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirm the return' }).dblclick();
    await poll(() => page.getByText('Return confirmed: the refund to the buyer is on its way').first().isVisible()).toBe(true);
    await poll(async () => (await transaction()).status).toBe('refunded');
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // room for a second request or error to show
    expect(sent).toHaveLength(1);
    expect(await page.getByText(/Nothing was refunded/).count()).toBe(0);
    expect(reference).toMatch(/^ESC-/);

    // A second admin who opened the same question before the first confirmed loses the race, and is told where
    // the buyer's refund stands (the server's refusal), not only that the return was confirmed.
    await secondConfirm.getByRole('button', { name: 'Confirm the return' }).click();
    await poll(() =>
      second.page
        .getByText(/The return was already confirmed(: the|, but the) buyer's refund/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await second.page.getByText(/Nothing was refunded/).count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    expect(realErrors(second.errors)).toEqual([]);
    await context.close();
    await second.context.close();
  });
});

describe('a payout M-Pesa could not make', () => {
  it('asks before moving money, says who receives what, and sends one request for a double tap', async () => {
    type AlertPayout = { payout_id: string; reference_number: string; status: string; allowed_actions: string[] };
    const listed = async () =>
      (await call<{ data: { payouts: AlertPayout[] } }>('/api/admin/monitoring/alerts', { token: adminToken })).body.data.payouts.find(
        (row) => row.reference_number === failingPayout.reference,
      );
    // Three attempts 30 s and 60 s apart: the payout is failed about 90 s after the release.
    await expect.poll(async () => (await listed())?.status, { timeout: 150_000, interval: 2_000 }).toBe('failed');

    // The seller's own page says the money is theirs but did not reach them, not that it was paid.
    const sellerView = await openPage(browser, {
      width: 360,
      height: 740,
      storage: { authToken: failingPayout.seller.token, userData: JSON.stringify(failingPayout.seller.user) },
    });
    await sellerView.page.goto(`/dashboard/transactions/${failingPayout.transactionId}`);
    await poll(() => sellerView.page.getByTestId('guidance').innerText()).toMatch(
      /^Completed: KES [\d,.]+ is yours \(KES 2,500 less your fee of KES [\d,.]+\), but sending it to your mobile money failed\. Our team will contact you\.$/,
    );
    expect(await sellerView.page.locator('main').innerText()).not.toMatch(/paid to you/i);
    await screenshot(sellerView.page, 'seller-payout-failed-360');
    await sellerView.context.close();

    const { page, context, errors } = await signInAsAdmin();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/admin\/payouts\//.test(request.url())) sent.push(request.url());
    });
    await page.goto('/dashboard/alerts');
    await settled(page);
    const retry = page.getByRole('button', { name: new RegExp(`^Retry: payout of KES 2,\\d{3} for ${failingPayout.reference}$`) });
    const giveBack = page.getByRole('button', {
      name: new RegExp(`^Return to buyer: payout of KES 2,\\d{3} for ${failingPayout.reference}$`),
    });

    // A tap asks first; Cancel sends nothing.
    await retry.click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByTestId('payout-consequence').textContent()).toMatch(
      /^KES 2,\d{3} is sent again to the seller \(07\d\d \d{3} 040\) by M-Pesa\./,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(sent).toEqual([]);

    // Return to the buyer: the confirmation names who receives what; a double tap is one request, one outcome.
    await giveBack.click();
    await poll(() => dialog.getByTestId('payout-consequence').textContent()).toContain(
      'Instead the buyer gets back everything they paid (the whole price and their fee)',
    );
    await screenshot(page, 'admin-payout-return-confirmation-dark');
    expect(sent).toEqual([]);
    await dialog.getByRole('button', { name: 'Return to buyer' }).dblclick();
    await poll(() => page.getByText(`Money returned to the buyer (${failingPayout.reference})`).isVisible()).toBe(true);
    await poll(() => page.getByText('Returned to the buyer', { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText('No payout needs an answer now.').isVisible()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // room for a second request or error to show
    expect(sent).toHaveLength(1);
    expect(await page.getByText(/was not changed|Only a failed payout/).count()).toBe(0);
    expect(await page.getByText('Every payout went through.').count()).toBe(0);
    expect(await listed()).toBeUndefined();
    await screenshot(page, 'admin-payout-returned-dark');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('the admin guard', () => {
  it('sends a signed-out visitor to /login and back', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/dashboard/users');
    await page.waitForURL(/\/login\?next=%2Fdashboard%2Fusers/);
    await page.locator('input[name="phone_or_email"]').fill(inject('adminPhone'));
    await page.locator('input[name="password"]').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard\/users$/);
    await poll(() => heading(page, 'Users').isVisible()).toBe(true);
    await context.close();
  });

  it('never shows admin pages to a buyer, even with a forged userData claiming admin', async () => {
    const { page, context } = await openPage(browser);
    await signInThroughLoginPage(page, BUYER_PHONE, DEMO_PASSWORD);
    await page.goto('/dashboard/users');
    await poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe('Users');
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);

    const userData = JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!) as Record<string, unknown>;
    await page.evaluate((forged) => localStorage.setItem('userData', forged), JSON.stringify({ ...userData, user_type: 'admin' }));
    await page.goto('/dashboard/users');
    // The admin area asks the server who this is, corrects the stored user and shows the customer area.
    await poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').user_type)).toBe('buyer');
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    expect(await heading(page, 'Users').count()).toBe(0);
    expect((await call('/api/admin/users', { token: buyerToken })).status).toBe(403);
    expect((await call('/trpc/admin.dashboard', { token: buyerToken })).status).toBe(403);
    await context.close();
  });
});
