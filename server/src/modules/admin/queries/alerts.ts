/**
 * GET /monitoring/alerts: what needs a person now. Failed STK payments (last 24 h), payments left
 * unconfirmed after every enquiry to the rail (reconcile-payment.ts), payouts stuck or
 * failed (with what an admin may do about each), installments unpaid past due date + grace days,
 * releases overdue after the inspection window, disputes past their respond-by deadline, and background
 * jobs that failed every attempt (the queue's dead letters, kept until a person acts).
 * Every list is an index range (status + time) capped at ALERT_LIST_LIMIT; the counts are exact.
 */
import { ALERT_LIST_LIMIT, type AlertsData } from '@escrow/core/contract/admin';
import type { AppContext } from '../../../context.ts';
import { Prisma } from '../../../db/prisma.ts';
import { OWED_INSTALLMENT_STATUSES } from '@escrow/core/domain/installment-plan';
import { formatCents } from '@escrow/core/domain/money';
import type { RailChoice } from '@escrow/core/domain/rail-choice';
import { allowedPayoutActions } from '../../payouts/use-cases/payout-actions.ts';
import { gracePeriodOverSql } from '../../installments/use-cases/grace-period.ts';
import { OVERDUE_RELEASE_MINUTES } from '../../transactions/use-cases/release-payment.ts';
import { payoutWaitingSince, STUCK_PAYOUT_MINUTES } from './health.ts';
import { RECONCILE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-enquiry';

const DAY_MS = 24 * 3600_000;

interface CountsRow {
  failed_payments: bigint;
  unconfirmed_payments: bigint;
  stuck_payouts: bigint;
  failed_payouts: bigint;
  overdue_installments: bigint;
  overdue_disputes: bigint;
  overdue_releases: bigint;
  failed_jobs: bigint;
}

export async function getAlerts(ctx: AppContext): Promise<AlertsData> {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const stuckBefore = new Date(now.getTime() - STUCK_PAYOUT_MINUTES * 60_000);
  const releaseDueBefore = new Date(now.getTime() - OVERDUE_RELEASE_MINUTES * 60_000);
  const limit = ALERT_LIST_LIMIT;
  // Core's isUnconfirmedPayment: pending after every enquiry to the rail.
  const unconfirmed = Prisma.sql`p.status = 'pending' AND p.reconcile_attempts >= ${RECONCILE_MAX_ATTEMPTS}`;
  // An installment still owed is an alert once its grace period is over, from the instant the sweep flags its plan.
  const overdueInstallments = Prisma.sql`
    FROM installments i
    JOIN installment_plans p ON p.id = i.plan_id
    JOIN transactions t ON t.id = p.transaction_id
    WHERE i.status = ANY(${[...OWED_INSTALLMENT_STATUSES]}::"InstallmentStatus"[]) AND ${gracePeriodOverSql(now)}
      AND p.status = 'active'`;

  const [[counts], failedPayments, unconfirmedPayments, payouts, installments, disputes, releases, failedJobs] = await Promise.all([
    ctx.db.$queryRaw<CountsRow[]>`
      SELECT
        (SELECT COUNT(*) FROM payments WHERE status = 'failed' AND created_at >= ${dayAgo}) AS failed_payments,
        (SELECT COUNT(*) FROM payments p WHERE ${unconfirmed}) AS unconfirmed_payments,
        (SELECT COUNT(*) FROM payouts WHERE status IN ('pending', 'processing') AND ${Prisma.raw(payoutWaitingSince())} < ${stuckBefore}) AS stuck_payouts,
        (SELECT COUNT(*) FROM payouts WHERE status = 'failed') AS failed_payouts,
        (SELECT COUNT(*) ${overdueInstallments}) AS overdue_installments,
        (SELECT COUNT(*) FROM disputes WHERE status <> 'resolved' AND respond_by < ${now}) AS overdue_disputes,
        (SELECT COUNT(*) FROM transactions WHERE status = 'dispatched' AND inspection_ends_at < ${releaseDueBefore}) AS overdue_releases,
        (SELECT COUNT(*) FROM graphile_worker.jobs WHERE attempts >= max_attempts AND locked_at IS NULL) AS failed_jobs`,
    ctx.db.$queryRaw<
      {
        id: string;
        transaction_id: string;
        reference_number: string;
        amount_cents: bigint;
        payer_phone: string;
        failure_reason: string | null;
        created_at: Date;
      }[]
    >`
      SELECT p.id::text, p.transaction_id::text, t.reference_number, p.amount_cents, p.payer_phone, p.failure_reason, p.created_at
      FROM payments p JOIN transactions t ON t.id = p.transaction_id
      WHERE p.status = 'failed' AND p.created_at >= ${dayAgo}
      ORDER BY p.created_at DESC LIMIT ${limit}`,
    // No time bound: one stays until an admin settles it, whenever the rail's statement can be read.
    ctx.db.$queryRaw<
      {
        id: string;
        transaction_id: string;
        reference_number: string;
        amount_cents: bigint;
        payer_phone: string;
        rail: RailChoice;
        created_at: Date;
      }[]
    >`
      SELECT p.id::text, p.transaction_id::text, t.reference_number, p.amount_cents, p.payer_phone, p.rail::text AS rail, p.created_at
      FROM payments p JOIN transactions t ON t.id = p.transaction_id
      WHERE ${unconfirmed}
      ORDER BY p.created_at ASC LIMIT ${limit}`,
    ctx.db.$queryRaw<
      {
        id: string;
        transaction_id: string;
        reference_number: string;
        kind: 'seller_payout' | 'buyer_refund';
        recipient_phone: string;
        rail: RailChoice;
        amount_cents: bigint;
        status: 'pending' | 'processing' | 'completed' | 'failed' | 'returned';
        attempts: number;
        last_error: string | null;
        created_at: Date;
      }[]
    >`
      SELECT o.id::text, o.transaction_id::text, t.reference_number, o.kind::text AS kind, o.recipient_phone, o.rail::text AS rail, o.amount_cents,
             o.status::text AS status, o.attempts, o.last_error, o.created_at
      FROM payouts o JOIN transactions t ON t.id = o.transaction_id
      WHERE o.status = 'failed' OR (o.status IN ('pending', 'processing') AND ${Prisma.raw(payoutWaitingSince('o'))} < ${stuckBefore})
      ORDER BY o.created_at DESC LIMIT ${limit}`,
    ctx.db.$queryRaw<
      {
        id: string;
        transaction_id: string;
        reference_number: string;
        sequence: number;
        amount_cents: bigint;
        paid_cents: bigint;
        due_date: Date;
        buyer_phone: string;
      }[]
    >`
      SELECT i.id::text, t.id::text AS transaction_id, t.reference_number, i.sequence, i.amount_cents, i.paid_cents, i.due_date,
             (SELECT phone_number FROM users WHERE id = t.buyer_id) AS buyer_phone
      ${overdueInstallments}
      ORDER BY i.due_date ASC LIMIT ${limit}`,
    ctx.db.$queryRaw<
      {
        id: string;
        transaction_id: string;
        reference_number: string;
        reason: string;
        status: 'open' | 'awaiting_return' | 'resolved';
        respond_by: Date;
        created_at: Date;
      }[]
    >`
      SELECT d.id::text, d.transaction_id::text, t.reference_number, d.reason::text AS reason, d.status::text AS status, d.respond_by, d.created_at
      FROM disputes d JOIN transactions t ON t.id = d.transaction_id
      WHERE d.status <> 'resolved' AND d.respond_by < ${now}
      ORDER BY d.respond_by ASC LIMIT ${limit}`,
    ctx.db.$queryRaw<{ id: string; reference_number: string; amount_cents: bigint; inspection_ends_at: Date }[]>`
      SELECT id::text, reference_number, amount_cents, inspection_ends_at FROM transactions
      WHERE status = 'dispatched' AND inspection_ends_at < ${releaseDueBefore}
      ORDER BY inspection_ends_at ASC LIMIT ${limit}`,
    ctx.db.$queryRaw<{ id: string; queue: string; attempts: number; last_error: string | null; updated_at: Date }[]>`
      SELECT id::text, task_identifier AS queue, attempts::int, last_error, updated_at
      FROM graphile_worker.jobs WHERE attempts >= max_attempts AND locked_at IS NULL
      ORDER BY updated_at DESC LIMIT ${limit}`,
  ]);

  return {
    counts: {
      failed_payments: Number(counts!.failed_payments),
      unconfirmed_payments: Number(counts!.unconfirmed_payments),
      stuck_payouts: Number(counts!.stuck_payouts),
      failed_payouts: Number(counts!.failed_payouts),
      overdue_installments: Number(counts!.overdue_installments),
      overdue_disputes: Number(counts!.overdue_disputes),
      overdue_releases: Number(counts!.overdue_releases),
      failed_jobs: Number(counts!.failed_jobs),
    },
    failed_payments: failedPayments.map((row) => ({
      payment_id: row.id,
      transaction_id: row.transaction_id,
      reference_number: row.reference_number,
      amount: formatCents(row.amount_cents),
      payer_phone: row.payer_phone,
      failure_reason: row.failure_reason,
      created_at: row.created_at.toISOString(),
    })),
    unconfirmed_payments: unconfirmedPayments.map((row) => ({
      payment_id: row.id,
      transaction_id: row.transaction_id,
      reference_number: row.reference_number,
      amount: formatCents(row.amount_cents),
      payer_phone: row.payer_phone,
      rail: row.rail,
      created_at: row.created_at.toISOString(),
    })),
    payouts: payouts.map((row) => ({
      payout_id: row.id,
      transaction_id: row.transaction_id,
      reference_number: row.reference_number,
      kind: row.kind,
      recipient_phone: row.recipient_phone,
      rail: row.rail,
      amount: formatCents(row.amount_cents),
      status: row.status,
      attempts: row.attempts,
      last_error: row.last_error,
      created_at: row.created_at.toISOString(),
      allowed_actions: allowedPayoutActions(row),
    })),
    overdue_releases: releases.map((row) => ({
      transaction_id: row.id,
      reference_number: row.reference_number,
      amount: formatCents(row.amount_cents),
      inspection_ends_at: row.inspection_ends_at.toISOString(),
    })),
    overdue_installments: installments.map((row) => ({
      installment_id: row.id,
      transaction_id: row.transaction_id,
      reference_number: row.reference_number,
      sequence: row.sequence,
      amount: formatCents(row.amount_cents),
      paid_amount: formatCents(row.paid_cents),
      due_date: row.due_date.toISOString(),
      days_overdue: Math.max(0, Math.floor((now.getTime() - row.due_date.getTime()) / DAY_MS)),
      buyer_phone: row.buyer_phone,
    })),
    overdue_disputes: disputes.map((row) => ({
      dispute_id: row.id,
      transaction_id: row.transaction_id,
      reference_number: row.reference_number,
      reason: row.reason,
      status: row.status,
      respond_by: row.respond_by.toISOString(),
      created_at: row.created_at.toISOString(),
    })),
    failed_jobs: failedJobs.map((row) => ({
      job_id: row.id,
      queue: row.queue,
      attempts: row.attempts,
      last_error: row.last_error,
      failed_at: row.updated_at.toISOString(),
    })),
  };
}
