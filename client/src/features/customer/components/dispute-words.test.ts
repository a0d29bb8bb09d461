import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import { disputeOpener, disputeProblem, disputeRuling } from './dispute-words';

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

  it('names a withdrawal the seller did not answer in time as that, not as declined', () => {
    expect(disputeProblem(en, 'withdrawal_lapsed')).toBe('The seller did not answer the withdrawal in time');
    expect(disputeProblem(sw, 'withdrawal_lapsed')).toBe('Muuzaji hakujibu ombi la kujiondoa kwa wakati');
  });

  it('names the other party who opened it with a capital letter in both languages, and the reader as you', () => {
    expect(disputeOpener(en, 'buyer', 'seller')).toBe('The buyer');
    expect(disputeOpener(sw, 'buyer', 'seller')).toBe('Mnunuzi');
    expect(disputeOpener(sw, 'seller', 'buyer')).toBe('Muuzaji');
    expect(disputeOpener(sw, 'buyer', 'buyer')).toBe(sw('customer.dispute.you'));
  });
});

describe('the ruling on the dispute card', () => {
  it('says a ruling for the seller on a plan not fully paid refused the claim and paid nobody, in both languages', () => {
    // As GET /api/transactions/{id}/dispute answers it for a KES 20,000 plan ruled with its deposit paid.
    const planGoesOn = { outcome: 'release_seller', status: 'resolved', seller_amount: '0.00' } as const;
    // Was "Released to the seller" and "Muuzaji amelipwa" (the seller has been paid).
    expect(disputeRuling(en, planGoesOn)).toBe("For the seller: the buyer's claim is refused and the plan goes on. Nothing was paid out");
    expect(disputeRuling(sw, planGoesOn)).toBe(
      'Kwa muuzaji: malalamiko ya mnunuzi yamekataliwa na mpango unaendelea. Hakuna pesa iliyotolewa',
    );
  });

  it('names a release as released, not paid, in Kiswahili too: the payout may still be on its way or fail', () => {
    const released = { outcome: 'release_seller', status: 'resolved', seller_amount: '5000.00' } as const;
    expect(disputeRuling(en, released)).toBe('Released to the seller');
    expect(disputeRuling(sw, released)).toBe('Malipo yametolewa kwa muuzaji');
  });

  it('names the other rulings as before', () => {
    expect(disputeRuling(en, { outcome: 'refund_buyer', status: 'awaiting_return', seller_amount: '0.00' })).toBe(
      'Refund to the buyer once the item is back',
    );
    expect(disputeRuling(en, { outcome: 'refund_buyer', status: 'resolved', seller_amount: '0.00' })).toBe('Refunded to the buyer');
    expect(disputeRuling(en, { outcome: 'split', status: 'resolved', seller_amount: '618.00' })).toBe('Split between buyer and seller');
    expect(disputeRuling(en, { outcome: null, status: 'open', seller_amount: null })).toBe('');
  });
});
