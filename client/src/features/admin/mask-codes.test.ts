import { describe, expect, it } from 'vitest';
import { maskCodes } from './mask-codes';

describe('maskCodes', () => {
  it('hides the digits of code messages only', () => {
    expect(maskCodes('verification_code', 'Your Escrow Kenya code is 208394. It expires in 10 minutes.')).toBe(
      'Your Escrow Kenya code is ••••••. It expires in 10 minutes.',
    );
    expect(maskCodes('password_reset_code', 'Reset code 1234')).toBe('Reset code ••••••');
    expect(maskCodes('payment_received', 'We received KES 13,094 for ESC-V7JS-WDEB')).toBe('We received KES 13,094 for ESC-V7JS-WDEB');
  });
});
