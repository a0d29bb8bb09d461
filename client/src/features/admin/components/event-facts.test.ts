import { describe, expect, it } from 'vitest';
import { eventFacts } from './event-facts';

describe('eventFacts', () => {
  it('formats money, dates, enums and ids for people and drops false flags and duplicates', () => {
    const facts = eventFacts({
      amount: '8381.00',
      payment_type: 'escrow_deposit',
      rail: 'mpesa',
      rail_name: 'M-Pesa',
      late: false,
      response: true,
      response_text: 'It was blue when I sent it',
      reason: 'not_as_described',
      inspection_ends_at: '2026-12-04T15:09:39.721Z',
      dispute_id: '01a21d8e-7c1b-7a00-8f00-123456abcdef',
      nested: { skipped: true },
    });
    expect(facts.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Amount: KES 8,381',
      'Payment type: Escrow deposit',
      'Paid through: M-Pesa',
      'Response: It was blue when I sent it',
      'Reason: Not as described',
      'Inspection ends: 4 Dec 2026, 18:09',
      'Dispute: …56abcdef',
    ]);
    expect(facts.at(-1)?.title).toBe('01a21d8e-7c1b-7a00-8f00-123456abcdef');
  });

  it('shows a flag that is on as a word', () => {
    expect(eventFacts({ retried: true, payout_id: 'abc' })).toEqual([
      { key: 'retried', label: 'Retried', value: 'Yes' },
      { key: 'payout_id', label: 'Payout', value: '…abc', title: 'abc' },
    ]);
  });

  it("formats a ruling's seller payout as money, like the amounts beside it", () => {
    expect(
      eventFacts({ outcome: 'release_seller', seller_amount: '9000.00', seller_payout: '8921.00' }).map(
        ({ label, value }) => `${label}: ${value}`,
      ),
    ).toEqual(['Outcome: Release seller', 'Seller amount: KES 9,000', 'Seller payout: KES 8,921']);
  });
});
