import { describe, expect, it } from 'vitest';
import type { Installment, TransactionWire } from './api/transactions';
import { defaultPaymentAmount, nextInstallment, paidByBuyer, unpaidBuyerFee } from './money';

const txn = (fields: Partial<TransactionWire>) =>
  ({
    transaction_type: 'standard',
    status: 'pending',
    amount: '1500.00',
    amount_paid: '0.00',
    amount_due: '1532.00',
    buyer_fee: '32.00',
    ...fields,
  }) as TransactionWire;

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
  it('finds the unpaid buyer fee from what is due', () => {
    expect(unpaidBuyerFee(txn({}))).toBe(3200n);
    expect(
      unpaidBuyerFee(
        txn({
          status: 'installment',
          transaction_type: 'lipa_mdogo_mdogo',
          amount: '35000.00',
          amount_paid: '7000.00',
          amount_due: '28000.00',
          buyer_fee: '283.00',
        }),
      ),
    ).toBe(0n);
  });

  it('counts what the buyer put in, fee included', () => {
    expect(paidByBuyer(txn({ status: 'funded', amount_paid: '1500.00', amount_due: '0.00' }))).toBe(153_200n);
    expect(paidByBuyer(txn({}))).toBe(0n);
  });

  it('defaults a plan payment to the rest of the next installment plus any unpaid fee', () => {
    const plan = txn({ transaction_type: 'lipa_mdogo_mdogo', amount: '35000.00', amount_due: '35283.00', buyer_fee: '283.00' });
    const schedule = [installment(0, '7000.00', '0.00', 'pending'), installment(1, '4700.00', '0.00', 'pending')];
    expect(nextInstallment(schedule)?.sequence).toBe(0);
    expect(defaultPaymentAmount(plan, schedule)).toBe(728_300n);
    const later = txn({ ...plan, status: 'installment', amount_paid: '8000.00', amount_due: '27000.00' });
    const partly = [installment(0, '7000.00', '7000.00', 'paid'), installment(1, '4700.00', '1000.00', 'pending')];
    expect(defaultPaymentAmount(later, partly)).toBe(370_000n);
    expect(defaultPaymentAmount(txn({}), undefined)).toBe(153_200n);
  });
});
