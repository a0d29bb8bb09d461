/** What people type on a phone keypad, read generously: references in any case and form, and names. */
import { REFERENCE_PATTERN } from '@escrow/core/domain/reference';

/** ESC-7KQ2-9HDX from "esc7kq29hdx", "7KQ2-9HDX", "7kq2 9hdx"…; O, I and L are read as 0, 1 and 1. */
export function normalizeReference(input: string): string | null {
  let code = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (code.length === 11 && code.startsWith('ESC')) code = code.slice(3);
  code = code.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== 8) return null;
  const reference = `ESC-${code.slice(0, 4)}-${code.slice(4)}`;
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}

/**
 * A first or last name: 1 to 60 characters (the web's rule) that start with a letter, so a menu number
 * typed one screen too late is not taken for a name.
 */
export function personName(input: string): string | null {
  const name = input.replace(/\s+/g, ' ').trim();
  return name.length >= 1 && name.length <= 60 && /^\p{L}[\p{L} .'-]*$/u.test(name) ? name : null;
}
