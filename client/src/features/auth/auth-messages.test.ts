import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE_TAKEN, PHONE_TAKEN_FIELD } from '@escrow/core/contract/auth';
import { loadEnglishTexts, loadLanguage, localizeMessage } from '@/i18n';
import { ApiError, failure } from '@/lib/api';
import { errorMessage, fieldErrorsOf } from './auth-messages';

describe('a sign-up refused for a phone that has an account', () => {
  const refusal = new ApiError(PHONE_TAKEN, 409, 'ALREADY_EXISTS', { phone_number: [PHONE_TAKEN_FIELD] });

  it('is said in Kiswahili on a Kiswahili page, above the form and under the phone alike', async () => {
    await loadLanguage('sw');
    expect(errorMessage(refusal, 'fallback', 'sw')).toBe('Tayari kuna akaunti yenye nambari hii ya simu. Tafadhali ingia.');
    expect(fieldErrorsOf(refusal, 'sw')).toEqual({ phone_number: 'Tayari kuna akaunti yenye nambari hii ya simu' });
  });

  it('keeps the server’s words on an English page', () => {
    expect(fieldErrorsOf(refusal, 'en')).toEqual({ phone_number: PHONE_TAKEN_FIELD });
  });
});

// A proxy or load balancer in front of the API that refuses with 429 sends no message of ours (lib/api.ts words it),
// only how long to wait. The sign-in form said the service was away and never for how long, where the customer
// area said "Wait time: 2 minutes." (lib/retry-after.ts is the one rule for both).
describe('a sign-in refused by a proxy for too many requests', () => {
  const proxy429 = (headers: Record<string, string> = {}) =>
    failure(new Response('<html>429 Too Many Requests</html>', { status: 429, headers }), null, { hadToken: false });

  // Kiswahili loads whole; English holds its first load and the auth pages' texts, as on an auth page (no
  // customer area texts).
  beforeAll(() => Promise.all([loadLanguage('sw'), loadEnglishTexts('auth')]));

  it('names the wait its Retry-After asks for, in English and in Kiswahili', () => {
    const error = proxy429({ 'Retry-After': '120' });
    expect(errorMessage(error, 'Could not sign in', 'en')).toBe('The service is busy right now. Wait time: 2 minutes.');
    expect(errorMessage(error, 'Imeshindwa kuingia', 'sw')).toBe('Huduma ina shughuli nyingi kwa sasa. Muda wa kusubiri: dakika 2.');
  });

  it.each([
    ['no Retry-After', {}],
    ['a Retry-After that is a date', { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' }],
  ])('with %s names no wait (and never "NaN")', (_, headers) => {
    const error = proxy429(headers);
    expect(errorMessage(error, 'Could not sign in', 'en')).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(errorMessage(error, 'Imeshindwa kuingia', 'sw')).toBe(
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    );
  });

  it('leaves our own refusal, which names its wait, as the server words it', () => {
    const ours = new ApiError(
      'Too many failed login attempts. Try again in 15 minutes, or reset your password.',
      429,
      'RATE_LIMITED',
      undefined,
      900,
    );
    expect(errorMessage(ours, 'Could not sign in', 'en')).toBe(ours.message);
    expect(errorMessage(ours, 'Imeshindwa kuingia', 'sw')).toBe(localizeMessage(ours.message, 'sw'));
    expect(errorMessage(ours, 'Imeshindwa kuingia', 'sw')).not.toMatch(/Muda wa kusubiri/);
  });
});
