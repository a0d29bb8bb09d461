import { describe, expect, it } from 'vitest';
import { displayPhone, maskPhone, normalizePhone } from './phone.ts';

describe('phone numbers', () => {
  it('normalises every accepted form to 254XXXXXXXXX', () => {
    for (const input of ['0722123456', '254722123456', '+254722123456', '0722 123 456', '0722-123-456']) {
      expect(normalizePhone(input), input).toBe('254722123456');
    }
    expect(normalizePhone('0110123456')).toBe('254110123456');
    expect(normalizePhone('254110123456')).toBe('254110123456');
  });

  it('rejects anything else', () => {
    for (const input of ['', '072212345', '07221234567', '0822123456', '255722123456', '+1 202 555 0100', 'abcdefghij', '2547221234567']) {
      expect(normalizePhone(input), input).toBeNull();
    }
  });

  it('displays and masks', () => {
    expect(displayPhone('254722123456')).toBe('0722 123 456');
    expect(maskPhone('254722123456')).toBe('0722***456');
  });
});
