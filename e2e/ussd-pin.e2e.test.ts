/**
 * A forgotten USSD PIN, on a 360 px phone: the demo account Amina sets a PIN by dialling (the demo
 * simulator's door, with her web password as the first PIN's proof), then on the website's Profile page
 * sees it set, is refused with a wrong password, removes it with hers, and dials again to choose a new
 * one with the code the SMS mock received. And a phone-only holder (registered over USSD, no web password)
 * who locked their PIN: customer care's admin sees the lock on the Users page and removes the PIN.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newestSmsCode, openPage, screenshot, signInThroughLoginPage } from './browser.ts';
import { displayPhone } from '@escrow/core/domain/phone';

const PASSWORD = 'Demo@2026!';
const PHONE = '0711000303';
const INTERNATIONAL = '254711000303';
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** One USSD session through the demo simulator's endpoint: each answer, as the phone shows it. */
function dial(international = INTERNATIONAL) {
  const sessionId = `e2e-${randomUUID()}`;
  const inputs: string[] = [];
  const send = async (input?: string) => {
    if (input !== undefined) inputs.push(input);
    const response = await fetch(new URL('/api/ussd/simulator', inject('baseUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sessionId, serviceCode: '*384*40#', phoneNumber: `+${international}`, text: inputs.join('*') }),
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  return send;
}

describe('a forgotten USSD PIN, at 360 px', () => {
  it('is removed on the Profile page with the password, and a new one is chosen by dialling', async () => {
    // A PIN, set by dialling (the web password proves the first one).
    const first = dial();
    expect(await first()).toContain('To set a USSD PIN');
    expect(await first(PASSWORD)).toContain('Create a 4-digit PIN');
    await first('1357');
    expect(await first('1357')).toContain('Your PIN is set');

    const watched = await openPage(browser, { width: 360, height: 780 });
    const { page } = watched;
    await signInThroughLoginPage(page, PHONE, PASSWORD);
    await page.goto('/dashboard/profile');
    const card = page.getByTestId('ussd-pin');
    await poll(() => card.getByTestId('ussd-pin-state').textContent()).toBe('Set');

    await card.getByRole('button', { name: 'Forgot your PIN?' }).click();
    await card.getByLabel('Your password').fill('not-my-password');
    await card.getByRole('button', { name: 'Remove my PIN' }).click();
    await card.getByText('That is not your password').waitFor();
    await card.getByLabel('Your password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Remove my PIN' }).click();
    await card.getByText('Your PIN is removed. Dial *384*40# to choose a new one').waitFor();
    await poll(() => card.getByTestId('ussd-pin-state').textContent()).toBe('Not set');
    await screenshot(page, 'profile-ussd-pin-removed-360');

    // The SMS the phone got, and the way back: the code texted at the next dial, then a new PIN.
    const again = dial();
    expect(await again()).toContain('6-digit code we sent you by SMS');
    expect(await again(await newestSmsCode(INTERNATIONAL))).toContain('Create a 4-digit PIN');
    await again('8642');
    expect(await again('8642')).toContain('Your PIN is set');
    await page.reload();
    await poll(() => card.getByTestId('ussd-pin-state').textContent()).toBe('Set');
    // The refused password's 400 is the browser's one expected line; nothing else went wrong.
    expect(watched.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await watched.context.close();
  });
});

describe('a phone-only holder locked out of their USSD PIN, at 360 px', () => {
  it('calls customer care, whose admin sees the lock on the Users page and removes the PIN; the next dial chooses a new one', async () => {
    // Registered over USSD, no web password: the website's removal is no way back for them.
    const international = `2547${String(Date.now()).slice(-8)}`;
    const register = dial(international);
    await register();
    await register('1');
    await register('Neema');
    await register('Wairimu');
    await register('1');
    await register('2580');
    expect(await register('2580')).toMatch(/^END /);
    const locked = dial(international);
    await locked();
    await locked('2');
    await locked('1111');
    await locked('1112');
    expect(await locked('1113')).toContain('call customer care on 0709 384 400');

    const watched = await openPage(browser, { width: 360, height: 780 });
    const { page } = watched;
    await signInThroughLoginPage(page, inject('adminPhone'), inject('adminPassword'));
    await page.goto('/dashboard/users');
    await page.getByPlaceholder('Search by phone, name or email').fill(`0${international.slice(3)}`);
    const row = page.getByRole('row').filter({ hasText: displayPhone(international) });
    await poll(() =>
      row
        .getByText(/^PIN locked until \d\d:\d\d$/)
        .filter({ visible: true })
        .isVisible(),
    ).toBe(true);
    await row.getByRole('button', { name: 'Remove the USSD PIN of Neema Wairimu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove their USSD PIN?' });
    await dialog.getByText('First check that the caller is this account').waitFor();
    await screenshot(page, 'admin-remove-ussd-pin-360');
    await dialog.getByRole('button', { name: 'Remove PIN' }).click();
    await page.getByText('USSD PIN removed').first().waitFor();
    await poll(() => row.getByText('No PIN').filter({ visible: true }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: /Remove the USSD PIN/ }).count()).toBe(0);

    // The holder is told, and chooses a new PIN with the code texted at the next dial.
    const again = dial(international);
    expect(await again()).toContain('6-digit code we sent you by SMS');
    expect(await again(await newestSmsCode(international))).toContain('Create a 4-digit PIN');
    await again('8642');
    expect(await again('8642')).toContain('Your PIN is set');
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });
});
