/**
 * A phone dialling *384*40# in tests: form-encoded requests in Africa's Talking's shape, the `text`
 * history built as the gateway builds it, and every answer checked against the protocol (200,
 * text/plain, `CON `/`END `, at most 182 characters of screen).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { USSD_SCREEN_MAX, USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { hashSecret } from '../../../lib/password.ts';
import type { TestApp } from '../../../../test/helpers.ts';
import { USSD_MESSAGES, type UssdLanguage, type UssdMessages } from '../messages.ts';

export interface Screen {
  kind: 'CON' | 'END';
  text: string;
}

/** Every screen any test saw, for the length report. */
export const seenScreens: Screen[] = [];

export function ussdForm(fields: Record<string, string>): { headers: Record<string, string>; payload: string } {
  return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() };
}

/** The gateway's callback URL (with the shared secret), or the demo simulator's. */
export const ussdUrl = (t: TestApp, origin: 'gateway' | 'simulator' = 'gateway') =>
  origin === 'gateway' ? `/api/ussd/${t.config.AT_CALLBACK_SECRET}` : '/api/ussd/simulator';

export async function postUssd(
  t: TestApp,
  fields: { sessionId: string; phone: string; text: string; origin?: 'gateway' | 'simulator' },
): Promise<Screen> {
  const response = await t.app.inject({
    method: 'POST',
    url: ussdUrl(t, fields.origin),
    ...ussdForm({
      sessionId: fields.sessionId,
      serviceCode: USSD_SERVICE_CODE,
      phoneNumber: `+${fields.phone}`,
      networkCode: '63902',
      text: fields.text,
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  const match = /^(CON|END) ([\s\S]*)$/.exec(response.body);
  expect(match, `not a USSD answer: ${response.body}`).not.toBeNull();
  const screen = { kind: match![1] as Screen['kind'], text: match![2]! };
  expect(screen.text.length, `screen too long: ${screen.text}`).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  expect(screen.text.trim().length).toBeGreaterThan(0);
  seenScreens.push(screen);
  return screen;
}

export interface UssdSessionClient {
  sessionId: string;
  /** The first request (empty text). */
  dial(): Promise<Screen>;
  /** One more input; the request carries the whole history like the gateway's. */
  send(input: string): Promise<Screen>;
  /** Several inputs; every screen but the last must continue the session. */
  walk(...inputs: string[]): Promise<Screen>;
  inputs: string[];
}

export interface PhoneSessionOptions {
  origin?: 'gateway' | 'simulator';
  /**
   * The PIN that answers the once-a-session PIN prompt before the caller's transactions by itself
   * (default TEST_PIN), so menu tests walk the menus; the tests of that door pass false.
   */
  autoUnlock?: string | false;
}

const isUnlockPrompt = (screen: Screen) =>
  screen.kind === 'CON' && (screen.text.startsWith(USSD_MESSAGES.en.unlockPin) || screen.text.startsWith(USSD_MESSAGES.sw.unlockPin));

export function phoneSession(t: TestApp, phone: string, options: PhoneSessionOptions = {}): UssdSessionClient {
  const { origin = 'gateway', autoUnlock = TEST_PIN } = options;
  const sessionId = `ATUid_${randomUUID().replaceAll('-', '')}`;
  const inputs: string[] = [];
  const client: UssdSessionClient = {
    sessionId,
    inputs,
    dial: () => postUssd(t, { sessionId, phone, text: '', origin }),
    async send(input) {
      inputs.push(input);
      const screen = await postUssd(t, { sessionId, phone, text: inputs.join('*'), origin });
      if (autoUnlock === false || !isUnlockPrompt(screen)) return screen;
      inputs.push(autoUnlock);
      return postUssd(t, { sessionId, phone, text: inputs.join('*'), origin });
    },
    async walk(...steps) {
      let screen: Screen | undefined;
      for (const [index, input] of steps.entries()) {
        if (screen) expect(screen.kind, `session ended before input #${index} (${input}): ${screen.text}`).toBe('CON');
        screen = await client.send(input);
      }
      return screen!;
    },
  };
  return client;
}

/** Dials and walks `inputs`; returns the last screen. */
export async function dialAndWalk(t: TestApp, phone: string, ...inputs: string[]): Promise<Screen> {
  return dialAndWalkWith(t, phone, {}, ...inputs);
}

export async function dialAndWalkWith(t: TestApp, phone: string, options: PhoneSessionOptions, ...inputs: string[]): Promise<Screen> {
  const session = phoneSession(t, phone, options);
  const first = await session.dial();
  if (inputs.length === 0) return first;
  expect(first.kind).toBe('CON');
  return session.walk(...inputs);
}

let pinHash: Promise<string> | undefined;
export const TEST_PIN = '2468';

/** Gives an account the test PIN (and a language), as if it had set them over USSD. */
export async function giveUssdPin(t: TestApp, userId: string, language: UssdLanguage = 'en'): Promise<void> {
  pinHash ??= hashSecret(TEST_PIN);
  await t.ctx.db.user.update({ where: { id: userId }, data: { ussdPinHash: await pinHash, language } });
}

export const M: Record<UssdLanguage, UssdMessages> = USSD_MESSAGES;

/** The first line of a screen. */
export const firstLine = (screen: Screen) => screen.text.split('\n')[0]!;
