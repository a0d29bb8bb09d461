/**
 * When an unpaid installment's grace period is over: from the instant its due date plus its plan's grace days
 * (installment_plans.grace_days) has come. The one rule for the sweep that flags the plan to the mediation team
 * and for the admin alerts that list the installment, so that both say so from the same instant. Here, beside
 * the flagged plans' list, so that the admin queries can read it without importing the module's routes.
 */
import { Prisma } from '../../../db/prisma.ts';

/**
 * The condition as SQL, on `installments i` joined to its `installment_plans p`. Its first half follows from
 * the second (grace days are never negative) and lets the (status, due_date) index bound the rows read.
 */
export function gracePeriodOverSql(now: Date): Prisma.Sql {
  return Prisma.sql`(i.due_date <= ${now} AND i.due_date + make_interval(days => p.grace_days) <= ${now})`;
}
