import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '@/i18n';
import { ApiError } from '@/lib/api';
import { fieldErrorsOf } from './query-state';

beforeAll(() => loadLanguage('sw'));

/** A refusal as the server answers it (the bodies are the server's own, from its routes). */
const refusal = (status: number, code: string, message: string, errors: Record<string, string[]>) =>
  new ApiError(message, status, code, errors);

describe("a form's field errors, each under its field", () => {
  it("are the server's words in the reader's language (the new payment link form)", () => {
    const empty = refusal(400, 'VALIDATION_ERROR', 'product_name: Product name is required', {
      product_name: ['Product name is required'],
      amount: ['Must be a number with at most 2 decimals'],
    });
    expect(fieldErrorsOf(empty, 'sw')).toEqual({
      product_name: 'Jina la bidhaa linahitajika',
      amount: 'Kiasi lazima kiwe nambari yenye desimali zisizozidi 2',
    });
    const bounds = refusal(400, 'VALIDATION_ERROR', 'amount: Amount must be between 1 and 500,000 KES', {
      amount: ['Amount must be between 1 and 500,000 KES'],
      quantity: ['Quantity must be at least 1'],
    });
    expect(fieldErrorsOf(bounds, 'sw')).toEqual({
      amount: 'Kiasi lazima kiwe kati ya KES 1 na KES 500,000',
      quantity: 'Idadi lazima iwe angalau 1',
    });
    const past = refusal(422, 'BUSINESS_RULE', 'The expiry must be in the future', { expires_at: ['The expiry must be in the future'] });
    expect(fieldErrorsOf(past, 'sw')).toEqual({ expires_at: 'Tarehe ya mwisho lazima iwe ya baadaye' });
    expect(fieldErrorsOf(past, 'en')).toEqual({ expires_at: 'The expiry must be in the future' });
  });

  it("are the server's words in the reader's language (the profile form)", () => {
    const taken = refusal(409, 'ALREADY_EXISTS', 'Another account already uses this email.', {
      email: ['Another account already uses this email'],
    });
    expect(fieldErrorsOf(taken, 'sw')).toEqual({ email: 'Akaunti nyingine tayari inatumia barua pepe hii' });
    const blank = refusal(400, 'VALIDATION_ERROR', 'first_name: First name is required', { first_name: ['First name is required'] });
    expect(fieldErrorsOf(blank, 'sw')).toEqual({ first_name: 'Jina la kwanza linahitajika' });
  });

  it('are none for a refusal without fields, or no refusal', () => {
    expect(fieldErrorsOf(refusal(429, 'RATE_LIMITED', 'Too many payment links created. Please try again later.', {}), 'sw')).toEqual({});
    expect(fieldErrorsOf(new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'NETWORK'), 'sw')).toEqual({});
    expect(fieldErrorsOf(null, 'sw')).toEqual({});
  });
});
