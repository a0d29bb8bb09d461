import { describe, expect, it } from 'vitest';
import { registerBody } from '@escrow/core/contract/auth';
import { payPageRegistration } from './pay';

describe('sign-up from a payment link', () => {
  const form = { first: ' Achieng ', last: 'Otieno ', phone: ' 0722418802', password: 'Buyer@2026!x' };

  it('signs the visitor up in the language of the page, so the SMS code reads in it', () => {
    expect(payPageRegistration(form, 'sw')).toMatchObject({ preferred_language: 'sw', user_type: 'buyer' });
    expect(payPageRegistration(form, 'en')).toMatchObject({ preferred_language: 'en' });
  });

  it('sends a body the server accepts', () => {
    const body = payPageRegistration(form, 'sw');
    expect(registerBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ first_name: 'Achieng', last_name: 'Otieno', phone_number: '0722418802' });
  });
});
