/**
 * axe-core on every page, in the light and the dark theme: no critical or serious violation. Public
 * pages (every path of the client's route table, the not-found page too), the buyer's and the seller's
 * dashboard (lists with their tabs, a transaction waiting for payment, one in each role), and every page
 * of the admin dashboard with its details dialog open.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_ROUTES } from '../client/src/app/public-routes.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/seed/seed.ts';
import { seriousViolations } from './axe.ts';
import { launchBrowser, openPage } from './browser.ts';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const [DEMO_BUYER, DEMO_SELLER] = DEMO_USERS;

const PUBLIC_PATHS = [
  ...PUBLIC_ROUTES.map((route) => route.path),
  '/ussd-simulator',
  '/forgot-password',
  '/reset-password',
  '/no-such-page',
];
/** Every page again in Kiswahili (its /sw twin): longer words must not break contrast, names or layout. */
const KISWAHILI_PATHS = PUBLIC_PATHS.map((path) => (path === '/' ? '/sw' : `/sw${path}`));
const ADMIN_PATHS = [
  '/dashboard',
  '/dashboard/transactions',
  '/dashboard/analytics',
  '/dashboard/users',
  '/dashboard/reports',
  '/dashboard/system',
  '/dashboard/monitoring',
  '/dashboard/alerts',
  '/dashboard/disputes',
  '/dashboard/sms',
  '/dashboard/messages',
  '/dashboard/settings',
  '/dashboard/help',
  '/dashboard/profile',
  '/dashboard/search?q=0711',
];

interface Session {
  token: string;
  user: Record<string, unknown>;
}

let browser: Browser;
let buyer: Session;
let seller: Session;
let admin: Session;

async function api<T>(path: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(new URL(path, inject('baseUrl')), {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  expect(response.status, path).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

const signIn = (phone: string, password: string) => api<Session>('/api/auth/login', { body: { phone_or_email: phone, password } });

/** Local storage of a signed-in visitor who chose `theme` (the admin area has its own theme default). */
const storageFor = (session: Session, theme: Theme) => ({
  authToken: session.token,
  userData: JSON.stringify(session.user),
  theme,
  adminPreferences: JSON.stringify({ hasChosenTheme: true }),
});

/** Waits for the page's heading and for spinners and skeletons to go, so axe sees the real content. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('[aria-busy="true"], .chakra-spinner, .chakra-skeleton').count(), { timeout: 20_000 }).toBe(0);
}

interface AuditOptions {
  session?: Session;
  /** A short window makes long dialogs scroll. */
  height?: number;
  /** A phone's width makes wide tables scroll sideways. */
  width?: number;
  /** What to do on the page before the audit (open a dialog…). */
  then?: (page: Page) => Promise<void>;
}

/** Audits `paths` one after the other in one browser context (its cache makes each load quicker). */
async function audit(paths: string[], theme: Theme, { session, height, width, then }: AuditOptions = {}): Promise<string[]> {
  const { page, context } = await openPage(browser, {
    colorScheme: theme,
    ...(height ? { height } : {}),
    ...(width ? { width } : {}),
    ...(session ? { storage: storageFor(session, theme) } : {}),
  });
  const violations: string[] = [];
  try {
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `${path} in the ${theme} theme`).toBe(
        theme === 'dark',
      );
      await then?.(page);
      violations.push(...(await seriousViolations(page)).map((violation) => `${path} (${theme}) ${violation}`));
    }
  } finally {
    await context.close();
  }
  return violations;
}

// Each test audits a dozen pages in two viewports: minutes on a loaded two-core machine.
const AUDIT_TIMEOUT_MS = 360_000;

beforeAll(async () => {
  browser = await launchBrowser();
  [buyer, seller, admin] = await Promise.all([
    signIn(`0${DEMO_BUYER.phone.slice(3)}`, DEMO_PASSWORD),
    signIn(`0${DEMO_SELLER.phone.slice(3)}`, DEMO_PASSWORD),
    signIn(inject('adminPhone'), inject('adminPassword')),
  ]);
});
afterAll(() => browser?.close());

describe.each(THEMES)('axe, %s theme: no critical or serious violations', (theme) => {
  it('on every public page', { timeout: AUDIT_TIMEOUT_MS }, async () => {
    expect(await audit(PUBLIC_PATHS, theme)).toEqual([]);
  });

  it('on every public page in Kiswahili', { timeout: AUDIT_TIMEOUT_MS }, async () => {
    expect(await audit(KISWAHILI_PATHS, theme)).toEqual([]);
  });

  it("on the buyer's and the seller's dashboard, lists and transactions", { timeout: AUDIT_TIMEOUT_MS }, async () => {
    const violations: string[] = [];
    for (const session of [buyer, seller]) {
      const list = await api<{ transactions: { id: string; status: string }[] }>('/api/transactions?per_page=50', { token: session.token });
      // A transaction waiting for payment (the buyer's Pay button) and one further along.
      const pending = list.transactions.find((transaction) => transaction.status === 'pending');
      const later = list.transactions.find((transaction) => ['funded', 'dispatched', 'disputed'].includes(transaction.status));
      const paths = ['/dashboard', '/dashboard/transactions', '/dashboard/new', '/dashboard/profile'];
      for (const transaction of [pending, later]) if (transaction) paths.push(`/dashboard/transactions/${transaction.id}`);
      expect(paths.length, 'demo data has transactions to look at').toBeGreaterThan(4);
      violations.push(...(await audit(paths, theme, { session })));
    }
    expect(violations).toEqual([]);
  });

  it('on every admin page, and the transaction details dialog', { timeout: AUDIT_TIMEOUT_MS }, async () => {
    const violations = await audit(ADMIN_PATHS, theme, { session: admin });
    // At 360 px the SMS outbox's table (no link or button inside) scrolls sideways: it must take the focus.
    violations.push(
      ...(await audit(['/dashboard/sms', '/dashboard/alerts', '/dashboard/disputes'], theme, { session: admin, width: 360, height: 740 })),
    );
    violations.push(
      ...(await audit(['/dashboard/transactions'], theme, {
        session: admin,
        height: 560,
        then: async (page) => {
          await page
            .getByRole('button', { name: /^View details of / })
            .first()
            .click();
          await page.getByRole('dialog').getByText('Transaction Timeline').waitFor();
          await settled(page);
        },
      })),
    );
    expect(violations).toEqual([]);
  });
});
