/** Database rows → the wire shapes of contract/transactions.ts. */
import type { TransactionWire } from '@escrow/core/contract/transactions';
import { inspectionWindowHours } from '@escrow/core/domain/inspection-window';
import { formatCents } from '@escrow/core/domain/money';
import { availableActions, type Actor, type SubState, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { maskPhone } from '@escrow/core/domain/phone';
import type { Quote } from '@escrow/core/domain/quote';

interface Person {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export function partyWire(person: Person | null, phone: string) {
  return { phone_number: phone, display_name: person ? `${person.firstName} ${person.lastName}`.trim() : maskPhone(phone) };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface TransactionRow {
  id: string;
  referenceNumber: string;
  transactionType: 'standard' | 'protected' | 'lipa_mdogo_mdogo';
  status: TransactionStatus;
  buyerId: string;
  sellerId: string | null;
  sellerPhone: string;
  productName: string;
  amountCents: bigint;
  buyerFeeCents: bigint;
  sellerFeeCents: bigint;
  paidCents: bigint;
  refundedCents: bigint;
  channel: 'web' | 'ussd' | 'api';
  fundedAt: Date | null;
  dispatchedAt: Date | null;
  inspectionEndsAt: Date | null;
  dispatchCourier: string | null;
  dispatchTracking: string | null;
  dispatchNote: string | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  paymentLinkCode?: string | null;
  buyer: Person;
  seller: Person | null;
  plan?: { depositCents: bigint; months: number } | null;
}

type ListRow = Pick<
  TransactionRow,
  'id' | 'referenceNumber' | 'amountCents' | 'status' | 'transactionType' | 'productName' | 'sellerPhone' | 'createdAt' | 'buyer' | 'seller'
>;

/** The list item of docs/contract.md "Transactions"; the full transaction wire extends it. */
export function toListItem(txn: ListRow, latestEvent: { eventType: string; createdAt: Date } | null) {
  return {
    id: txn.id,
    reference_number: txn.referenceNumber,
    amount: formatCents(txn.amountCents),
    status: txn.status,
    transaction_type: txn.transactionType,
    product_name: txn.productName,
    buyer: partyWire(txn.buyer, txn.buyer.phoneNumber),
    seller: partyWire(txn.seller, txn.sellerPhone),
    latest_event: latestEvent ? { event_type: latestEvent.eventType, created_at: latestEvent.createdAt.toISOString() } : null,
    created_at: txn.createdAt.toISOString(),
  };
}

export interface WireExtras {
  role: Actor;
  quote: Quote;
  latestEvent: { eventType: string; createdAt: Date } | null;
  /** A buyer withdrawal request is waiting for the seller, and whether its respond-by has passed (`withdrawalFacts`). */
  withdrawal?: Pick<SubState, 'hasPendingWithdrawal' | 'isWithdrawalOverdue'>;
  /** A refund ruling waits for the seller to confirm the dispatched item came back. */
  isAwaitingReturn?: boolean;
  /** The buyer's inspection window of this transaction's type (inspection-window.ts). */
  inspectionWindowSeconds: number;
}

export function toTransactionWire(txn: TransactionRow, extras: WireExtras): TransactionWire {
  const role = extras.role === 'system' ? 'admin' : extras.role;
  // Admins act through the dispute and payout endpoints: the wire lists the parties' actions.
  const actions =
    role === 'admin'
      ? []
      : availableActions(txn.status, role, txn.transactionType, {
          hasPendingWithdrawal: extras.withdrawal?.hasPendingWithdrawal ?? false,
          isWithdrawalOverdue: extras.withdrawal?.isWithdrawalOverdue ?? false,
          isAwaitingReturn: extras.isAwaitingReturn ?? false,
        });
  return {
    ...toListItem(txn, extras.latestEvent),
    seller_phone: txn.sellerPhone,
    buyer_fee: formatCents(txn.buyerFeeCents),
    seller_fee: formatCents(txn.sellerFeeCents),
    amount_paid: formatCents(txn.paidCents),
    amount_due: formatCents(extras.quote.owed),
    refunded_amount: formatCents(extras.quote.refunded),
    quote: quoteWire(extras.quote),
    channel: txn.channel,
    my_role: role,
    allowed_actions: actions,
    ...(txn.plan
      ? {
          total_cost: formatCents(txn.amountCents),
          initial_payment: formatCents(txn.plan.depositCents),
          installment_months: txn.plan.months,
        }
      : {}),
    payment_link_code: txn.paymentLinkCode ?? null,
    funded_at: iso(txn.fundedAt),
    dispatched_at: iso(txn.dispatchedAt),
    inspection_ends_at: iso(txn.inspectionEndsAt),
    inspection_window_hours: inspectionWindowHours(extras.inspectionWindowSeconds),
    dispatch_details: txn.dispatchedAt
      ? { courier: txn.dispatchCourier, tracking_number: txn.dispatchTracking, note: txn.dispatchNote }
      : null,
    completed_at: iso(txn.completedAt),
    updated_at: txn.updatedAt.toISOString(),
  };
}

export function quoteWire(quote: Quote): TransactionWire['quote'] {
  return {
    owed: formatCents(quote.owed),
    owed_fee: formatCents(quote.owedFee),
    paid_in: formatCents(quote.paidIn),
    fee_paid: formatCents(quote.feePaid),
    held: formatCents(quote.held),
    refunded: formatCents(quote.refunded),
    seller_receives: formatCents(quote.sellerReceives),
    released_to_seller: formatCents(quote.releasedToSeller),
    seller_fee_charged: formatCents(quote.sellerFeeCharged),
    seller_paid_out: formatCents(quote.sellerPaidOut),
    next_payment: quote.nextPayment ? formatCents(quote.nextPayment.total) : null,
  };
}
