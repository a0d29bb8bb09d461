/**
 * Texts that tell a person how money moves, or what to enter, name both rails: a buyer may pay by M-Pesa or
 * by Airtel Money (packages/core/src/domain/rail-choice.ts), and a seller is paid on their own network's.
 * Brand and marketing lines ("M-Pesa escrow") are left as they are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language, MessageKey, Translate } from '.';
import { loadTranslators } from './test-translators';

let t: Record<Language, Translate>;
beforeAll(async () => {
  t = await loadTranslators();
});

const SAYS_BOTH_RAILS: MessageKey[] = [
  'customer.paymentLinks.intro',
  'customer.paymentLinks.shareText',
  'customer.overview.emptyText',
  'public.home.faq.payment.answer',
  'public.pricing.cards.hidden.text',
  'public.ussdSimulator.tips.payment',
];

describe('texts about how money moves', () => {
  it.each(SAYS_BOTH_RAILS)('%s names Airtel Money beside M-Pesa, in both languages', (key) => {
    for (const language of ['en', 'sw'] as const) {
      const text = t[language](key, { product: 'Sofa', price: 'KES 2,000', url: 'https://x.example/pay/abc' });
      expect(text, `${language}: ${text}`).toContain('M-Pesa');
      expect(text, `${language}: ${text}`).toContain('Airtel Money');
    }
  });
});
