import { describe, expect, it } from 'vitest';
import { errorMessage as authPageMessage } from '@/features/auth/auth-messages';
import { errorMessage as customerAreaMessage } from '@/features/customer/components/query-state';
import { loadEnglishTexts, loadLanguage, loadWholeCatalogs } from '@/i18n';
import { authMessages } from '@/i18n/en/auth-messages';
import { ApiError, failure } from './api';

/** A proxy's 429 in front of the app (nginx's rate limit): an HTML page, no envelope of ours, maybe a Retry-After. */
function proxy429(retryAfter?: string): ApiError {
  const headers: Record<string, string> = { 'content-type': 'text/html' };
  if (retryAfter) headers['Retry-After'] = retryAfter;
  const response = new Response('<html><body><h1>429 Too Many Requests</h1></body></html>', { status: 429, headers });
  return failure(response, null, { hadToken: false, noAuthRedirect: true });
}

describe("a proxy's 429 on the sign-in and registration pages", () => {
  it('says how long to wait, from its Retry-After, with the texts the auth pages load', async () => {
    // What the router loads with the auth pages (app/router.tsx), not the whole catalog.
    await loadEnglishTexts('auth');
    // Was "The service is briefly unavailable. Please try again in a moment." alone, whatever the Retry-After.
    expect(authPageMessage(proxy429('120'), 'fallback', 'en')).toBe(`${authMessages.serviceUnavailable} Wait time: 2 minutes.`);
    expect(authPageMessage(proxy429('45'), 'fallback', 'en')).toBe(`${authMessages.serviceUnavailable} Wait time: 45 seconds.`);
    expect(authPageMessage(proxy429('60'), 'fallback', 'en')).toBe(`${authMessages.serviceUnavailable} Wait time: 1 minute.`);
    // No Retry-After: nothing to add.
    expect(authPageMessage(proxy429(), 'fallback', 'en')).toBe(authMessages.serviceUnavailable);
  });

  it('says it in Kiswahili on a Kiswahili page', async () => {
    await loadLanguage('sw');
    expect(authPageMessage(proxy429('300'), 'fallback', 'sw')).toBe(
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi. Muda wa kusubiri: dakika 5.',
    );
  });

  it('leaves our own refusals that say when to try again as they are', async () => {
    await loadEnglishTexts('auth');
    const lockedOut = new ApiError(
      'Too many failed login attempts. Try again in 15 minutes, or reset your password.',
      429,
      'RATE_LIMITED',
      undefined,
      900,
    );
    expect(authPageMessage(lockedOut, 'fallback', 'en')).toBe(lockedOut.message);
  });

  it('reads as the customer area says it, in both languages', async () => {
    await loadLanguage('sw');
    await loadWholeCatalogs();
    for (const language of ['en', 'sw'] as const) {
      for (const seconds of ['30', '60', '600']) {
        const error = proxy429(seconds);
        expect(authPageMessage(error, 'fallback', language)).toBe(customerAreaMessage(error, 'fallback', language));
      }
    }
  });
});
