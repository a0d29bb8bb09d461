import { describe, expect, it } from 'vitest';
import type { DisputeDetail } from '../api/admin-rest';
import { outcomeHelp, returnConsequence, rulingFinality, rulingSummary, splitAmountError } from './ruling-form';

/** A fully paid escrow of KES 2,540 in dispute. */
const caseOf = (status: string, dispatchedAt: string | null) =>
  ({
    transaction: {
      status,
      dispatched_at: dispatchedAt,
      amount: '2540.00',
      seller_fee: '25.40',
      quote: { held: '2540.00', paid_in: '2565.40', fee_paid: '25.40' },
    },
  }) as unknown as DisputeDetail;

describe('the ruling confirmation’s last line', () => {
  it('says a refund of a dispatched item is sent once the item is back, not at the confirmation', () => {
    const dispatched = caseOf('disputed', '2026-11-20T09:00:00.000Z');
    expect(rulingFinality(dispatched, 'refund_buyer')).toBe(
      'A ruling is final, binding and cannot be changed. The refund is sent once the seller confirms the item came back, not when you confirm.',
    );
    expect(rulingFinality(dispatched, 'refund_buyer')).not.toContain('as soon as you confirm');
  });

  it('says money moves at the confirmation for every ruling that moves it then', () => {
    const dispatched = caseOf('disputed', '2026-11-20T09:00:00.000Z');
    const notDispatched = caseOf('disputed', null);
    for (const [detail, outcome] of [
      [dispatched, 'release_seller'],
      [dispatched, 'split'],
      [notDispatched, 'refund_buyer'],
    ] as const) {
      expect(rulingFinality(detail, outcome)).toBe('A ruling is final, binding and cannot be changed. Money moves as soon as you confirm.');
    }
  });
});

describe('the outcome options’ help', () => {
  it('says a ruling for the seller on a plan not fully paid refuses the claim and pays nobody yet', () => {
    const partPaidPlan = {
      transaction: {
        status: 'disputed',
        dispatched_at: null,
        amount: '35000.00',
        seller_fee: '283.00',
        quote: { held: '11700.00', fee_paid: '283.00' },
      },
    } as unknown as DisputeDetail;
    expect(outcomeHelp(partPaidPlan, 'release_seller')).toBe(
      "The buyer's claim is refused; the plan goes on and the seller is paid once it is fully paid.",
    );
    expect(outcomeHelp(caseOf('disputed', null), 'release_seller')).toBe('The seller is paid; the transaction completes.');
  });
});

describe('confirming a return for a silent seller', () => {
  it('states the refund the ruling decided: everything the buyer paid, their fee included', () => {
    expect(returnConsequence(caseOf('disputed', '2026-11-20T09:00:00.000Z'))).toBe(
      'The buyer gets back KES 2,565.40, everything they paid with their fee: the refund is sent as soon as you confirm, and the transaction ends refunded. The seller receives nothing.',
    );
  });
});

describe("the split's buyer part, checked before the confirmation states amounts", () => {
  const held = caseOf('disputed', '2026-11-20T09:00:00.000Z');

  it('refuses cents, which the server refuses after the confirmation had stated them', () => {
    expect(splitAmountError(held, '1000.50')).toBe("The buyer's part must be whole shillings: M-Pesa and Airtel Money move no cents.");
  });

  it('refuses nothing, everything and more, and takes a whole part of what is held', () => {
    for (const typed of ['0', '2540', '3000', 'abc']) {
      expect(splitAmountError(held, typed)).toBe(
        "The buyer's part must be more than 0 and less than KES 2,540, the amount held in escrow.",
      );
    }
    expect(splitAmountError(held, ' 1000 ')).toBeNull();
  });
});

describe('a ruled case in one line', () => {
  /** A ruled dispute as GET /api/admin/disputes/{id} answers it (the amounts the server recorded, the quote now). */
  const ruled = (dispute: Record<string, unknown>, quote: Record<string, string>, status = 'completed') =>
    ({ dispute: { status: 'resolved', ...dispute }, transaction: { status, quote } }) as unknown as DisputeDetail;

  it('says a ruling for the seller on a plan not fully paid refused the claim and paid nobody', () => {
    // As ruled over HTTP on a KES 20,000 plan with its KES 4,000 deposit paid: the transaction goes back to installment.
    const planGoesOn = ruled(
      { outcome: 'release_seller', buyer_amount: '0.00', seller_amount: '0.00' },
      { held: '4000.00', seller_paid_out: '0.00', refunded: '0.00' },
      'installment',
    );
    // Was "Released to the seller: KES 0 to the seller, KES 0 to the buyer".
    expect(rulingSummary(planGoesOn)).toBe(
      "Ruled for the seller: the buyer's claim is refused and the plan goes on. Nothing was paid out; the seller is paid once the plan is fully paid",
    );
  });

  it('says a payout that failed waits for the team, and one returned went back to the buyer', () => {
    const payout = (status: string) => ({ amount: '4919.00', status, rail: 'mpesa', receipt: null, completed_at: null });
    const releasedTo = (status: string, refunded = '0.00') =>
      ({
        ...ruled({ outcome: 'release_seller', seller_amount: '5000.00' }, { held: '0.00', seller_paid_out: '4919.00', refunded }),
        seller_payout: payout(status),
      }) as unknown as DisputeDetail;
    // Both read "Released to the seller: KES 4,919 to the seller, KES 0 to the buyer", though the seller had nothing.
    expect(rulingSummary(releasedTo('failed'))).toBe(
      'Ruled for the seller, but the payout of KES 4,919 to the seller failed: it waits for the mediation team to send it again or return it to the buyer (Alerts)',
    );
    expect(rulingSummary(releasedTo('returned', '5050.00'))).toBe(
      'Ruled for the seller, but the seller could not be paid: the money was returned to the buyer (KES 5,050 to the buyer, nothing to the seller)',
    );
    const split = (status: string) =>
      ({
        ...ruled({ outcome: 'split', seller_amount: '618.00' }, { held: '0.00', seller_paid_out: '586.00', refunded: '617.00' }),
        seller_payout: { ...payout(status), amount: '586.00' },
      }) as unknown as DisputeDetail;
    expect(rulingSummary(split('failed'))).toBe(
      'Ruled a split, but the payout of KES 586 to the seller failed: it waits for the mediation team to send it again or return it to the buyer (Alerts); KES 617 to the buyer',
    );
    // On its way or paid: the amounts as before.
    expect(rulingSummary(split('completed'))).toBe('Split between the parties: KES 586 to the seller, KES 617 to the buyer');
  });

  it('states what each party received for a release, a refund and a split', () => {
    expect(
      rulingSummary(
        ruled({ outcome: 'release_seller', seller_amount: '5000.00' }, { held: '0.00', seller_paid_out: '4919.00', refunded: '0.00' }),
      ),
    ).toBe('Released to the seller: KES 4,919 to the seller, KES 0 to the buyer');
    expect(
      rulingSummary(
        ruled(
          { outcome: 'refund_buyer', seller_amount: '0.00' },
          { held: '0.00', seller_paid_out: '0.00', refunded: '4178.00' },
          'refunded',
        ),
      ),
    ).toBe('Refunded to the buyer: KES 0 to the seller, KES 4,178 to the buyer');
    expect(
      rulingSummary(ruled({ outcome: 'split', seller_amount: '618.00' }, { held: '0.00', seller_paid_out: '586.00', refunded: '617.00' })),
    ).toBe('Split between the parties: KES 586 to the seller, KES 617 to the buyer');
    expect(
      rulingSummary(
        ruled(
          { outcome: 'refund_buyer', status: 'awaiting_return', seller_amount: '0.00' },
          { held: '7000.00', seller_paid_out: '0.00', refunded: '0.00' },
          'disputed',
        ),
      ),
    ).toBe('Ruled: refund the buyer once the seller confirms the item came back (KES 7,000 held)');
  });
});
