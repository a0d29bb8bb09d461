/** Database rows → the wire shapes of contract/transactions.ts. */
import type { TransactionWire } from '../../contract/transactions.ts';
import { formatCents } from '../../domain/money.ts';
import { allowedActions, type Actor, type TransactionStatus } from '../../domain/transaction-state.ts';
import { maskPhone } from '../../domain/phone.ts';
import { amountDue } from '../payments/amounts.ts';

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
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  buyer: Person;
  seller: Person | null;
  plan?: { depositCents: bigint; months: number } | null;
}

type ListRow = Pick<
  TransactionRow,
  'id' | 'referenceNumber' | 'amountCents' | 'status' | 'transactionType' | 'productName' | 'sellerPhone' | 'createdAt' | 'buyer' | 'seller'
>;

/** The list item of CONTRACT.md; the full transaction wire extends it. */
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
  feePaid: bigint;
  latestEvent: { eventType: string; createdAt: Date } | null;
  /** A buyer withdrawal request is waiting for the seller. */
  hasPendingWithdrawal?: boolean;
  /** A refund ruling waits for the seller to confirm the dispatched item came back. */
  isAwaitingReturn?: boolean;
}

export function toTransactionWire(txn: TransactionRow, extras: WireExtras): TransactionWire {
  const role = extras.role === 'system' ? 'admin' : extras.role;
  // 'pay' is not a transition of its own (the M-Pesa callback moves the state) but a button all the same.
  let actions: string[] = role === 'admin' ? [] : allowedActions(txn.status, role, txn.transactionType);
  if (role === 'buyer' && (txn.status === 'pending' || txn.status === 'installment')) actions = ['pay', ...actions];
  if (extras.hasPendingWithdrawal) {
    actions = actions.filter((action) => action !== 'request_withdrawal');
    if (role !== 'seller') actions = actions.filter((action) => action !== 'accept_withdrawal' && action !== 'decline_withdrawal');
  } else {
    actions = actions.filter((action) => action !== 'accept_withdrawal' && action !== 'decline_withdrawal');
  }
  if (extras.isAwaitingReturn && role === 'seller') actions = [...actions, 'confirm_return'];
  return {
    ...toListItem(txn, extras.latestEvent),
    seller_phone: txn.sellerPhone,
    buyer_fee: formatCents(txn.buyerFeeCents),
    seller_fee: formatCents(txn.sellerFeeCents),
    amount_paid: formatCents(txn.paidCents),
    amount_due: formatCents(['pending', 'installment'].includes(txn.status) ? amountDue(txn, extras.feePaid) : 0n),
    refunded_amount: formatCents(txn.refundedCents),
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
    funded_at: iso(txn.fundedAt),
    dispatched_at: iso(txn.dispatchedAt),
    inspection_ends_at: iso(txn.inspectionEndsAt),
    completed_at: iso(txn.completedAt),
    updated_at: txn.updatedAt.toISOString(),
  };
}
