/**
 * The USSD simulator page dials *384*40# against its demo endpoint: a demo account proves its phone
 * with the SMS code (read from the SMS mock's inbox), sets its PIN and opens its transactions; a new number registers in Kiswahili using the on-screen keypad, on a 360 px
 * phone in the dark theme.
 */
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const screenText = (page: Page) => page.getByTestId('ussd-screen').innerText();

async function reply(page: Page, input: string) {
  await page.getByRole('textbox', { name: 'Your reply' }).fill(input);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The newest one-time code in a phone's inbox at the SMS mock (the phone's own view). */
async function codeTextedTo(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const inbox = await page.request.get(`/mock/africastalking/inbox?phone=${phone}&limit=5`);
      const { messages } = (await inbox.json()) as { messages: { message: string }[] };
      code = /code is (\d{6})/.exec(messages[0]?.message ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

async function pressKeys(page: Page, keys: string) {
  for (const key of keys) await page.getByRole('button', { name: `Key ${key}` }).click();
}

describe('USSD simulator', () => {
  it('dials as a demo account, sets the USSD PIN and walks to its transactions and back home', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/ussd-simulator');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('USSD Simulator');
    // Demo mode says so on every page.
    await expect.poll(() => page.getByTestId('demo-ribbon').innerText()).toBe('Demo — no real money moves');
    await expect.poll(() => page.getByRole('textbox', { name: 'Phone number' }).inputValue()).toBe('0711000101');
    await expect.poll(() => page.getByRole('textbox', { name: 'Your reply' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: /Dial \*384\*40#/ }).click();
    // A web account proves the phone before its first PIN: the code the platform texts it now.
    await expect.poll(() => screenText(page)).toContain('Welcome Wanjiku. To set a USSD PIN, enter the 6-digit code');
    // The reply field has the focus after each screen.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('reply');
    const code = await codeTextedTo(page, '254711000101');
    await reply(page, code);
    await expect.poll(() => screenText(page)).toContain('Create a 4-digit PIN');
    await reply(page, '2468');
    await expect.poll(() => screenText(page)).toContain('Enter the PIN again');
    await reply(page, '2468');
    await expect.poll(() => screenText(page)).toContain('Your PIN is set.');
    expect(await screenText(page)).toContain('2. My transactions');

    await reply(page, '2');
    await expect.poll(() => screenText(page)).toMatch(/My transactions 1\/\d+/);
    await screenshot(page, 'ussd-simulator-light');
    await reply(page, '1');
    await expect.poll(() => screenText(page)).toMatch(/ESC-[0-9A-Z]{4}-[0-9A-Z]{4}: /);
    await reply(page, '00');
    await expect.poll(() => screenText(page)).toContain('1. Buy (new escrow)');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => screenText(page)).toContain('Enter a phone number and dial');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers a new number in Kiswahili with the keypad on a 360 px phone in the dark theme', async () => {
    const { page, context, errors } = await openPage(browser, { width: 360, height: 780, colorScheme: 'dark' });
    await page.goto('/ussd-simulator');
    const phone = `0722${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
    await page.getByRole('button', { name: /Dial \*384\*40#/ }).click();
    await expect.poll(() => screenText(page)).toContain('Welcome to Escrow Kenya');
    expect(await page.getByTestId('ussd-screen').getAttribute('data-kind')).toBe('CON');

    await pressKeys(page, '2');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => screenText(page)).toContain('Choose language / Chagua lugha');
    await pressKeys(page, '2');
    await page.getByRole('textbox', { name: 'Your reply' }).press('Enter');
    await expect.poll(() => screenText(page)).toContain('Lugha: Kiswahili.');

    await reply(page, '1');
    await expect.poll(() => screenText(page)).toContain('Weka jina lako la kwanza');
    // 0 goes back, on every screen.
    await reply(page, '0');
    await expect.poll(() => screenText(page)).toContain('1. Jisajili');
    await reply(page, '1');
    await reply(page, 'Zawadi');
    await expect.poll(() => screenText(page)).toContain('Weka jina lako la mwisho');
    await reply(page, 'Njeri');
    await expect.poll(() => screenText(page)).toContain('Chagua aina ya akaunti');
    await pressKeys(page, '1');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => screenText(page)).toContain('Weka PIN mpya');
    await pressKeys(page, '1357');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => screenText(page)).toContain('Weka PIN tena');
    await pressKeys(page, '1357');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => screenText(page)).toContain('Karibu Zawadi! Umesajiliwa.');
    expect(await page.getByTestId('ussd-screen').getAttribute('data-kind')).toBe('END');
    await expect.poll(() => page.getByRole('textbox', { name: 'Your reply' }).isDisabled()).toBe(true);

    await screenshot(page, 'ussd-simulator-360-dark');
    // Nothing overflows the 360 px viewport.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Dialling again opens a new session that greets the new account in Kiswahili.
    await page.getByRole('button', { name: /Dial \*384\*40#/ }).click();
    await expect.poll(() => screenText(page)).toContain('Escrow Kenya: Zawadi');
    expect(await screenText(page)).toContain('2. Miamala yangu');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is linked from the footer', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the USSD simulator' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/ussd-simulator$/);
    await context.close();
  });
});
