/** Wire shapes of /api/transactions and /api/payments (docs/contract.md "Transactions", "Payments"). */
import { INSTALLMENT_STATUSES } from '../domain/installment-plan.ts';
import { PAYOUT_STATUSES } from '../domain/payout-progress.ts';
import { RAIL_CHOICES, RAIL_PREFIXES_TEXT } from '../domain/rail-choice.ts';
import { z } from 'zod';
import { planTerm } from './installments.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../domain/transaction-state.ts';
import {
  boundedMoney,
  envelope,
  windowHours,
  isoDate,
  moneyInput,
  moneyString,
  pagination,
  paginationQuery,
  phoneInput,
} from './common.ts';

export const transactionType = z.enum(TRANSACTION_TYPES);
export const transactionStatus = z.enum(TRANSACTION_STATUSES);

export const createTransactionBody = z
  .object({
    seller_phone: phoneInput,
    amount: boundedMoney(1, 500_000),
    product_name: z.string().trim().min(1, 'Product name is required').max(100, 'Product name must be at most 100 characters'),
    transaction_type: transactionType,
    total_cost: boundedMoney(1, 500_000, 'Total cost').optional(),
    installment_months: planTerm.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.transaction_type !== 'lipa_mdogo_mdogo') return;
    if (body.total_cost === undefined) {
      ctx.addIssue({ code: 'custom', path: ['total_cost'], message: 'Total cost is required for Lipa Mdogo Mdogo' });
    } else if (body.total_cost <= body.amount) {
      ctx.addIssue({ code: 'custom', path: ['total_cost'], message: 'Total cost must be more than the initial payment' });
    }
  })
  .meta({
    description:
      'The caller is the buyer. For lipa_mdogo_mdogo, `amount` is the initial payment (deposit, at least 20 %) and `total_cost` the item price (over KES 10,000); `installment_months` is 3, 6, 12 or 24 (default 6).',
    example: { seller_phone: '0722123456', amount: '15000.00', product_name: 'Samsung Galaxy A15', transaction_type: 'protected' },
  });
export type CreateTransactionBody = z.infer<typeof createTransactionBody>;

export const listTransactionsQuery = paginationQuery.extend({
  status: transactionStatus.optional(),
  transaction_type: transactionType.optional(),
  amount_min: moneyInput.optional(),
  amount_max: moneyInput.optional(),
  search: z.string().trim().max(100).optional(),
  /** Narrow to one side of the caller's transactions. */
  role: z.enum(['buyer', 'seller']).optional(),
});

export const partySummary = z.object({
  phone_number: z.string().meta({ example: '254722123456' }),
  display_name: z.string().meta({ example: 'Wanjiku K.' }),
});

export const latestEvent = z.object({ event_type: z.string().meta({ example: 'payment_received' }), created_at: isoDate }).nullable();

export const transactionListItem = z.object({
  id: z.string().meta({ example: '3f1d2c4b-8a7e-4f6d-9c5b-2a1e0d9c8b7a' }),
  reference_number: z.string().meta({ example: 'ESC-7KQ2-9HDX' }),
  amount: moneyString,
  status: transactionStatus,
  transaction_type: transactionType,
  product_name: z.string().meta({ example: 'Samsung Galaxy A15' }),
  buyer: partySummary,
  seller: partySummary,
  latest_event: latestEvent,
  created_at: isoDate,
});

export const transactionSummary = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  /** Still in progress: neither completed, cancelled nor refunded. */
  pending: z.number().int(),
  /** The amount of every listed transaction but the cancelled ones (called off before they were paid). */
  total_value: moneyString,
});

/** A row of GET /api/transactions: with, for a completed sale, where the seller's payout is. */
export const ownTransactionListItem = transactionListItem.extend({
  seller_payout_status: z.enum(PAYOUT_STATUSES).nullable().meta({
    description:
      "A completed transaction's seller payout: pending or processing while it is on its way, failed when the rail refused it (payoutProgress); null when the transaction is not completed or has no payout.",
    example: null,
  }),
});

export const listTransactionsResponse = envelope(
  z.object({ transactions: z.array(ownTransactionListItem), pagination, summary: transactionSummary }),
);

/** The one computation of the money of a transaction (server/src/domain/quote.ts); clients show it as is. */
export const transactionQuote = z
  .object({
    /** Everything the buyer still owes (unpaid price plus unpaid buyer fee); "0.00" once nothing is payable. */
    owed: moneyString,
    /** The part of `owed` that is the buyer's fee share. */
    owed_fee: moneyString,
    /**
     * Everything the buyer's completed payments brought in, before any refund (`refunded` says what came back):
     * price part and buyer fee, and money given back at once as not owed (paid after a cancellation, or twice).
     */
    paid_in: moneyString,
    /** The buyer's fee share the platform holds: paid in and not refunded. */
    fee_paid: moneyString,
    /** What the escrow holds now. */
    held: moneyString,
    /** Refunds decided so far, fee parts included. */
    refunded: moneyString,
    /** What the seller receives when the whole price is released: the price less the seller fee. */
    seller_receives: moneyString,
    /** The part of the price released to the seller; "0.00" until the transaction completes (a split ruling releases less than the price). */
    released_to_seller: moneyString,
    /** The seller's fee share taken from what was released. */
    seller_fee_charged: moneyString,
    /** What the seller is paid out: released less the seller's fee (the amount of the payout and of its SMS). */
    seller_paid_out: moneyString,
    /** The default amount of the next M-Pesa prompt (for Lipa Mdogo Mdogo the rest of the next installment, plus any unpaid fee); null when nothing is payable. */
    next_payment: moneyString.nullable(),
  })
  .meta({ id: 'TransactionQuote' });

export const transactionWire = transactionListItem.extend({
  seller_phone: z.string().meta({ example: '254733987654' }),
  buyer_fee: moneyString,
  seller_fee: moneyString,
  /** Price paid into escrow so far. */
  amount_paid: moneyString,
  /** What the buyer still has to pay: unpaid price plus any unpaid buyer fee. */
  amount_due: moneyString,
  refunded_amount: moneyString,
  quote: transactionQuote,
  channel: z.enum(['web', 'ussd', 'api']),
  my_role: z.enum(['buyer', 'seller', 'admin']),
  /** The actions the caller may take now (the state machine's answer). */
  allowed_actions: z.array(z.string()).meta({ example: ['release_payment', 'dispute'] }),
  total_cost: moneyString.optional(),
  initial_payment: moneyString.optional(),
  installment_months: z.number().int().optional(),
  /** The payment link the buyer checked out from (docs/contract.md "Payment links and release codes"). */
  payment_link_code: z.string().nullable().optional(),
  funded_at: isoDate.nullable(),
  dispatched_at: isoDate.nullable(),
  inspection_ends_at: isoDate.nullable(),
  /** How long the buyer has to inspect after dispatch before the payment is released by itself (docs/adr/0011-standard-and-protected.md). */
  inspection_window_hours: windowHours,
  /** What the seller said when dispatching; null before dispatch. */
  dispatch_details: z
    .object({ courier: z.string().nullable(), tracking_number: z.string().nullable(), note: z.string().nullable() })
    .nullable(),
  completed_at: isoDate.nullable(),
  updated_at: isoDate,
});
export type TransactionWire = z.infer<typeof transactionWire>;

export const transactionResponse = envelope(z.object({ transaction: transactionWire }));

export const chargesWire = z.object({ buyer_charge: moneyString, seller_charge: moneyString, total_service_charge: moneyString });
export const paymentStatusWire = z.object({
  total_payments: z.number().int(),
  successful_payments: z.number().int(),
  failed_payments: z.number().int(),
});

export const timelineItem = z.object({
  event_type: z.string(),
  type: z.string(),
  description: z.string(),
  timestamp: isoDate,
  data: z.record(z.string(), z.unknown()).optional(),
});

export const installmentWire = z.object({
  id: z.string(),
  sequence: z.number().int(),
  due_date: isoDate,
  amount: moneyString,
  paid_amount: moneyString,
  status: z.enum(INSTALLMENT_STATUSES),
  paid_at: isoDate.nullable(),
});

export const disputeWire = z.object({
  id: z.string(),
  reason: z.string(),
  description: z.string(),
  status: z.string(),
  opened_by: z.enum(['buyer', 'seller']),
  respond_by: isoDate,
  outcome: z.string().nullable(),
  buyer_amount: moneyString.nullable(),
  seller_amount: moneyString.nullable(),
  ruling_note: z.string().nullable(),
  resolved_at: isoDate.nullable(),
  created_at: isoDate,
});

/**
 * The buyer's withdrawal request while it waits for the seller (null once answered, or when there is none).
 * `respond_by`: unanswered by then, the request is treated as declined and goes to the mediation team as
 * a dispute opened for the buyer (docs/adr/0004-refund-and-dispute-policy.md).
 */
export const withdrawalRequestWire = z.object({
  reason: z.string(),
  requested_at: isoDate,
  respond_by: isoDate,
  past_respond_by: z.boolean().meta({
    example: false,
    description:
      'True once respond_by has passed: the seller can no longer answer (409) and is offered no answer; the system declines for them within ten minutes and the mediation team reviews it as a dispute.',
  }),
});

/** The payout of the seller's money (B2C), once the escrow is released. */
export const sellerPayoutWire = z.object({
  amount: moneyString,
  status: z.enum(PAYOUT_STATUSES),
  /** The rail the seller is paid on (their phone's network), which names the receipt. */
  rail: z.enum(RAIL_CHOICES),
  /** The rail's receipt (M-Pesa receipt or Airtel Money id), once paid. */
  receipt: z.string().nullable(),
  completed_at: isoDate.nullable(),
});

export const transactionDetailResponse = envelope(
  z.object({
    transaction: transactionWire,
    seller_payout: sellerPayoutWire.nullable(),
    charges: chargesWire,
    buyer: partySummary,
    seller: partySummary,
    payment_status: paymentStatusWire,
    installments: z.array(installmentWire).optional(),
    dispute: disputeWire.nullable().optional(),
    withdrawal_request: withdrawalRequestWire.nullable(),
    timeline: z.array(timelineItem),
  }),
);

export const DISPUTE_REASONS = ['non_delivery', 'not_as_described', 'quality_issue', 'payment_delay', 'other'] as const;

export const disputeBody = z.object({
  reason: z.string().trim().min(3, 'Please describe the problem').max(2000),
  /** One of the spec's dispute types; inferred as `other` when absent. */
  dispute_type: z.enum(DISPUTE_REASONS).optional(),
});

export const emptyBody = z.object({}).passthrough().optional();

/** Seller: dispatch, optionally saying how the item travels; shown to the buyer and on the timeline. */
export const dispatchBody = z
  .object({
    courier: z.string().trim().max(60).optional(),
    tracking_number: z.string().trim().max(60).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .nullish()
  .meta({ example: { courier: 'G4S', tracking_number: 'G4S-884120', note: 'Left Nairobi this morning' } });

export const initiatePaymentBody = z.object({
  transaction_id: z.uuid({ message: 'Invalid transaction id' }),
  phone_number: phoneInput.optional(),
  amount: moneyInput.optional(),
  rail: z
    .enum(RAIL_CHOICES)
    .optional()
    .meta({
      description: `The mobile-money rail to pay with; by default the paying phone's network (${RAIL_PREFIXES_TEXT}).`,
    }),
});

export const paymentWire = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']),
  amount: moneyString,
  payment_type: z.enum(['escrow_deposit', 'installment']),
  /** The rail's request id (the name is M-Pesa's; it carries Airtel's transaction id too). */
  checkout_request_id: z.string().nullable(),
  /** The rail's receipt (M-Pesa receipt or Airtel Money id), under its historical name. */
  mpesa_receipt: z.string().nullable(),
  rail: z.enum(RAIL_CHOICES),
  failure_reason: z.string().nullable().meta({
    description:
      "Why the payment failed, as one plain sentence with what to do next, in the reader's preferred_language. The rail's own text is kept for staff only.",
    example: 'The M-Pesa PIN was wrong. Try again and enter your PIN carefully.',
  }),
  /** While pending: when the outcome is known at the latest (the rail's answer, or our own status query). */
  answer_by: isoDate,
  transaction_id: z.string(),
  created_at: isoDate,
});

export const paymentResponse = envelope(z.object({ payment: paymentWire }));
