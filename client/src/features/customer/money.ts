/**
 * Figures the customer pages show that the wire gives only in parts. All in integer cents from the
 * server's strings; nothing here decides what is allowed (that is `allowed_actions`).
 */
import { parseAmount, type Cents } from '@domain/money';
import type { Installment, TransactionWire } from './api/transactions';

export const cents = (wire: string | null | undefined): Cents => parseAmount(wire ?? '') ?? 0n;

/** The buyer's fee share not yet paid: what is due beyond the unpaid price. */
export function unpaidBuyerFee(txn: TransactionWire): Cents {
  const unpaidPrice = cents(txn.amount) - cents(txn.amount_paid);
  const fee = cents(txn.amount_due) - unpaidPrice;
  return fee > 0n ? fee : 0n;
}

/** What the buyer has put in so far, fee included (what a full refund sends back). */
export function paidByBuyer(txn: TransactionWire): Cents {
  const unpaidFee = txn.status === 'pending' || txn.status === 'installment' ? unpaidBuyerFee(txn) : 0n;
  const feePaid = cents(txn.buyer_fee) - unpaidFee;
  return cents(txn.amount_paid) + (feePaid > 0n ? feePaid : 0n);
}

/** The earliest installment not yet fully paid. */
export function nextInstallment(installments: Installment[] | undefined): Installment | null {
  return installments?.find((installment) => installment.status === 'pending' || installment.status === 'overdue') ?? null;
}

/** The default M-Pesa amount: the rest of the next installment (plus any unpaid fee), or everything due. */
export function defaultPaymentAmount(txn: TransactionWire, installments: Installment[] | undefined): Cents {
  const due = cents(txn.amount_due);
  const next = nextInstallment(installments);
  if (txn.transaction_type !== 'lipa_mdogo_mdogo' || !next) return due;
  const amount = cents(next.amount) - cents(next.paid_amount) + unpaidBuyerFee(txn);
  return amount > 0n && amount < due ? amount : due;
}
