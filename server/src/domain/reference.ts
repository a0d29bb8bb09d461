/** Human-friendly transaction references such as ESC-7KQ2-9HDX (Crockford base32: no I, L, O, U). */
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function generateReference(random: (max: number) => number = randomInt): string {
  const pick = () => ALPHABET[random(ALPHABET.length)];
  const block = () => Array.from({ length: 4 }, pick).join('');
  return `ESC-${block()}-${block()}`;
}

export const REFERENCE_PATTERN = /^ESC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
