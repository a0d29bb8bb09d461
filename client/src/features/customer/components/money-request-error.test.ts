import { beforeAll, describe, expect, it } from 'vitest';
import type { Language, Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import { ApiError } from '@/lib/api';
import { moneyRequestError } from './query-state';

let t: Record<Language, Translate>;
beforeAll(async () => {
  t = await loadTranslators();
});

const offline = new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'NETWORK');
const proxyDown = new ApiError('The service is briefly unavailable. Please try again in a moment.', 502, 'UNKNOWN');
const refused = new ApiError('Seller phone must be different from yours', 422, 'BUSINESS_RULE');

const createWords = (language: Language) => ({
  unanswered: t[language]('customer.newTransaction.unanswered'),
  refused: (detail: string) => t[language]('customer.form.failed', { detail }),
  fallback: t[language]('customer.form.tryAgain'),
});
const payWords = (language: Language) => ({
  unanswered: t[language]('customer.pay.errUnanswered', { phone: '0722 555 777', rail: 'M-Pesa' }),
  refused: (detail: string) => detail,
  fallback: t[language]('customer.pay.errSend'),
});

describe('a create or a payment request whose answer was lost says it may have gone through, and that sending it again is safe', () => {
  it.each([
    ['no connection', offline],
    ['a proxy gave up', proxyDown],
  ])('create, %s', (_case, error) => {
    expect(moneyRequestError(error, createWords('en'), 'en')).toBe(
      'We could not tell whether the transaction was created: the answer did not come back. Send the form again as it is: that is safe, it will not create a second transaction.',
    );
    expect(moneyRequestError(error, createWords('sw'), 'sw')).toBe(
      'Hatukuweza kujua kama muamala umeundwa: jibu halikurudi. Tuma fomu tena kama ilivyo: ni salama, haitaunda muamala wa pili.',
    );
  });

  it.each([
    ['no connection', offline],
    ['a proxy gave up', proxyDown],
  ])('payment, %s', (_case, error) => {
    const english = moneyRequestError(error, payWords('en'), 'en');
    expect(english).toContain('We could not tell whether the payment request reached 0722 555 777');
    expect(english).toContain('no second request is sent while one is waiting');
    expect(english).not.toContain('Cannot reach the server');
    expect(moneyRequestError(error, payWords('sw'), 'sw')).toContain('Hatukuweza kujua kama ombi la malipo limefika kwa 0722 555 777');
  });

  it('a refusal is still the server\'s words, not "we could not tell"', () => {
    expect(moneyRequestError(refused, createWords('en'), 'en')).toBe(
      'Failed to create transaction: Seller phone must be different from yours',
    );
    expect(moneyRequestError(refused, payWords('en'), 'en')).toBe('Seller phone must be different from yours');
  });
});
