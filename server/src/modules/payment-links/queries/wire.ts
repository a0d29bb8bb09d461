/** Payment link rows → the wire shapes of contract/payment-links.ts. */
import type { PaymentLinkWire } from '@escrow/core/contract/payment-links';
import { calculateFee, FEE_TYPE_FOR_TRANSACTION, type Fee } from '@escrow/core/domain/fees';
import { buildPlan, DEFAULT_PLAN_TERM, minimumDeposit, suggestedDeposit } from '@escrow/core/domain/installment-plan';
import { type Cents, formatCents } from '@escrow/core/domain/money';
import { CHECKOUT_RELEASES_UNIT, paymentLinkStatus } from '@escrow/core/domain/payment-link';
import type { TransactionStatus, TransactionType } from '@escrow/core/domain/transaction-state';

export interface PaymentLinkRow {
  code: string;
  productName: string;
  description: string | null;
  transactionType: TransactionType;
  amountCents: bigint;
  installmentMonths: number | null;
  quantity: number | null;
  expiresAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
}

export interface CheckoutRow {
  id: string;
  referenceNumber: string;
  status: TransactionStatus;
  amountCents: bigint;
  paidCents: bigint;
  refundedCents: bigint;
  createdAt: Date;
  buyer: { firstName: string; lastName: string };
}

/** Statuses in which the escrow still holds what was paid in (less refunds). */
const HOLDING: readonly TransactionStatus[] = ['installment', 'funded', 'dispatched', 'disputed'];

export function heldBy(checkout: Pick<CheckoutRow, 'status' | 'paidCents' | 'refundedCents'>): Cents {
  if (!HOLDING.includes(checkout.status)) return 0n;
  const held = checkout.paidCents - checkout.refundedCents;
  return held > 0n ? held : 0n;
}

export const holdsUnit = (status: string) => !CHECKOUT_RELEASES_UNIT.includes(status);

export function paymentLinkUrl(publicBaseUrl: string, code: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/pay/${code}`;
}

export function linkFee(link: Pick<PaymentLinkRow, 'amountCents' | 'transactionType'>): Fee {
  return calculateFee(link.amountCents, FEE_TYPE_FOR_TRANSACTION[link.transactionType]);
}

export function feeToWire(fee: Fee) {
  return {
    total: formatCents(fee.total),
    buyer_share: formatCents(fee.buyerShare),
    seller_share: formatCents(fee.sellerShare),
    percentage: Number(fee.basisPoints) / 100,
  };
}

export function planWire(link: Pick<PaymentLinkRow, 'amountCents' | 'transactionType' | 'installmentMonths'>) {
  if (link.transactionType !== 'lipa_mdogo_mdogo') return null;
  const months = link.installmentMonths ?? DEFAULT_PLAN_TERM;
  const deposit = suggestedDeposit(link.amountCents);
  const plan = buildPlan({ total: link.amountCents, deposit, months });
  return {
    total_cost: formatCents(link.amountCents),
    installment_months: months,
    minimum_deposit: formatCents(minimumDeposit(link.amountCents)),
    suggested_deposit: formatCents(deposit),
    monthly_installment: formatCents(plan.monthly),
  };
}

export function unitsLeft(link: Pick<PaymentLinkRow, 'quantity'>, unitsHeld: number): number | null {
  return link.quantity === null ? null : Math.max(0, link.quantity - unitsHeld);
}

export function toPaymentLinkWire(
  link: PaymentLinkRow,
  checkouts: CheckoutRow[],
  options: { now: Date; publicBaseUrl: string; recent?: number },
): PaymentLinkWire {
  const unitsHeld = checkouts.filter((checkout) => holdsUnit(checkout.status)).length;
  const held = checkouts.reduce((sum, checkout) => sum + heldBy(checkout), 0n);
  return {
    code: link.code,
    url: paymentLinkUrl(options.publicBaseUrl, link.code),
    product_name: link.productName,
    description: link.description,
    amount: formatCents(link.amountCents),
    transaction_type: link.transactionType,
    charges: feeToWire(linkFee(link)),
    installment_months: link.transactionType === 'lipa_mdogo_mdogo' ? (link.installmentMonths ?? DEFAULT_PLAN_TERM) : null,
    status: paymentLinkStatus({ ...link, unitsHeld }, options.now),
    quantity: link.quantity,
    units_left: unitsLeft(link, unitsHeld),
    checkouts: unitsHeld,
    held: formatCents(held),
    recent_checkouts: checkouts.slice(0, options.recent ?? 20).map((checkout) => ({
      id: checkout.id,
      reference_number: checkout.referenceNumber,
      status: checkout.status,
      amount: formatCents(checkout.amountCents),
      held: formatCents(heldBy(checkout)),
      buyer: { display_name: `${checkout.buyer.firstName} ${checkout.buyer.lastName}`.trim() },
      created_at: checkout.createdAt.toISOString(),
    })),
    expires_at: link.expiresAt ? link.expiresAt.toISOString() : null,
    disabled_at: link.disabledAt ? link.disabledAt.toISOString() : null,
    created_at: link.createdAt.toISOString(),
  };
}

/** What a checkout list needs of each transaction. */
export const CHECKOUT_SELECT = {
  id: true,
  referenceNumber: true,
  status: true,
  amountCents: true,
  paidCents: true,
  refundedCents: true,
  createdAt: true,
  buyer: { select: { firstName: true, lastName: true } },
} as const;
