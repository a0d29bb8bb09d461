import { describe, expect, it } from 'vitest';
import type { Installment } from './api/transactions';
import { cents, customAmountMinimum, isAwaitingFirstPayment, isPlanEnded, nextInstallment, sellerReceivesLine } from './money';

const installment = (sequence: number, amount: string, paid: string, status: Installment['status']): Installment => ({
  id: `i${sequence}`,
  sequence,
  due_date: '2026-11-21T00:00:00.000Z',
  amount,
  paid_amount: paid,
  status,
  paid_at: null,
});

describe('customer money figures', () => {
  it('a typed amount on a plan is at least its whole first payment before the plan starts, then more than the unpaid fee', () => {
    const plan = (status: string, next: string, fee: string) =>
      ({ status, quote: { next_payment: next, owed_fee: fee } }) as unknown as Parameters<typeof customAmountMinimum>[0];
    // Initial payment 7,000 and the buyer's fee share 283: a smaller first payment is refused by the server.
    expect(customAmountMinimum(plan('pending', '7283.00', '283.00'))).toBe(728_300n);
    expect(customAmountMinimum(plan('installment', '4700.00', '0.00'))).toBe(100n);
  });

  it('reads wire amounts as cents, a missing one as zero', () => {
    expect(cents('1532.00')).toBe(153_200n);
    expect(cents(null)).toBe(0n);
  });

  it('finds the earliest installment not fully paid', () => {
    expect(nextInstallment([installment(0, '7000.00', '0.00', 'pending'), installment(1, '4700.00', '0.00', 'pending')])?.sequence).toBe(0);
    expect(nextInstallment([installment(0, '7000.00', '7000.00', 'paid'), installment(1, '4700.00', '1000.00', 'overdue')])?.sequence).toBe(
      1,
    );
    expect(nextInstallment(undefined)).toBeNull();
  });

  it('owes nothing more on a plan refunded or cancelled before its end, and still owes on a live one', () => {
    expect(isPlanEnded('refunded')).toBe(true);
    expect(isPlanEnded('cancelled')).toBe(true);
    expect(isPlanEnded('installment')).toBe(false);
    expect(isPlanEnded('disputed')).toBe(false);
  });
});

type LineInput = Parameters<typeof sellerReceivesLine>[0];
/** A KES 35,000 plan with KES 283 fee shares each, as the seller sees it. */
const plan = (status: string, held: string, dispute: string | null = null): LineInput =>
  ({
    transaction: {
      my_role: 'seller',
      status,
      amount: '35000.00',
      seller_fee: '283.00',
      quote: { held, paid_in: (Number(held) + 283).toFixed(2), seller_receives: '34717.00' },
    },
    dispute: dispute ? { status: dispute } : null,
  }) as unknown as LineInput;

describe("the seller's 'you receive' line", () => {
  it('is the price less the seller fee while the deal runs', () => {
    expect(sellerReceivesLine(plan('installment', '11700.00'))).toEqual({ label: 'youReceive', amount: 3_471_700n });
  });

  it('in a dispute over a fully paid deal, is what a ruling for the seller pays: what is held less the fee', () => {
    expect(sellerReceivesLine(plan('disputed', '35000.00'))).toEqual({ label: 'youReceiveIfReleased', amount: 3_471_700n });
  });

  it('in a dispute over a plan not fully paid, says the money comes once the plan is paid (a ruling for the seller only lets it go on)', () => {
    expect(sellerReceivesLine(plan('disputed', '11700.00'))).toEqual({ label: 'youReceiveOncePaid', amount: 3_471_700n });
  });

  it('is absent once a refund waits for the item, once final, and for the buyer', () => {
    expect(sellerReceivesLine(plan('disputed', '35000.00', 'awaiting_return'))).toBeNull();
    expect(sellerReceivesLine(plan('completed', '0.00'))).toBeNull();
    const buyer = plan('installment', '11700.00');
    expect(sellerReceivesLine({ ...buyer, transaction: { ...buyer.transaction, my_role: 'buyer' } })).toBeNull();
  });
});

describe('the "created, now pay" message', () => {
  const detail = (allowed: string[], successful: number) =>
    ({ transaction: { allowed_actions: allowed }, payment_status: { successful_payments: successful } }) as unknown as Parameters<
      typeof isAwaitingFirstPayment
    >[0];

  it('stays until the first payment succeeds, even though a plan is still payable after its deposit', () => {
    expect(isAwaitingFirstPayment(detail(['pay', 'cancel'], 0))).toBe(true);
    expect(isAwaitingFirstPayment(detail(['pay', 'dispute', 'request_withdrawal'], 1))).toBe(false);
    expect(isAwaitingFirstPayment(detail(['dispatch'], 1))).toBe(false);
  });
});
