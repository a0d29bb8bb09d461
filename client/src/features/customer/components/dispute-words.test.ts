import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import { disputeOpener, disputeProblem } from './dispute-words';

let sw: Translate;
let en: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

describe('the dispute card', () => {
  it('names a declined withdrawal as the problem in the reader’s language, not in English', () => {
    expect(disputeProblem(en, 'withdrawal_declined')).toBe('Withdrawal declined');
    expect(disputeProblem(sw, 'withdrawal_declined')).toBe('Kujiondoa kumekataliwa');
    expect(disputeProblem(sw, 'non_delivery')).toBe(sw('customer.actions.disputeTypes.non_delivery'));
  });

  it('names the other party who opened it with a capital letter in both languages, and the reader as you', () => {
    expect(disputeOpener(en, 'buyer', 'seller')).toBe('The buyer');
    expect(disputeOpener(sw, 'buyer', 'seller')).toBe('Mnunuzi');
    expect(disputeOpener(sw, 'seller', 'buyer')).toBe('Muuzaji');
    expect(disputeOpener(sw, 'buyer', 'buyer')).toBe(sw('customer.dispute.you'));
  });
});
