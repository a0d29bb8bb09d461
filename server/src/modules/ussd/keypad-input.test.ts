import { describe, expect, it } from 'vitest';
import { normalizeReference, personName } from './keypad-input.ts';

describe('normalizeReference', () => {
  it.each([
    ['ESC-7KQ2-9HDX', 'ESC-7KQ2-9HDX'],
    ['esc-7kq2-9hdx', 'ESC-7KQ2-9HDX'],
    ['esc7kq29hdx', 'ESC-7KQ2-9HDX'],
    ['7KQ2-9HDX', 'ESC-7KQ2-9HDX'],
    ['7kq2 9hdx', 'ESC-7KQ2-9HDX'],
    // Letters Crockford base32 leaves out are read as the digits they look like.
    ['7KQ2-9HDO', 'ESC-7KQ2-9HD0'],
    ['1LI2-0000', 'ESC-1112-0000'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeReference(input)).toBe(expected);
  });

  it.each(['', 'hello', '7KQ2-9HD', '7KQ2-9HDXX', 'ESC-7KQ2-9HDU', '12345678901'])('refuses %j', (input) => {
    expect(normalizeReference(input)).toBeNull();
  });
});

describe('personName', () => {
  it('accepts names with accents, hyphens and apostrophes, tidying spaces', () => {
    expect(personName("  Wanjiru-Ann   O'Neil ")).toBe("Wanjiru-Ann O'Neil");
    expect(personName('Zoë')).toBe('Zoë');
  });

  it.each(['', '1', '12345', '*', 'x'.repeat(61), '-Ann'])('refuses %j', (input) => {
    expect(personName(input)).toBeNull();
  });
});
