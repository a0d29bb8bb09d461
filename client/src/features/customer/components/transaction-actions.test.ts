import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import type { TransactionDetail } from '../api/transactions';
import { doneMessage, explanation } from './transaction-actions';

let en: Translate;
let sw: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

/** A transaction an Airtel Money buyer (0733 …) paid into: refunds go back on the rail each payment came by. */
const paidByAirtel = (status: 'funded' | 'installment') =>
  ({
    transaction: { status, product_name: 'Samsung A05', inspection_window_hours: 72, quote: { held: '9000.00', fee_paid: '79.00' } },
    buyer: { display_name: 'Akinyi T.', phone_number: '254733200100' },
    seller: { display_name: 'Otieno M.', phone_number: '254712300111' },
  }) as unknown as TransactionDetail;

describe('where a refund goes, as the parties read it before and after', () => {
  it('says the phone that paid, never M-Pesa alone: the buyer may have paid by Airtel Money', () => {
    const texts = (t: Translate) => [
      explanation('cancel', paidByAirtel('funded'), t, t === en ? 'en' : 'sw'),
      doneMessage('cancel', paidByAirtel('funded'), t),
      explanation('accept_withdrawal', paidByAirtel('installment'), t, t === en ? 'en' : 'sw'),
    ];
    for (const text of [...texts(en), ...texts(sw)]) expect(text).not.toContain('M-Pesa');
    expect(texts(en)).toEqual([
      'Everything the buyer paid (KES 9,079, their half of the fee included) is refunded to the phone that paid it, and the transaction ends. Both of you will be told by SMS.',
      'Transaction cancelled. The refund is on its way to the phone that paid.',
      'The plan ends and the buyer gets back what they paid towards the item (KES 9,000) to the phone that paid, at once. The item stays with you.',
    ]);
    expect(texts(sw)[0]).toContain('kinarudishwa kwa simu iliyolipa');
    expect(texts(sw)[1]).toBe('Muamala umeghairiwa. Pesa inarudishwa kwa simu iliyolipa.');
    expect(texts(sw)[2]).toContain('kwa simu iliyolipa, mara moja');
  });
});
