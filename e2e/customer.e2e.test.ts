/**
 * The customer area (/dashboard for buyers and sellers) end to end: the real login page, the real API,
 * the Daraja mock paying (or refusing) after 300 ms, and the job worker in the background. Every
 * customer action is driven through the UI: create, pay with the live status, dispatch, release, cancel
 * (unpaid and funded), dispute with evidence and a response, an installment plan with a withdrawal,
 * confirm return after a refund ruling, a failed payment, profile and sign out. Then screenshots at
 * 1280 and 360 px in both themes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type WatchedPage, signInThroughLoginPage } from './browser.ts';

const PASSWORD = 'Demo@2026!';
const BUYER = { phone: '0711000101', name: 'Wanjiku' };
const SELLER = { phone: '0711000202', name: 'Otieno' };
/** The demo buyer's own number ends in 0001, which the Daraja mock treats as "no funds": pay from another phone. */
const PAYING_PHONE = '0722 555 777';
/** A 1×1 PNG: a real image for the evidence upload (the server checks the magic bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Waits up to 15 s (the default second is too short for a payment round trip). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

let browser: Browser;
let buyer: WatchedPage;
let seller: WatchedPage;
const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Signs in through the real /login page and lands on the dashboard. */
async function signIn(who: { phone: string }, options: { width?: number } = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  const { page } = watched;
  await signInThroughLoginPage(page, who.phone, PASSWORD);
  return watched;
}

async function storageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ authToken: localStorage.getItem('authToken') ?? '', userData: localStorage.getItem('userData') ?? '' }));
}

const statusOf = (page: Page) => page.getByTestId('transaction-status').getAttribute('data-status');

async function expectStatus(page: Page, status: string) {
  await poll(() => statusOf(page)).toBe(status);
}

interface NewTransaction {
  type?: 'standard' | 'protected' | 'lipa_mdogo_mdogo';
  product: string;
  amount: string;
  totalCost?: string;
  months?: string;
  sellerPhone?: string;
}

/** Fills /dashboard/new and submits; returns the new transaction's id (its page is open). */
async function createTransaction(page: Page, input: NewTransaction): Promise<string> {
  await page.goto('/dashboard/new');
  await page.getByLabel('Transaction type').selectOption(input.type ?? 'standard');
  await page.getByLabel('Seller phone').fill(input.sellerPhone ?? SELLER.phone);
  await page.getByLabel('Product or service').fill(input.product);
  if (input.type === 'lipa_mdogo_mdogo') {
    await page.getByLabel('Initial Payment').fill(input.amount);
    await page.getByLabel('Total cost').fill(input.totalCost ?? '');
    await page.getByLabel('Installment period').selectOption(input.months ?? '6');
  } else {
    await page.getByLabel('Amount').fill(input.amount);
  }
  // The live fee preview comes from the server.
  await poll(() => page.getByTestId('charge-buyer-share').textContent()).toMatch(/^KES \d/);
  await page.getByRole('button', { name: 'Create transaction' }).click();
  await page.waitForURL(/\/dashboard\/transactions\/[0-9a-f-]{36}$/);
  await poll(() => page.getByTestId('flash').textContent()).toContain('Transaction created successfully!');
  return UUID.exec(page.url())![0];
}

/** Presses Pay in the M-Pesa panel and waits for the live status to settle; returns the final state. */
async function pay(page: Page, options: { phone?: string; custom?: string } = {}): Promise<string> {
  const panel = page.getByTestId('pay-panel');
  if (options.custom) {
    await panel.getByText('Another amount').click();
    await panel.getByLabel('Amount (KES)').fill(options.custom);
  }
  await panel.getByLabel('M-Pesa phone number').fill(options.phone ?? PAYING_PHONE);
  const status = panel.getByTestId('payment-status');
  const previous = (await status.count()) > 0 ? await status.getAttribute('data-payment-id') : null;
  await panel.getByRole('button', { name: /^Pay( KES [\d,]+)?$/ }).click();
  // The live status of this payment (not the previous one's result) until M-Pesa answers.
  await poll(() => status.getAttribute('data-payment-id')).not.toBe(previous);
  await poll(() => status.getAttribute('data-state')).not.toBe('pending');
  const state = (await status.getAttribute('data-state'))!;
  // The message explains a refusal; keep it in the assertion output.
  if (state !== 'completed') console.info(`payment ${state}: ${await status.textContent()}`);
  return state;
}

/** Presses an action button, fills the dialog, confirms, and waits for the success message. */
async function act(page: Page, action: string, confirm: string | RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.locator(`[data-testid="transaction-actions"] [data-action="${action}"]`).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('flash').waitFor();
}

const actionsOf = (page: Page) =>
  page
    .locator('[data-testid="transaction-actions"] [data-action]')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-action')));

async function openTransaction(page: Page, id: string) {
  await page.goto(`/dashboard/transactions/${id}`);
  await page.getByTestId('transaction-status').waitFor();
}

async function apiCall<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(new URL(path, inject('baseUrl')), {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const payload = (await response.json()) as { success: boolean; data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${payload.message}`);
  return payload.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await signIn(BUYER);
  seller = await signIn(SELLER);
});

afterAll(async () => {
  await browser?.close();
});

describe('customer area', () => {
  it('signs in through /login and shows the overview with buying and selling summaries', async () => {
    const { page } = buyer;
    await poll(() => page.locator('h1').textContent()).toMatch(/Good (morning|afternoon|evening), Wanjiku/);
    await poll(() => page.getByTestId('summary-total').first().textContent()).toMatch(/Total\d+/);
    // The seeded demo transactions are listed, newest first, with links to their pages.
    await poll(() => page.locator('[data-testid="transactions-table"] [data-testid="transaction-row"]').count()).toBeGreaterThan(0);
    // A seller's overview speaks to sellers.
    await poll(() => seller.page.locator('main').textContent()).toContain(
      'Buyers pay into escrow first; you are paid when they confirm delivery.',
    );
  });

  it('creates a standard transaction, pays it with a live M-Pesa status, the seller dispatches and the buyer releases', async () => {
    const { page } = buyer;
    const product = `E2E phone ${unique()}`;
    const id = await createTransaction(page, { product, amount: '1500' });
    await expectStatus(page, 'pending');
    // Paying is the panel below; the only button is cancel.
    expect(await actionsOf(page)).toEqual(['cancel']);
    expect(await page.getByTestId('pay-panel').textContent()).toContain('You pay KES 1,532');

    expect(await pay(page)).toBe('completed');
    expect(await page.getByTestId('payment-status').textContent()).toMatch(/Payment received: KES 1,532.*M-Pesa receipt \w+/);
    await expectStatus(page, 'funded');
    expect(await actionsOf(page)).toEqual(['dispute', 'cancel']);

    // The seller finds it by its reference in their list and dispatches it.
    const reference = (await page.getByTestId('reference-number').textContent())!;
    const sellerPage = seller.page;
    await sellerPage.goto('/dashboard/transactions?role=seller');
    await sellerPage.getByRole('searchbox', { name: 'Search transactions' }).fill(reference);
    const row = sellerPage.locator(`[data-testid="transaction-row"][data-reference="${reference}"]`);
    await row.waitFor();
    await poll(() => sellerPage.locator('[data-testid="transaction-row"]').count()).toBe(1);
    await row.getByRole('link', { name: reference }).click();
    await sellerPage.waitForURL(`**/dashboard/transactions/${id}`);
    await sellerPage.getByTestId('transaction-status').waitFor();
    expect(await actionsOf(sellerPage)).toEqual(['dispatch', 'dispute', 'cancel']);
    await act(sellerPage, 'dispatch', 'Yes, it is dispatched');
    await expectStatus(sellerPage, 'dispatched');

    await openTransaction(page, id);
    await expectStatus(page, 'dispatched');
    // The dialog says what the seller is paid: the price less their fee share.
    await act(page, 'release', 'Release KES 1,500', async (dialog) => {
      expect(await dialog.textContent()).toContain('receives KES 1,468 (KES 1,500 less their fee of KES 32)');
    });
    await expectStatus(page, 'completed');
    expect(await actionsOf(page)).toEqual([]);
    const events = await page
      .locator('[data-testid="timeline"] [data-event]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-event')));
    expect(events).toEqual(
      expect.arrayContaining(['transaction_initiated', 'payment_completed', 'dispatch_confirmed', 'payment_released']),
    );
  });

  it('pays with Airtel Money: preselected for an Airtel number, and pickable for any number', async () => {
    const { page } = buyer;
    await createTransaction(page, { product: `E2E radio ${unique()}`, amount: '900' });
    const panel = page.getByTestId('pay-panel');
    // An Airtel number (073x) selects Airtel Money by itself.
    await panel.getByLabel('M-Pesa phone number').fill('0733 555 777');
    await poll(() => panel.getByRole('radio', { name: 'Airtel Money' }).isChecked()).toBe(true);
    expect(await panel.getByLabel('Airtel Money phone number').inputValue()).toBe('0733 555 777');
    await panel.getByRole('button', { name: /^Pay( KES [\d,]+)?$/ }).click();
    const status = panel.getByTestId('payment-status');
    await poll(() => status.getAttribute('data-state')).toBe('completed');
    expect(await status.textContent()).toMatch(/Airtel Money receipt MP\w+/);
    await expectStatus(page, 'funded');

    // A Safaricom number, with Airtel Money picked by hand.
    await createTransaction(page, { product: `E2E radio ${unique()}`, amount: '800' });
    await panel.getByLabel('M-Pesa phone number').fill(PAYING_PHONE);
    await panel.getByText('Airtel Money', { exact: true }).click();
    await poll(() => panel.getByRole('radio', { name: 'Airtel Money' }).isChecked()).toBe(true);
    await panel.getByRole('button', { name: /^Pay( KES [\d,]+)?$/ }).click();
    await poll(() => status.getAttribute('data-state')).toBe('completed');
    expect(await status.textContent()).toMatch(/Airtel Money receipt MP\w+/);
  });

  it('cancels an unpaid transaction', async () => {
    const { page } = buyer;
    await createTransaction(page, { product: `E2E unpaid ${unique()}`, amount: '800' });
    // From the keyboard: Enter opens the dialog, Escape closes it and focus returns to the button.
    const cancel = page.locator('[data-action="cancel"]');
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Nothing has been paid yet');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => cancel.evaluate((element) => element === document.activeElement)).toBe(true);
    await act(page, 'cancel', 'Cancel transaction', (dialog) => dialog.getByLabel('Reason (optional)').fill('Changed my mind'));
    await expectStatus(page, 'cancelled');
    expect(await page.getByTestId('pay-panel').count()).toBe(0);
  });

  it('cancels a funded transaction and refunds the buyer in full', async () => {
    const { page } = buyer;
    await createTransaction(page, { product: `E2E refund ${unique()}`, amount: '2000' });
    expect(await pay(page)).toBe('completed');
    await expectStatus(page, 'funded');
    await page.getByTestId('payment-status').getByRole('button', { name: 'Dismiss' }).click();
    await act(page, 'cancel', 'Cancel transaction', async (dialog) => {
      // 2,000 + the buyer's half of the KES 80 fee.
      expect(await dialog.textContent()).toContain('KES 2,040');
    });
    await expectStatus(page, 'refunded');
    await poll(() => page.getByTestId('money-summary').textContent()).toContain('RefundedKES 2,040');
  });

  it('shows a failed payment when the M-Pesa customer cancels, and lets the buyer try again', async () => {
    const { page } = buyer;
    await createTransaction(page, { product: `E2E failed pay ${unique()}`, amount: '1000' });
    expect(await pay(page, { phone: '0711001032' })).toMatch(/^(failed|cancelled)$/);
    const alert = page.getByTestId('payment-status');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toMatch(/Payment (cancelled|failed).*No money was taken/);
    await expectStatus(page, 'pending');
    // The form is back for another try.
    expect(
      await page
        .getByTestId('pay-panel')
        .getByRole('button', { name: /^Pay KES/ })
        .isEnabled(),
    ).toBe(true);
    await poll(() => page.getByTestId('money-summary').textContent()).toContain('0 successful, 1 failed');
  });

  it('opens a dispute with a file as evidence; the seller responds, adds evidence and downloads the file', async () => {
    const { page } = buyer;
    const id = await createTransaction(page, { type: 'protected', product: `E2E dispute ${unique()}`, amount: '3000' });
    expect(await pay(page)).toBe('completed');
    await expectStatus(page, 'funded');
    await act(page, 'dispute', 'Open dispute', async (dialog) => {
      await dialog.getByLabel('What went wrong?').selectOption('not_as_described');
      await dialog.getByLabel('Describe the problem').fill('The seller sent a different colour from the one in the advert.');
    });
    await expectStatus(page, 'disputed');
    const panel = page.getByTestId('dispute-panel');
    await poll(() => panel.textContent()).toContain('Not as described');
    await poll(() => panel.textContent()).toContain("The seller's response due");

    const form = panel.getByTestId('evidence-form');
    await form.getByLabel('Type of evidence').selectOption('screenshot');
    await form.getByLabel('Description').fill('Screenshot of the advert showing the blue phone');
    // The picker's button is ours (in the reader's language), and opens the phone's file chooser.
    expect(await form.textContent()).toContain('No file chosen');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByText('Choose a file').click()]);
    await chooser.setFiles({ name: 'advert.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => form.textContent()).toContain('advert.png');
    await form.getByRole('button', { name: 'Add evidence' }).click();
    await poll(() => panel.getByTestId('evidence-item').count()).toBe(1);
    expect(await form.textContent()).toContain('No file chosen');
    expect(await panel.getByTestId('evidence-item').textContent()).toMatch(/Screenshot.*You.*advert\.png/);

    const sellerPage = seller.page;
    await openTransaction(sellerPage, id);
    const sellerPanel = sellerPage.getByTestId('dispute-panel');
    await poll(() => sellerPanel.textContent()).toContain('Your response due');
    // While the dispute holds the money, the seller's figure is what a release would pay.
    expect(await sellerPage.getByTestId('seller-receives').textContent()).toMatch(/^You receive if released to youKES [\d,]+$/);
    await sellerPanel
      .getByTestId('respond-form')
      .getByLabel('Your response')
      .fill('I sent exactly what was ordered; the buyer chose blue.');
    await sellerPanel.getByRole('button', { name: 'Send response' }).click();
    await poll(() => sellerPanel.getByTestId('respond-form').count()).toBe(0);
    expect(await sellerPanel.getByTestId('dispute-response').textContent()).toContain('Your responseI sent exactly what was ordered');

    const sellerForm = sellerPanel.getByTestId('evidence-form');
    await sellerForm.getByLabel('Type of evidence').selectOption('chat_history');
    await sellerForm.getByLabel('Description').fill('WhatsApp chat where the buyer asks for blue');
    await sellerForm.getByRole('button', { name: 'Add evidence' }).click();
    await poll(() => sellerPanel.getByTestId('evidence-item').count()).toBe(2);

    const [download] = await Promise.all([
      sellerPage.waitForEvent('download'),
      sellerPanel.getByRole('button', { name: 'Download advert.png' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('advert.png');

    // The buyer sees the seller's response and evidence.
    await openTransaction(page, id);
    await poll(() => panel.getByTestId('dispute-response').textContent()).toContain("The seller's responseI sent exactly what was ordered");
    await poll(() => panel.getByTestId('evidence-item').count()).toBe(2);
  });

  it('confirms the return of a dispatched item after a refund ruling', async () => {
    const { page } = buyer;
    const id = await createTransaction(page, { product: `E2E return ${unique()}`, amount: '5000' });
    expect(await pay(page)).toBe('completed');
    const sellerPage = seller.page;
    await openTransaction(sellerPage, id);
    await act(sellerPage, 'dispatch', 'Yes, it is dispatched');
    await openTransaction(page, id);
    await act(page, 'dispute', 'Open dispute', (dialog) => dialog.getByLabel('Describe the problem').fill('It does not switch on.'));
    await expectStatus(page, 'disputed');

    // The mediation team rules for the buyer (admin API: the admin dashboard is another engineer's).
    const admin = await apiCall<{ token: string }>('/api/auth/login', {
      body: { phone_or_email: inject('adminPhone'), password: inject('adminPassword') },
    });
    const { dispute } = await apiCall<{ dispute: { id: string } }>(`/api/transactions/${id}/dispute`, { token: admin.token });
    await apiCall(`/api/admin/disputes/${dispute.id}/resolve`, {
      token: admin.token,
      body: { outcome: 'refund_buyer', note: 'Faulty on arrival; return it.' },
    });

    await openTransaction(sellerPage, id);
    await poll(() => sellerPage.getByTestId('dispute-status').textContent()).toBe('Awaiting return of the item');
    expect(await actionsOf(sellerPage)).toContain('confirm_return');
    await act(sellerPage, 'confirm_return', 'Confirm return');
    await expectStatus(sellerPage, 'refunded');
    await poll(() => sellerPage.getByTestId('dispute-status').textContent()).toBe('Resolved');
  });

  it('runs a Lipa Mdogo Mdogo plan: deposit, an installment, a withdrawal request the seller accepts', async () => {
    const { page } = buyer;
    const id = await createTransaction(page, {
      type: 'lipa_mdogo_mdogo',
      product: `E2E sofa ${unique()}`,
      amount: '7000',
      totalCost: '35000',
      months: '6',
    });
    await expectStatus(page, 'pending');
    const schedule = page.getByTestId('installment-schedule');
    expect(await schedule.locator('tbody tr').count()).toBe(7);

    // Deposit (plus the buyer's half of the KES 566 installment fee).
    // The first payment is the deposit and the fee, said as such (the schedule's deposit is KES 7,000).
    expect(await page.getByTestId('pay-panel').textContent()).toContain(
      'Initial payment and your fee: KES 7,283 (KES 7,000 + KES 283 fee)',
    );
    expect(await pay(page)).toBe('completed');
    await expectStatus(page, 'installment');
    // Paid: "created, now pay into escrow" is no longer the next step, though the plan is still payable.
    expect(await page.getByTestId('flash').count()).toBe(0);
    await poll(() => schedule.locator('tbody tr[data-status="paid"]').count()).toBe(1);

    // The next installment, then a custom amount.
    await poll(() => page.getByTestId('pay-panel').textContent()).toContain('Next installment: KES 4,700');
    expect(await pay(page)).toBe('completed');
    await poll(() => schedule.locator('tbody tr[data-status="paid"]').count()).toBe(2);
    expect(await pay(page, { custom: '1000' })).toBe('completed');
    await poll(() => page.getByTestId('money-summary').textContent()).toContain('Held in escrowKES 12,700');
    await expectStatus(page, 'installment');

    // Part paid, on a 360 px phone in Kiswahili: the schedule's longer first cells wrap inside the card
    // instead of pushing the amounts and statuses out of it.
    const phone = await openPage(browser, { width: 360, height: 800, storage: { ...(await storageOf(page)), 'escrow.language': 'sw' } });
    await openTransaction(phone.page, id);
    const phoneSchedule = phone.page.getByTestId('installment-schedule');
    await poll(() => phoneSchedule.locator('tbody tr[data-status="paid"]').count()).toBe(2);
    const widths = await phoneSchedule.evaluate((table) => ({ table: table.scrollWidth, box: table.parentElement!.clientWidth }));
    expect(widths.table).toBeLessThanOrEqual(widths.box);
    await screenshot(phone.page, 'customer-plan-part-paid-sw-360');
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    await act(page, 'request_withdrawal', 'Send request', (dialog) =>
      dialog.getByLabel('Why do you want to withdraw?').fill('I lost my job and cannot keep paying.'),
    );
    await poll(() => page.getByTestId('guidance').textContent()).toContain('waiting for the seller');
    expect(await actionsOf(page)).not.toContain('request_withdrawal');
    // Paying stays allowed while the seller decides, with what it means said next to the button.
    expect(await page.getByTestId('withdrawal-pay-warning').textContent()).toContain('this payment is refunded to you with the rest');

    const sellerPage = seller.page;
    await openTransaction(sellerPage, id);
    expect(await actionsOf(sellerPage)).toEqual(expect.arrayContaining(['accept_withdrawal', 'decline_withdrawal']));
    await act(sellerPage, 'accept_withdrawal', 'Accept and refund', async (dialog) => {
      // What the buyer paid towards the item; a withdrawal keeps their fee share.
      expect(await dialog.textContent()).toContain('KES 12,700');
    });
    await expectStatus(sellerPage, 'refunded');
  });

  it('edits the profile and signs out', async () => {
    const watched = await signIn(BUYER);
    const { page } = watched;
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL('**/dashboard/profile');
    expect(await page.getByTestId('profile-phone').textContent()).toBe('0711 000 101');
    const email = page.getByLabel('Email (optional)');
    const original = await email.inputValue();
    await email.fill('wanjiku.e2e@example.co.ke');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved.').waitFor();
    await page.reload();
    await poll(() => page.getByLabel('Email (optional)').inputValue()).toBe('wanjiku.e2e@example.co.ke');
    await page.getByLabel('Email (optional)').fill(original);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved.').waitFor();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // The address is what signing out decides; the sign-in page's images need not have loaded.
    await page.waitForURL(/\/login/, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/dashboard/transactions');
    await page.waitForURL(/\/login\?next=%2Fdashboard%2Ftransactions/);
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });

  it('leaves no console errors behind in the buyer and seller sessions', () => {
    expect(buyer.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
  });
});

describe('customer area screenshots', () => {
  it('keeps showing a payment M-Pesa has not answered yet, across a reload', async () => {
    const storage = await storageOf(buyer.page);
    const watched = await openPage(browser, { width: 1280, storage });
    const { page } = watched;
    await createTransaction(page, { product: `E2E unanswered ${unique()}`, amount: '4500' });
    const panel = page.getByTestId('pay-panel');
    await panel.getByLabel('M-Pesa phone number').fill('0711001037');
    await panel.getByRole('button', { name: /^Pay KES/ }).click();
    const status = panel.getByTestId('payment-status');
    await poll(() => status.getAttribute('data-state')).toBe('pending');
    // Several polls later it still waits, with the instructions on screen and no second Pay button.
    await page.waitForTimeout(3_500);
    expect(await status.getAttribute('data-state')).toBe('pending');
    expect(await status.textContent()).toContain('Enter your M-Pesa PIN');
    expect(await panel.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await screenshot(page, 'customer-paying-1280-light');
    await page.reload();
    await poll(() => page.getByTestId('payment-status').getAttribute('data-state')).toBe('pending');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'customer-paying-360-light');
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });

  it.each([
    [1280, 'light'],
    [1280, 'dark'],
    [360, 'light'],
    [360, 'dark'],
  ] as const)('renders at %i px in the %s theme without horizontal overflow', async (width, theme) => {
    const storage = await storageOf(buyer.page);
    const watched = await openPage(browser, { width, height: 800, colorScheme: theme, storage });
    const { page } = watched;
    const mine = await apiCall<{ transactions: { id: string; transaction_type: string; status: string }[] }>(
      '/api/transactions?role=buyer&per_page=100',
      { token: storage.authToken },
    );
    const plan = mine.transactions.find((item) => item.transaction_type === 'lipa_mdogo_mdogo' && item.status === 'installment');
    const disputed = mine.transactions.find((item) => item.status === 'disputed');
    const screens: { name: string; path: string; ready: string; prepare?: () => Promise<void> }[] = [
      { name: 'overview', path: '/dashboard', ready: '[data-reference]:visible' },
      { name: 'transactions', path: '/dashboard/transactions', ready: '[data-reference]:visible' },
      {
        name: 'new',
        path: '/dashboard/new',
        ready: 'form',
        prepare: async () => {
          await page.getByLabel('Transaction type').selectOption('lipa_mdogo_mdogo');
          await page.getByLabel('Seller phone').fill('0711000202');
          await page.getByLabel('Product or service').fill('Samsung 55" TV');
          await page.getByLabel('Initial Payment').fill('13000');
          await page.getByLabel('Total cost').fill('65000');
          await page.getByTestId('charge-upfront').waitFor();
        },
      },
      { name: 'profile', path: '/dashboard/profile', ready: '[data-testid="profile-phone"]' },
      ...(plan ? [{ name: 'plan', path: `/dashboard/transactions/${plan.id}`, ready: '[data-testid="installment-schedule"]' }] : []),
      ...(disputed ? [{ name: 'dispute', path: `/dashboard/transactions/${disputed.id}`, ready: '[data-testid="evidence-list"]' }] : []),
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await page.locator('h1').waitFor();
      await page.locator(screen.ready).first().waitFor();
      await screen.prepare?.();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.name} overflows at ${width} px`).toBeLessThanOrEqual(0);
      const file = await screenshot(page, `customer-${screen.name}-${width}-${theme}`);
      // What a phone shows first, at full size, for a person to check.
      if (width === 360) await page.screenshot({ path: file.replace(/\.png$/, '-top.png') });
    }
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });
});
