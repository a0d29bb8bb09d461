/** Human-friendly transaction references such as ESC-7KQ2-9HDX (Crockford base32: no I, L, O, U). */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const UINT32_RANGE = 0x1_0000_0000;

/**
 * A uniform integer in [0, max) from Web Crypto, so this file runs in Node and in browsers alike.
 * Draws above the last whole multiple of `max` are redrawn: taking `% max` of them would favour small values.
 */
export function secureRandomBelow(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > UINT32_RANGE) throw new RangeError(`max must be an integer in 1..2^32, got ${max}`);
  const limit = UINT32_RANGE - (UINT32_RANGE % max);
  for (;;) {
    const draw = nextRandomUint32();
    if (draw < limit) return draw % max;
  }
}

/**
 * Random words are drawn from Web Crypto 256 at a time and each used once: a reference takes eight, and
 * one `getRandomValues` call per word was 3.5 % of the server's time during a burst of creations.
 */
const pool = new Uint32Array(256);
let poolAt = pool.length;

function nextRandomUint32(): number {
  if (poolAt === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

export function generateReference(random: (max: number) => number = secureRandomBelow): string {
  const pick = () => ALPHABET[random(ALPHABET.length)];
  const block = () => Array.from({ length: 4 }, pick).join('');
  return `ESC-${block()}-${block()}`;
}

export const REFERENCE_PATTERN = /^ESC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
