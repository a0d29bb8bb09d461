/**
 * When a Lipa Mdogo Mdogo plan's monthly installments fall due. The schedule written at creation counts
 * from that moment; an unpaid plan may wait any time for its first payment, so the months are counted
 * again from the payment that starts the plan (docs/product-rules.md §4: "initial deposit → continue
 * payments"). Otherwise a deposit paid weeks late started a plan whose first months were already past:
 * its SMS named a next date gone by, and the next sweep sent missed notices and soon flagged it.
 */
import { addMonths, OWED_INSTALLMENT_STATUSES } from '@escrow/core/domain/installment-plan';
import { Prisma, type Tx } from '../../db/prisma.ts';

/**
 * Sets installment n (n ≥ 1) due n months after `start`; the deposit (0) keeps its date. One statement for
 * the whole plan: the dates come from the core's month rule (`addMonths`), one row of VALUES each.
 */
export async function startPlanSchedule(tx: Tx, plan: { id: string; months: number }, start: Date): Promise<void> {
  if (plan.months < 1) return;
  const dates = Array.from(
    { length: plan.months },
    (_, index) => Prisma.sql`(${index + 1}::int, ${addMonths(start, index + 1)}::timestamptz)`,
  );
  await tx.$executeRaw`
    UPDATE installments AS i SET due_date = v.due_date
    FROM (VALUES ${Prisma.join(dates)}) AS v(sequence, due_date)
    WHERE i.plan_id = ${plan.id}::uuid AND i.sequence = v.sequence`;
}

/**
 * A dispute freezes a plan (no payment is taken while the mediators look at it); when the ruling lets the
 * plan go on, its unpaid installments move by the time it was frozen, in one statement. Otherwise a date
 * that fell inside the dispute was 'missed' the hour the plan went on, with a grace period already over,
 * and the plan flagged.
 */
export async function delayPlanSchedule(tx: Tx, planId: string, frozenMs: number): Promise<void> {
  if (frozenMs <= 0) return;
  // A reminder sent before the dispute named the old date: a pending installment gets its own for the new one.
  await tx.$executeRaw`
    UPDATE installments
    SET due_date = due_date + make_interval(secs => ${frozenMs / 1000}::float8),
        reminder_sent_at = CASE WHEN status = 'pending' THEN NULL ELSE reminder_sent_at END
    WHERE plan_id = ${planId}::uuid AND status = ANY(${[...OWED_INSTALLMENT_STATUSES]}::"InstallmentStatus"[])`;
}
