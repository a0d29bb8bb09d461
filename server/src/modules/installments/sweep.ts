/**
 * The hourly installment sweep (`installments.sweep`) over plans whose deposit is paid and whose money is
 * not frozen by a dispute (transaction status `installment`):
 *
 * 1. 3 days before a due date: the 'installment_due' SMS, once (installments.reminder_sent_at).
 * 2. A due date passed unpaid: the installment turns `overdue` and the buyer gets 'installment_missed'
 *    with the end of the grace period (plan.grace_days, 7), once (installments.missed_notice_at).
 * 3. Still unpaid after the grace period: the plan is flagged for the admins (installment_plans.flagged_at).
 *    It is never cancelled automatically: the buyer's money stays in escrow until a person decides
 *    (docs/adr/0004-refund-and-dispute-policy.md). The flag clears when the buyer catches up.
 *
 * Each step is its own small database transaction that locks the transaction row first (the order the
 * payment callback uses) and claims the installment with a conditional update, so concurrent sweeps on
 * several processes, and a payment landing mid-sweep, never send a notice twice or for a paid installment.
 *
 * It runs hourly on graphile-worker's cron (jobs/recurring.ts).
 */
import type { AppContext } from '../../context.ts';
import { recurringJob } from '../../jobs/recurring.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { lockTransaction } from '../escrow-core/access.ts';
import { smsDate } from '../notifications/templates.ts';
import { displayDate } from '../transactions/format.ts';
import { notifyParties } from '../escrow-core/notify-parties.ts';
import { appendEvent } from '../escrow-core/timeline.ts';
import { gracePeriodOverSql } from './use-cases/grace-period.ts';
import { RUNNING_PLAN_STATUS } from '@escrow/core/domain/installment-plan';

export const INSTALLMENT_SWEEP_QUEUE = 'installments.sweep';
const DAY_MS = 24 * 3600_000;
export const REMINDER_LEAD_MS = 3 * DAY_MS;
const BATCH = 200;

/** Hourly, at five past; see jobs/recurring.ts. */
export const installmentSweep = recurringJob(INSTALLMENT_SWEEP_QUEUE, '5 * * * *');

export interface SweepReport {
  reminders: number;
  missed: number;
  flagged: number;
  unflagged: number;
}

/** Plans being paid off: deposit (partly) paid, not disputed, not ended. */
const ACTIVE_PLAN = { status: 'active', transaction: { status: RUNNING_PLAN_STATUS } } as const;

export async function sweepInstallments(ctx: AppContext): Promise<SweepReport> {
  const now = ctx.now();
  const report: SweepReport = { reminders: 0, missed: 0, flagged: 0, unflagged: 0 };

  for (;;) {
    const due = await ctx.db.installment.findMany({
      where: {
        status: 'pending',
        reminderSentAt: null,
        dueDate: { gt: now, lte: new Date(now.getTime() + REMINDER_LEAD_MS) },
        plan: ACTIVE_PLAN,
      },
      select: { id: true, plan: { select: { transactionId: true } } },
      orderBy: { dueDate: 'asc' },
      take: BATCH,
    });
    let sent = 0;
    for (const installment of due) sent += Number(await sendReminder(ctx, installment.id, installment.plan.transactionId, now));
    report.reminders += sent;
    // A full batch with no progress (rows changing under us) waits for the next sweep instead of spinning.
    if (due.length < BATCH || sent === 0) break;
  }

  for (;;) {
    const missed = await ctx.db.installment.findMany({
      where: { status: 'pending', dueDate: { lte: now }, plan: ACTIVE_PLAN },
      select: { id: true, plan: { select: { transactionId: true } } },
      orderBy: { dueDate: 'asc' },
      take: BATCH,
    });
    let marked = 0;
    for (const installment of missed) marked += Number(await markMissed(ctx, installment.id, installment.plan.transactionId, now));
    report.missed += marked;
    if (missed.length < BATCH || marked === 0) break;
  }

  for (;;) {
    const pastGrace = await ctx.db.$queryRaw<{ id: string; transaction_id: string }[]>`
      SELECT p.id, p.transaction_id FROM installment_plans p JOIN transactions t ON t.id = p.transaction_id
      WHERE p.status = 'active' AND p.flagged_at IS NULL AND t.status = 'installment'
        AND EXISTS (SELECT 1 FROM installments i WHERE i.plan_id = p.id AND i.status = 'overdue' AND ${gracePeriodOverSql(now)})
      ORDER BY p.id LIMIT ${BATCH}`;
    let flagged = 0;
    for (const plan of pastGrace) flagged += Number(await flagPlan(ctx, plan.id, plan.transaction_id, now));
    report.flagged += flagged;
    if (pastGrace.length < BATCH || flagged === 0) break;
  }

  // Caught up, or the plan ended (paid, withdrawn, cancelled): nothing left for the admins to chase.
  report.unflagged = await ctx.db.$executeRaw`
    UPDATE installment_plans p SET flagged_at = NULL, updated_at = ${now}
    WHERE p.flagged_at IS NOT NULL
      AND (p.status <> 'active' OR NOT EXISTS (
        SELECT 1 FROM installments i WHERE i.plan_id = p.id AND i.status = 'overdue' AND ${gracePeriodOverSql(now)}))`;
  return report;
}

async function sendReminder(ctx: AppContext, installmentId: string, transactionId: string, now: Date): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, transactionId);
    if (txn.status !== 'installment') return false;
    const claimed = await tx.installment.updateMany({
      where: { id: installmentId, status: 'pending', reminderSentAt: null },
      data: { reminderSentAt: now },
    });
    if (claimed.count === 0) return false;
    const installment = await tx.installment.findUniqueOrThrow({ where: { id: installmentId } });
    const owed = installment.amountCents - installment.paidCents;
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'installment_reminder_sent',
      description: `Reminder sent: installment ${installment.sequence} of ${formatKes(owed)} is due on ${displayDate(installment.dueDate)}`,
      data: {
        installment_id: installment.id,
        sequence: installment.sequence,
        amount: formatCents(owed),
        due_date: installment.dueDate.toISOString(),
      },
    });
    await notifyParties(ctx, tx, txn, { buyer: ['installment_due', { amount: formatKes(owed), date: smsDate(installment.dueDate) }] });
    return true;
  });
}

async function markMissed(ctx: AppContext, installmentId: string, transactionId: string, now: Date): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, transactionId);
    if (txn.status !== 'installment' || !txn.plan) return false;
    const claimed = await tx.installment.updateMany({
      where: { id: installmentId, status: 'pending', dueDate: { lte: now } },
      data: { status: 'overdue', missedNoticeAt: now },
    });
    if (claimed.count === 0) return false;
    const installment = await tx.installment.findUniqueOrThrow({ where: { id: installmentId } });
    const owed = installment.amountCents - installment.paidCents;
    const graceEnds = new Date(installment.dueDate.getTime() + txn.plan.graceDays * DAY_MS);
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'installment_missed',
      description: `Installment ${installment.sequence} of ${formatKes(owed)} was due on ${displayDate(installment.dueDate)} and is unpaid; grace period until ${displayDate(graceEnds)}`,
      data: {
        installment_id: installment.id,
        sequence: installment.sequence,
        amount: formatCents(owed),
        grace_ends_at: graceEnds.toISOString(),
        due_date: installment.dueDate.toISOString(),
      },
    });
    await notifyParties(ctx, tx, txn, {
      buyer: ['installment_missed', { amount: formatKes(owed), date: smsDate(installment.dueDate), grace: smsDate(graceEnds) }],
    });
    return true;
  });
}

async function flagPlan(ctx: AppContext, planId: string, transactionId: string, now: Date): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, transactionId);
    if (txn.status !== 'installment') return false;
    const claimed = await tx.installmentPlan.updateMany({
      where: { id: planId, status: 'active', flaggedAt: null },
      data: { flaggedAt: now },
    });
    if (claimed.count === 0) return false;
    const overdue = await tx.installment.findMany({ where: { planId, status: 'overdue' }, orderBy: { sequence: 'asc' } });
    const owed = overdue.reduce((sum, installment) => sum + installment.amountCents - installment.paidCents, 0n);
    const oldest = overdue[0];
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'installment_missed',
      description: `${formatKes(owed)} still unpaid after the ${txn.plan?.graceDays ?? 7}-day grace period: the plan is flagged to the mediation team (it is not cancelled)`,
      data: {
        flagged: true,
        plan_id: planId,
        overdue_amount: formatCents(owed),
        oldest_due_date: oldest?.dueDate.toISOString() ?? null,
        grace_days: txn.plan?.graceDays ?? 7,
      },
    });
    await tx.auditLog.create({
      data: {
        action: 'installment_plan.flag',
        entity: 'installment_plan',
        entityId: planId,
        data: { transaction_id: txn.id, overdue_amount: formatCents(owed) },
      },
    });
    return true;
  });
}
