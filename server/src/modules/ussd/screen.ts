/**
 * The USSD screen builder: every answer goes through `con()` or `end()`, which check the 182-character
 * limit of a USSD screen. Outside production a longer screen throws, so the tests that walk every menu
 * fail on it; in production it is cut (and logged by the caller) rather than dropped by the network.
 */
import { cutText } from '@escrow/core/domain/text';
import { USSD_SCREEN_MAX } from '@escrow/core/contract/ussd';

export class ScreenTooLongError extends Error {
  constructor(readonly screen: string) {
    super(`USSD screen of ${screen.length} characters (max ${USSD_SCREEN_MAX}): ${JSON.stringify(screen)}`);
    this.name = 'ScreenTooLongError';
  }
}

export type UssdReply = { kind: 'CON' | 'END'; text: string };

export function con(text: string): UssdReply {
  return { kind: 'CON', text };
}

export function end(text: string): UssdReply {
  return { kind: 'END', text };
}

/** The response body: `CON …` or `END …`, checked against the screen limit. */
export function renderReply(reply: UssdReply, options: { strict: boolean }): string {
  const text = reply.text.trim();
  if (text.length > USSD_SCREEN_MAX) {
    if (options.strict) throw new ScreenTooLongError(text);
    return `${reply.kind} ${cutText(text, USSD_SCREEN_MAX)}`;
  }
  return `${reply.kind} ${text}`;
}

/** Shortens user-supplied text (item names, people's names) to fit a screen line. */
export function clip(value: string, max: number): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${cutText(clean, max - 2).trimEnd()}..`;
}

/** Numbered options, one a line. */
export function options(items: readonly string[], first = 1): string {
  return items.map((item, index) => `${index + first}. ${item}`).join('\n');
}
