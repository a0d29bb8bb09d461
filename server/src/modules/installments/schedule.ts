/**
 * When a Lipa Mdogo Mdogo plan's monthly installments fall due. The schedule written at creation counts
 * from that moment; an unpaid plan may wait any time for its first payment, so the months are counted
 * again from the payment that starts the plan (docs/product-rules.md §4: "initial deposit → continue
 * payments"). Otherwise a deposit paid weeks late started a plan whose first months were already past:
 * its SMS named a next date gone by, and the next sweep sent missed notices and soon flagged it.
 */
import { addMonths } from '@escrow/core/domain/installment-plan';
import type { Tx } from '../../db/prisma.ts';

/** Sets installment n (n ≥ 1) due n months after `start`; the deposit (0) keeps its date. */
export async function startPlanSchedule(tx: Tx, planId: string, start: Date): Promise<void> {
  const monthly = await tx.installment.findMany({ where: { planId, sequence: { gt: 0 } }, select: { id: true, sequence: true } });
  for (const installment of monthly) {
    await tx.installment.update({ where: { id: installment.id }, data: { dueDate: addMonths(start, installment.sequence) } });
  }
}

/**
 * A dispute freezes a plan (no payment is taken while the mediators look at it); when the ruling lets the
 * plan go on, its unpaid installments move by the time it was frozen. Otherwise a date that fell inside the
 * dispute was 'missed' the hour the plan went on, with a grace period already over, and the plan flagged.
 */
export async function delayPlanSchedule(tx: Tx, planId: string, frozenMs: number): Promise<void> {
  if (frozenMs <= 0) return;
  const unpaid = await tx.installment.findMany({
    where: { planId, status: { in: ['pending', 'overdue'] } },
    select: { id: true, dueDate: true, status: true },
  });
  for (const installment of unpaid) {
    await tx.installment.update({
      where: { id: installment.id },
      // A reminder sent before the dispute named the old date: the new one gets its own.
      data: {
        dueDate: new Date(installment.dueDate.getTime() + frozenMs),
        ...(installment.status === 'pending' ? { reminderSentAt: null } : {}),
      },
    });
  }
}
