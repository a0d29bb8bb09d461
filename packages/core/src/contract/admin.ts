/**
 * Wire shapes of `/api/admin` (docs/contract.md "Admin", docs/product-rules.md §3 "Dashboard response") and of the tRPC
 * `admin.*` procedures, which answer the same `data`. Money is a string with two decimals, counts are
 * integers, timestamps ISO-8601 UTC.
 */
import { z } from 'zod';
import { RAIL_CHOICES } from '../domain/rail-choice.ts';
import { USSD_PIN_STATES } from '../domain/ussd-pin.ts';
import { USER_TYPES, userSchema } from './auth.ts';
import { envelope, isoDate, moneyInput, moneyString, pagination, paginationQuery } from './common.ts';
import {
  chargesWire,
  paymentStatusWire,
  timelineItem,
  transactionListItem,
  transactionStatus,
  transactionSummary,
  transactionType,
} from './transactions.ts';

const count = z.number().int().nonnegative();

// ───────────────────────────── dashboard ─────────────────────────────

export const quickStats = z.object({
  total_transactions: count,
  total_users: count,
  total_revenue: moneyString.meta({
    description: "Net platform fees earned: the balance of the ledger's platform_fees account (fees taken minus fees refunded).",
  }),
  active_disputes: count.meta({ description: 'Disputes not yet ruled on (open or awaiting return).' }),
  pending_withdrawals: count.meta({ description: 'M-Pesa B2C payouts (to sellers or refunds to buyers) not yet completed or failed.' }),
});

export const systemHealthSummary = z.object({
  active_transactions: count.meta({ description: 'Money in escrow and the deal under way: installment, funded or dispatched.' }),
  pending_payments: count.meta({ description: 'STK pushes waiting for the customer.' }),
  disputed_transactions: count,
  failed_payments: count.meta({ description: 'STK payments that failed in the last 24 hours.' }),
  recent_activity: z.object({
    last_hour: count.meta({ description: 'Timeline events (any transaction activity) in the last hour.' }),
    last_24h: count,
  }),
  withdrawal_metrics: z.object({
    pending_withdrawals: count,
    completed_withdrawals_today: count.meta({ description: 'Payouts completed since midnight, Nairobi time.' }),
  }),
});

export const latestTransaction = z.object({
  id: z.string(),
  reference_number: z.string(),
  amount: moneyString,
  buyer_phone: z.string(),
  seller_phone: z.string(),
  status: transactionStatus,
  latest_event: z.string().meta({ description: 'The event type of the newest timeline event, or "" when none.' }),
  created_at: isoDate,
});

export const dashboardData = z.object({
  quick_stats: quickStats,
  health: systemHealthSummary,
  latest_transactions: z.array(latestTransaction),
});
export type DashboardData = z.infer<typeof dashboardData>;

// ───────────────────────────── system health ─────────────────────────────

export const HEALTH_LEVELS = ['ok', 'warning', 'critical'] as const;
export const healthLevel = z.enum(HEALTH_LEVELS);

export const healthData = z.object({
  status: healthLevel.meta({ description: 'The worst level of the components below.' }),
  checked_at: isoDate,
  database: z.object({ status: healthLevel, latency_ms: z.number() }),
  jobs: z.object({
    status: healthLevel,
    /** Jobs due now (run_at reached) that no worker has taken yet. */
    queued: count,
    /** Jobs waiting for a time ahead (an auto-release, an installment reminder, a retry's backoff): not a backlog. */
    scheduled: count,
    running: count,
    failed: count,
    /** Seconds the oldest due job has waited (0 when none waits). */
    oldest_due_seconds: z.number().int().nonnegative(),
    failed_by_queue: z.array(z.object({ queue: z.string(), failed: count })),
  }),
  mpesa: z.object({
    status: healthLevel,
    /** STK pushes still pending after STALE_STK_MINUTES. */
    stale_stk_pushes: count,
    failed_payments_24h: count,
    failed_payouts: count,
    /** Payouts pending or processing for STUCK_PAYOUT_MINUTES since they were last queued or sent. */
    stuck_payouts: count,
  }),
  sms: z.object({
    status: healthLevel,
    queued: count,
    failed: count,
    failed_24h: count,
    oldest_queued_seconds: z.number().int().nonnegative(),
  }),
  ledger: z.object({
    status: healthLevel,
    unbalanced_journals: count,
    /** Per transaction and account: an escrow, payable or fee balance in debit, or a paybill balance in credit. */
    overdrawn_balances: count,
    /** Transactions whose refunds exceed what was paid in, or give back more fee than was taken. */
    refund_bound_violations: count,
    /** Fee income the platform holds (buyer and seller fee shares, less fees refunded). */
    platform_fees: moneyString,
    /**
     * The cash each rail should hold for us (its ledger cash account: collected less paid out). Negative when
     * that rail paid out more than it collected — sellers on it paid from the other rail's pay-ins — and
     * its float needs topping up from the other.
     */
    rail_cash: z.record(z.enum(RAIL_CHOICES), moneyString),
    journals: count,
    /** When the (whole-ledger) check ran; it is reused for a short while on large ledgers. */
    checked_at: isoDate,
  }),
});
export type HealthData = z.infer<typeof healthData>;

// ───────────────────────────── stats ─────────────────────────────

const countAndValue = z.object({ count, value: moneyString });

export const statsData = z.object({
  transactions: z.object({
    total: count,
    total_value: moneyString,
    average_value: moneyString,
    by_status: z.record(transactionStatus, countAndValue),
    by_type: z.record(transactionType, countAndValue),
  }),
  users: z.object({
    total: count,
    verified: count,
    suspended: count,
    by_type: z.record(z.enum(USER_TYPES), count),
  }),
  money: z.object({
    revenue: moneyString,
    /** Money held in escrow right now: the escrow_holding balance of every transaction. */
    in_escrow: moneyString,
    paid_out: moneyString,
    refunded: moneyString,
  }),
  payments: z.record(z.enum(['pending', 'completed', 'failed', 'cancelled']), count),
  payouts: z.record(z.enum(['pending', 'processing', 'completed', 'failed']), count),
  disputes: z.record(z.enum(['open', 'awaiting_return', 'resolved']), count),
  computed_at: isoDate,
});
export type StatsData = z.infer<typeof statsData>;

// ───────────────────────────── analytics ─────────────────────────────

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
/** Most periods one analytics call may ask for. */
export const MAX_ANALYTICS_PERIODS = { day: 366, week: 260, month: 120 } as const;

const calendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: 'Not a calendar date',
  })
  // Periods are counted on YYYY-MM-DD strings and the range goes to PostgreSQL: a year that leaves four
  // digits (year 0 less a few periods, 9999 plus one) or PostgreSQL's calendar would answer 500.
  .refine((value) => value >= '1970-01-01' && value <= '2999-12-31', { message: 'Use a date between 1970-01-01 and 2999-12-31' });

export const analyticsQuery = z
  .object({
    from: calendarDate
      .optional()
      .meta({ description: 'First day (Nairobi), YYYY-MM-DD. Default: 30 days, 12 weeks or 12 months before `to`.' }),
    to: calendarDate.optional().meta({ description: 'Last day (Nairobi), YYYY-MM-DD. Default: today.' }),
    interval: z.enum(ANALYTICS_INTERVALS).default('day'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: '`from` must not be after `to`', path: ['from'] });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const analyticsPoint = z.object({
  /** First day of the period, YYYY-MM-DD (Nairobi). */
  period: z.string(),
  /** Transactions created in the period … */
  count,
  /** … and their total value. */
  volume: moneyString,
  /** Net platform fees booked in the period. */
  revenue: moneyString,
  disputes: count.meta({ description: 'Disputes opened in the period.' }),
  installment_plans_started: count,
  installment_plans_completed: count.meta({ description: 'Of the plans started in the period, those fully paid by now.' }),
  /** completed / started × 100, two decimals; null when no plan started. */
  installment_completion_rate: z.number().nullable(),
});

export const analyticsData = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(ANALYTICS_INTERVALS),
  series: z.array(analyticsPoint),
  totals: analyticsPoint.omit({ period: true }),
});
export type AnalyticsData = z.infer<typeof analyticsData>;

// ───────────────────────────── latest activity ─────────────────────────────

export const latestQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const activityEvent = z.object({
  id: z.string(),
  transaction_id: z.string(),
  reference_number: z.string(),
  event_type: z.string(),
  type: z.string(),
  description: z.string(),
  timestamp: isoDate,
});

export const latestData = z.object({ transactions: z.array(latestTransaction), events: z.array(activityEvent) });
export type LatestData = z.infer<typeof latestData>;

// ───────────────────────────── alerts ─────────────────────────────

export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'returned'] as const;
const payoutStatus = z.enum(PAYOUT_STATUSES);
/** An admin's actions on a failed payout: send it again, or (a seller payout) give the money back to the buyer. */
export const PAYOUT_ACTIONS = ['retry', 'return_to_buyer'] as const;
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number];

export const adminPayout = z.object({
  id: z.string(),
  transaction_id: z.string(),
  kind: z.enum(['seller_payout', 'buyer_refund']),
  recipient_phone: z.string(),
  amount: moneyString,
  status: payoutStatus,
  attempts: count,
  allowed_actions: z.array(z.enum(PAYOUT_ACTIONS)),
});
export const adminPayoutResponse = envelope(z.object({ payout: adminPayout }));
/** An unconfirmed payment an admin closed as not received (POST /payments/{id}/close_not_received). */
export const adminClosedPayment = z.object({
  id: z.string(),
  transaction_id: z.string(),
  amount: moneyString,
  rail: z.enum(RAIL_CHOICES),
  status: z.enum(['failed']),
  failure_reason: z.string().nullable(),
});
export const adminClosedPaymentResponse = envelope(z.object({ payment: adminClosedPayment }));
export const closePaymentBody = z.object({ note: z.string().trim().max(500).optional() }).nullish();
export const returnPayoutBody = z.object({ note: z.string().trim().max(500).optional() }).nullish();

/** Most rows each alert list carries (newest or most urgent first); `counts` has the full numbers. */
export const ALERT_LIST_LIMIT = 50;

export const alertsData = z.object({
  counts: z.object({
    failed_payments: count.meta({ description: 'STK payments that failed in the last 24 hours.' }),
    unconfirmed_payments: count.meta({
      description:
        "Payments still pending after every enquiry to the rail: whether money was taken is unknown; check the rail's statement.",
    }),
    stuck_payouts: count.meta({
      description: 'Payouts pending or processing for more than 30 minutes since they were last queued or sent to the rail.',
    }),
    failed_payouts: count,
    overdue_installments: count.meta({ description: 'Installments unpaid after their due date plus the grace days.' }),
    overdue_disputes: count.meta({ description: 'Disputes not ruled on by their respond-by deadline.' }),
    overdue_releases: count.meta({
      description: 'Dispatched transactions whose inspection window ended more than 10 minutes ago and are still not released.',
    }),
    failed_jobs: count.meta({
      description: 'Background jobs that failed every attempt (dead letters): an SMS, payout or sweep that did not happen.',
    }),
  }),
  failed_payments: z.array(
    z.object({
      payment_id: z.string(),
      transaction_id: z.string(),
      reference_number: z.string(),
      amount: moneyString,
      payer_phone: z.string(),
      failure_reason: z.string().nullable(),
      created_at: isoDate,
    }),
  ),
  unconfirmed_payments: z
    .array(
      z.object({
        payment_id: z.string(),
        transaction_id: z.string(),
        reference_number: z.string(),
        amount: moneyString,
        payer_phone: z.string(),
        rail: z.enum(RAIL_CHOICES),
        created_at: isoDate.meta({ description: 'When the payment was asked for.' }),
      }),
    )
    .meta({
      description:
        "Payment unconfirmed: check the rail's statement. Still pending after every enquiry; an admin closes one not on the statement (POST /api/admin/payments/{id}/close_not_received).",
    }),
  payouts: z.array(
    z.object({
      payout_id: z.string(),
      transaction_id: z.string(),
      reference_number: z.string(),
      kind: z.enum(['seller_payout', 'buyer_refund']),
      recipient_phone: z.string(),
      rail: z.enum(RAIL_CHOICES).meta({ description: 'The rail the payout goes out on, and a retry with it.' }),
      amount: moneyString,
      status: payoutStatus,
      attempts: count,
      last_error: z.string().nullable(),
      created_at: isoDate,
      allowed_actions: z.array(z.enum(PAYOUT_ACTIONS)).meta({ description: 'What an admin may do with this payout now.' }),
    }),
  ),
  overdue_installments: z.array(
    z.object({
      installment_id: z.string(),
      transaction_id: z.string(),
      reference_number: z.string(),
      sequence: count,
      amount: moneyString,
      paid_amount: moneyString,
      due_date: isoDate,
      days_overdue: count,
      buyer_phone: z.string(),
    }),
  ),
  overdue_releases: z.array(
    z.object({
      transaction_id: z.string(),
      reference_number: z.string(),
      amount: moneyString,
      inspection_ends_at: isoDate,
    }),
  ),
  overdue_disputes: z.array(
    z.object({
      dispute_id: z.string(),
      transaction_id: z.string(),
      reference_number: z.string(),
      reason: z.string(),
      status: z.enum(['open', 'awaiting_return', 'resolved']),
      respond_by: isoDate,
      created_at: isoDate,
    }),
  ),
  failed_jobs: z.array(
    z.object({
      job_id: z.string(),
      queue: z.string(),
      attempts: count,
      last_error: z.string().nullable(),
      failed_at: isoDate,
    }),
  ),
});
export type AlertsData = z.infer<typeof alertsData>;

// ───────────────────────────── transactions ─────────────────────────────

export const adminTransactionsQuery = paginationQuery.extend({
  status: transactionStatus.optional(),
  transaction_type: transactionType.optional(),
  amount_min: moneyInput.optional(),
  amount_max: moneyInput.optional(),
  search: z.string().trim().max(100).optional().meta({ description: 'Reference number, or buyer or seller phone (any part of it).' }),
});
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuery>;

export const adminTransactionsData = z.object({
  transactions: z.array(transactionListItem),
  pagination,
  summary: transactionSummary,
});
export type AdminTransactionsData = z.infer<typeof adminTransactionsData>;

const party = z.object({ display_name: z.string(), phone_number: z.string() });

/** Exactly the `/monitoring/transactions/{id}/timeline`. */
export const transactionTimelineData = z.object({
  transaction: z.object({
    reference_number: z.string(),
    amount: moneyString,
    status: transactionStatus,
    transaction_type: transactionType,
    product_name: z.string(),
    charges: chargesWire,
    buyer: party,
    seller: party,
    payment_status: paymentStatusWire,
  }),
  timeline: z.array(timelineItem),
});
export type TransactionTimelineData = z.infer<typeof transactionTimelineData>;

// ───────────────────────────── users ─────────────────────────────

export const USER_STATUS_FILTERS = ['active', 'suspended', 'verified', 'unverified'] as const;

export const adminUsersQuery = paginationQuery.extend({
  search: z.string().trim().max(100).optional().meta({ description: 'Phone, full name or email (any part of it).' }),
  user_type: z.enum(USER_TYPES).optional(),
  status: z.enum(USER_STATUS_FILTERS).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUser = userSchema.extend({
  status: z.enum(['active', 'suspended']),
  ussd_pin: z.enum(USSD_PIN_STATES).meta({
    description: "'none': no USSD PIN (the next dial sets one); 'set'; 'locked': wrong PINs lock it until ussd_pin_locked_until.",
    example: 'locked',
  }),
  ussd_pin_locked_until: isoDate.nullable().meta({ description: "When the PIN's lock ends; null unless ussd_pin is 'locked'." }),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersData = z.object({
  users: z.array(adminUser),
  pagination,
  summary: z.object({
    total: count,
    verified: count,
    /** seller + both */
    sellers: count,
    /** buyer + both */
    buyers: count,
  }),
});
export type AdminUsersData = z.infer<typeof adminUsersData>;

export const adminUserData = z.object({ user: adminUser });

/** Optional body of POST /users/{id}/suspend (the reason goes to the audit log). */
/** Why an account is suspended (for the audit log), on the REST route and the dashboard's tRPC mutation. */
export const suspendReason = z.string().trim().max(500).optional();
export const suspendUserBody = z.object({ reason: suspendReason }).nullish();

/** Most rows one CSV export holds (newest first). */
export const EXPORT_ROW_LIMIT = 10_000;
export const adminTransactionsExportQuery = adminTransactionsQuery.omit({ page: true, per_page: true });
export const adminUsersExportQuery = adminUsersQuery.omit({ page: true, per_page: true });

// ───────────────────────────── envelopes ─────────────────────────────

export const dashboardResponse = envelope(dashboardData);
export const healthResponse = envelope(healthData);
export const statsResponse = envelope(statsData);
export const analyticsResponse = envelope(analyticsData);
export const latestResponse = envelope(latestData);
export const alertsResponse = envelope(alertsData);
export const adminTransactionsResponse = envelope(adminTransactionsData);
export const transactionTimelineResponse = envelope(transactionTimelineData);
export const adminUsersResponse = envelope(adminUsersData);
export const adminUserResponse = envelope(adminUserData);
