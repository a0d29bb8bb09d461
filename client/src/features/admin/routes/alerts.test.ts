import { describe, expect, it } from 'vitest';
import { handledLabel, payoutConsequence } from './alerts';

describe('a failed payout on the Alerts page names the rail it is sent again on', () => {
  const airtel = { kind: 'seller_payout' as const, amount: '780.00', recipient_phone: '254733123456', rail: 'airtel' as const };

  it('the retry confirmation says Airtel Money for an Airtel Money payout, not M-Pesa', () => {
    expect(payoutConsequence(airtel, 'retry')).toBe(
      'KES 780 is sent again to the seller (0733 123 456) by Airtel Money. Nothing else changes.',
    );
    expect(payoutConsequence({ ...airtel, kind: 'buyer_refund', recipient_phone: '254712345678', rail: 'mpesa' }, 'retry')).toBe(
      'KES 780 is sent again to the buyer (0712 345 678) by M-Pesa. Nothing else changes.',
    );
  });

  it('a payout sent again waits for its own rail', () => {
    expect(handledLabel({ action: 'retry', status: 'pending', row: airtel })).toBe('Sent again, waiting for Airtel Money');
  });
});
