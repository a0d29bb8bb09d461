import { describe, expect, it } from 'vitest';
import { handledLabel, payoutConsequence, unconfirmedConsequence } from './alerts';

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

describe('a payment the rail never confirmed, on the Alerts page', () => {
  it('the close confirmation says when to close it, what the payer is told, and that a late success is still credited', () => {
    expect(
      unconfirmedConsequence({ amount: '1332.00', payer_phone: '254712345678', rail: 'mpesa', reference_number: 'ESC-7KQ2-9HDX' }),
    ).toBe(
      "Close it only if M-Pesa's statement shows no payment of KES 1,332 from 0712 345 678 for ESC-7KQ2-9HDX. The payment is marked failed, and the payer is told by SMS that it could not be confirmed and that they may pay again. If M-Pesa reports it paid later, it is still credited.",
    );
  });
});
