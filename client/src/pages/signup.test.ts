import { describe, expect, it } from 'vitest';
import { loadTranslators } from '@/i18n/test-translators';

describe('the sign-up page, read by a seller on an Airtel Money number (073x, 0750–0756, 078x, 010x)', () => {
  it('asks for the M-Pesa or Airtel Money number, not an M-Pesa number alone, in both languages', async () => {
    const { en, sw } = await loadTranslators();
    // Such a seller is paid out by Airtel Money (payoutRail): the number they sign up with is that wallet.
    for (const text of [
      en('auth.signup.phoneHelper'),
      en('auth.signup.subtitle'),
      sw('auth.signup.phoneHelper'),
      sw('auth.signup.subtitle'),
    ]) {
      expect(text).toContain('M-Pesa');
      expect(text).toContain('Airtel Money');
    }
  });
});
