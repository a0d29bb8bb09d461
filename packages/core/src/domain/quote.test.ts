import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quote, type QuoteFacts } from './quote.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transaction-state.ts';

const standard = (facts: Partial<QuoteFacts> = {}): QuoteFacts => ({
  status: 'pending',
  transactionType: 'standard',
  amountCents: 100_000n,
  buyerFeeCents: 2_500n,
  sellerFeeCents: 2_500n,
  paidCents: 0n,
  payments: [],
  refunds: [],
  ...facts,
});

describe('quote', () => {
  it('an unpaid transaction owes the price and the buyer fee, collected in one payment', () => {
    expect(quote(standard())).toEqual({
      owed: 102_500n,
      owedFee: 2_500n,
      feePaid: 0n,
      paidIn: 0n,
      held: 0n,
      refunded: 0n,
      sellerReceives: 97_500n,
      releasedToSeller: 0n,
      sellerFeeCharged: 0n,
      sellerPaidOut: 0n,
      nextPayment: { total: 102_500n, fee: 2_500n, installmentId: null },
    });
  });

  it('a completed sale pays the seller the price less their fee', () => {
    const completed = quote(
      standard({ status: 'completed', paidCents: 100_000n, payments: [{ amountCents: 102_500n, feeCents: 2_500n }] }),
    );
    expect(completed).toMatchObject({ held: 0n, releasedToSeller: 100_000n, sellerFeeCharged: 2_500n, sellerPaidOut: 97_500n });
  });

  it('a split ruling releases what was not refunded, and the seller is paid that less their fee', () => {
    const split = quote(
      standard({
        status: 'completed',
        amountCents: 3_200_000n,
        sellerFeeCents: 17_400n,
        paidCents: 3_200_000n,
        payments: [{ amountCents: 3_217_400n, feeCents: 17_400n }],
        refunds: [{ amountCents: 2_000_000n, feeCents: 0n, reason: 'dispute_split' }],
      }),
    );
    expect(split).toMatchObject({
      refunded: 2_000_000n,
      releasedToSeller: 1_200_000n,
      sellerFeeCharged: 17_400n,
      sellerPaidOut: 1_182_600n,
    });
  });

  it('counts money paid after a cancellation, given straight back, as paid in: refunds never exceed it', () => {
    // The prompt was answered after the buyer cancelled: KES 1,025 came in and went back in full, no fee taken.
    const late = quote(
      standard({
        status: 'cancelled',
        payments: [{ amountCents: 102_500n, feeCents: 0n }],
        refunds: [{ amountCents: 102_500n, feeCents: 0n, reason: 'overpayment' }],
      }),
    );
    expect(late).toMatchObject({ paidIn: 102_500n, refunded: 102_500n, held: 0n, feePaid: 0n, owed: 0n });
  });

  it('a sale paid twice, the second payment given back, releases its whole price: the overpayment was never part of it', () => {
    const twice = quote(
      standard({
        status: 'completed',
        paidCents: 100_000n,
        payments: [
          { amountCents: 102_500n, feeCents: 2_500n },
          { amountCents: 102_500n, feeCents: 0n },
        ],
        refunds: [{ amountCents: 102_500n, feeCents: 0n, reason: 'overpayment' }],
      }),
    );
    expect(twice).toMatchObject({ paidIn: 205_000n, refunded: 102_500n, releasedToSeller: 100_000n });
  });

  it('nothing is released while the money is held', () => {
    for (const status of ['funded', 'dispatched', 'disputed'] as const) {
      expect(quote(standard({ status, paidCents: 100_000n })).releasedToSeller).toBe(0n);
    }
  });

  it('a funded transaction owes nothing and holds the price; the fee is the platform’s', () => {
    const funded = quote(standard({ status: 'funded', paidCents: 100_000n, payments: [{ amountCents: 102_500n, feeCents: 2_500n }] }));
    expect(funded).toMatchObject({ owed: 0n, owedFee: 0n, held: 100_000n, feePaid: 2_500n, paidIn: 102_500n, nextPayment: null });
  });

  it('a refunded transaction holds nothing; what was refunded, fee included, is counted once', () => {
    const refunded = quote(
      standard({
        status: 'refunded',
        paidCents: 100_000n,
        payments: [{ amountCents: 102_500n, feeCents: 2_500n }],
        refunds: [{ amountCents: 102_500n, feeCents: 2_500n, reason: 'cancelled_after_funding' }],
      }),
    );
    // What was paid in stays what was paid in: the refund row says what came back.
    expect(refunded).toMatchObject({ owed: 0n, held: 0n, refunded: 102_500n, feePaid: 0n, paidIn: 102_500n });
  });

  it('a Lipa Mdogo Mdogo plan asks for the rest of the next installment, the fee with the first one', () => {
    const plan = (facts: Partial<QuoteFacts>) =>
      quote(standard({ transactionType: 'lipa_mdogo_mdogo', amountCents: 600_000n, buyerFeeCents: 6_000n, ...facts }));
    expect(plan({ nextInstallment: { id: 'i1', amountCents: 150_000n, paidCents: 0n } }).nextPayment).toEqual({
      total: 156_000n,
      fee: 6_000n,
      installmentId: 'i1',
    });
    const partly = plan({
      status: 'installment',
      paidCents: 200_000n,
      payments: [{ amountCents: 206_000n, feeCents: 6_000n }],
      nextInstallment: { id: 'i2', amountCents: 90_000n, paidCents: 40_000n },
    });
    expect(partly).toMatchObject({
      owed: 400_000n,
      owedFee: 0n,
      held: 200_000n,
      nextPayment: { total: 50_000n, fee: 0n, installmentId: 'i2' },
    });
  });

  it('the seller never receives less than nothing, whatever the fee', () => {
    expect(quote(standard({ amountCents: 1_000n, sellerFeeCents: 2_500n })).sellerReceives).toBe(0n);
  });

  it('for any facts: owed is zero outside the payable states, never negative, and the next payment never exceeds it', () => {
    const facts = fc
      .record({
        status: fc.constantFrom(...TRANSACTION_STATUSES),
        transactionType: fc.constantFrom(...TRANSACTION_TYPES),
        amountCents: fc.bigInt({ min: 1n, max: 10n ** 10n }),
        buyerFeeCents: fc.bigInt({ min: 0n, max: 10n ** 8n }),
        sellerFeeCents: fc.bigInt({ min: 0n, max: 10n ** 8n }),
        paidShare: fc.integer({ min: 0, max: 100 }),
        feeShare: fc.integer({ min: 0, max: 100 }),
      })
      .map(({ paidShare, feeShare, ...rest }): QuoteFacts => ({
        ...rest,
        paidCents: (rest.amountCents * BigInt(paidShare)) / 100n,
        payments: [
          {
            amountCents: (rest.amountCents * BigInt(paidShare)) / 100n + (rest.buyerFeeCents * BigInt(feeShare)) / 100n,
            feeCents: (rest.buyerFeeCents * BigInt(feeShare)) / 100n,
          },
        ],
        refunds: [],
        nextInstallment: null,
      }));
    fc.assert(
      fc.property(facts, (f) => {
        const q = quote(f);
        const payable = f.status === 'pending' || f.status === 'installment';
        expect(q.owed >= 0n && q.owedFee >= 0n && q.held >= 0n).toBe(true);
        if (!payable) expect([q.owed, q.nextPayment]).toEqual([0n, null]);
        else expect(q.owed).toBe(f.amountCents - f.paidCents + q.owedFee);
        if (q.nextPayment) expect(q.nextPayment.total <= q.owed).toBe(true);
        expect(q.owedFee + q.feePaid >= f.buyerFeeCents || q.owedFee === 0n).toBe(true);
      }),
    );
  });
});
