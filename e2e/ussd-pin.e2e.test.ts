/**
 * A forgotten USSD PIN, on a 360 px phone: the demo account Amina sets a PIN by dialling (the demo
 * simulator's door, with her web password as the first PIN's proof), then on the website's Profile page
 * sees it set, is refused with a wrong password, removes it with hers, and dials again to choose a new
 * one with the code the SMS mock received.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newestSmsCode, openPage, screenshot, signInThroughLoginPage } from './browser.ts';

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
function dial() {
  const sessionId = `e2e-${randomUUID()}`;
  const inputs: string[] = [];
  const send = async (input?: string) => {
    if (input !== undefined) inputs.push(input);
    const response = await fetch(new URL('/api/ussd/simulator', inject('baseUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sessionId, serviceCode: '*384*40#', phoneNumber: `+${INTERNATIONAL}`, text: inputs.join('*') }),
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
