import { describe, expect, it } from 'vitest';
import { railForPhone } from './rail-choice.ts';

describe('railForPhone: the rail of a phone by its network prefix, unless the payer chose', () => {
  it.each([
    ['0733123456', 'airtel'],
    ['0750123456', 'airtel'],
    ['+254789123456', 'airtel'],
    ['254100123456', 'airtel'],
    ['0101 123 456', 'airtel'],
    ['0712345678', 'mpesa'],
    ['0722123456', 'mpesa'],
    ['0740123456', 'mpesa'],
    ['0790123456', 'mpesa'],
    ['0110123456', 'mpesa'],
    ['254711000101', 'mpesa'],
  ] as const)('%s → %s', (phone, rail) => {
    expect(railForPhone(phone)).toBe(rail);
  });

  it("lets the payer's pick win over the prefix", () => {
    expect(railForPhone('0733123456', 'mpesa')).toBe('mpesa');
    expect(railForPhone('0712345678', 'airtel')).toBe('airtel');
  });
});
