import { describe, expect, it } from 'vitest';
import { PHONE_TAKEN, PHONE_TAKEN_FIELD } from '@escrow/core/contract/auth';
import { loadLanguage } from '@/i18n';
import { ApiError } from '@/lib/api';
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
