import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import type { TransactionDetail } from '../api/transactions';
import { withdrawalPayWarning } from './pay-panel';

let en: Translate;
let sw: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

const request = (pastRespondBy: boolean) =>
  ({
    reason: 'Changed plans',
    requested_at: '2026-11-28T10:00:00.000Z',
    respond_by: '2026-12-01T10:00:00.000Z',
    past_respond_by: pastRespondBy,
  }) as NonNullable<TransactionDetail['withdrawal_request']>;

describe('the pay panel beside an open withdrawal request', () => {
  it('says nothing when none is open', () => {
    expect(withdrawalPayWarning(null)).toBeNull();
  });

  it('says the seller may still accept while they can answer', () => {
    const key = withdrawalPayWarning(request(false))!;
    expect(en(key)).toContain('If you pay now and the seller accepts');
    expect(sw(key)).toContain('muuzaji akakubali');
  });

  it('past the respond-by, says the mediation team reviews it, not that the seller may accept', () => {
    const key = withdrawalPayWarning(request(true))!;
    expect(en(key)).toBe(
      'The seller did not answer your withdrawal request in time: the mediation team will review it. If you pay now and they refund you, this payment is refunded with the rest.',
    );
    expect(en(key)).not.toContain('seller accepts');
    expect(sw(key)).toContain('timu ya usuluhishi');
    expect(sw(key)).not.toContain('muuzaji akakubali');
  });
});
