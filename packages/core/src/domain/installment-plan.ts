/**
 * Lipa Mdogo Mdogo plan maths, shared by the API, the website's Payment Calculator and USSD.
 *
 * Rules (docs/product-rules.md §5, §9): the item costs more than KES 10,000; the deposit is at least 20 % of the total;
 * terms are 3, 6, 12 or 24 months. The balance is paid in equal monthly installments rounded up to the
 * next KES 100, the last one smaller so that the plan adds up to the total exactly. This reproduces the
 * monthly amounts of the spec's examples: sofa 35,000 → 7,000 deposit, then 5 × 4,700 and 4,500; TV
 * 65,000 → 13,000, then 5 × 8,700 and 8,500; laptop 75,000 → 15,000, then 12 × 5,000.
 */
import { type Cents, CENTS_PER_SHILLING } from './money.ts';

export const PLAN_TERMS = [3, 6, 12, 24] as const;
export type PlanTerm = (typeof PLAN_TERMS)[number];
/** What a term outside PLAN_TERMS is told: "Installment terms are 3, 6, 12 or 24 months". */
export const PLAN_TERMS_MESSAGE = `Installment terms are ${PLAN_TERMS.slice(0, -1).join(', ')} or ${PLAN_TERMS.at(-1)!} months`;
export const DEFAULT_PLAN_TERM: PlanTerm = 6;
export const MIN_PLAN_TOTAL_EXCLUSIVE: Cents = 10_000n * CENTS_PER_SHILLING;
export const MIN_DEPOSIT_PERCENT = 20n;
const ROUND_TO: Cents = 100n * CENTS_PER_SHILLING;

export interface PlanInput {
  total: Cents;
  deposit: Cents;
  months: number;
}

export interface ScheduledPayment {
  /** 0 is the deposit, paid at the start. */
  sequence: number;
  amount: Cents;
  /** Months after the start. */
  monthOffset: number;
}

export interface Plan {
  total: Cents;
  deposit: Cents;
  /** The regular monthly amount (the last installment may be smaller). */
  monthly: Cents;
  months: number;
  schedule: ScheduledPayment[];
}

export type PlanRuleViolation =
  | { rule: 'TOTAL_TOO_LOW'; message: string }
  | { rule: 'DEPOSIT_TOO_LOW'; message: string }
  | { rule: 'DEPOSIT_NOT_BELOW_TOTAL'; message: string }
  | { rule: 'TERM_NOT_OFFERED'; message: string };

export function minimumDeposit(total: Cents): Cents {
  // Round up to the cent so that 20 % is never undershot.
  return (total * MIN_DEPOSIT_PERCENT + 99n) / 100n;
}

/** The first rule the input breaks, or null when the plan is allowed. */
export function checkPlanRules({ total, deposit, months }: PlanInput): PlanRuleViolation | null {
  if (total <= MIN_PLAN_TOTAL_EXCLUSIVE) {
    return { rule: 'TOTAL_TOO_LOW', message: 'Lipa Mdogo Mdogo is for items over KES 10,000' };
  }
  if (deposit >= total) {
    return { rule: 'DEPOSIT_NOT_BELOW_TOTAL', message: 'The initial payment must be less than the total cost' };
  }
  if (deposit < minimumDeposit(total)) {
    return { rule: 'DEPOSIT_TOO_LOW', message: 'The initial payment must be at least 20% of the total cost' };
  }
  if (!(PLAN_TERMS as readonly number[]).includes(months)) {
    return { rule: 'TERM_NOT_OFFERED', message: PLAN_TERMS_MESSAGE };
  }
  return null;
}

/** Builds the schedule. Call `checkPlanRules` first; this only requires 0 < deposit < total and months ≥ 1. */
export function buildPlan({ total, deposit, months }: PlanInput): Plan {
  if (deposit <= 0n || deposit >= total || months < 1) throw new RangeError('invalid plan input');
  const balance = total - deposit;
  const exact = (balance + BigInt(months) - 1n) / BigInt(months);
  const monthly = ((exact + ROUND_TO - 1n) / ROUND_TO) * ROUND_TO;
  const schedule: ScheduledPayment[] = [{ sequence: 0, amount: deposit, monthOffset: 0 }];
  let remaining = balance;
  for (let month = 1; month <= months && remaining > 0n; month++) {
    const amount = month === months || remaining < monthly ? remaining : monthly;
    schedule.push({ sequence: month, amount, monthOffset: month });
    remaining -= amount;
  }
  return { total, deposit, monthly, months, schedule };
}

/** The default deposit the calculator proposes: the 20 % minimum rounded up to KES 100. */
export function suggestedDeposit(total: Cents): Cents {
  const min = minimumDeposit(total);
  return ((min + ROUND_TO - 1n) / ROUND_TO) * ROUND_TO;
}

/** Adds whole months to a date, clamping to the month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(start: Date, months: number): Date {
  const result = new Date(start.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** An installment's statuses, as the database and the API state them. */
export const INSTALLMENT_STATUSES = ['pending', 'paid', 'overdue', 'waived'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/**
 * The statuses of an installment still owed: not fully paid and not waived, whether or not its date has come.
 * The one list for every place that looks for the next installment to pay or for the unpaid ones (the quote,
 * the schedule, the sweep's moves, the admin alerts): the database filters read it as it is.
 */
export const OWED_INSTALLMENT_STATUSES = ['pending', 'overdue'] as const satisfies readonly InstallmentStatus[];

/** Whether an installment is still owed (its status is one of OWED_INSTALLMENT_STATUSES). */
export function isInstallmentOwed(installment: { status: InstallmentStatus }): boolean {
  return (OWED_INSTALLMENT_STATUSES as readonly InstallmentStatus[]).includes(installment.status);
}

/**
 * Whether a plan's installments fall due: its first payment started it and no dispute or end has stopped it
 * (its transaction's status is `installment`, the plans the hourly sweep walks). Before the first payment
 * nothing is owed: the schedule's dates count from the plan's creation until that payment moves them.
 */
export function isPlanRunning(transactionStatus: string): boolean {
  return transactionStatus === RUNNING_PLAN_STATUS;
}

/** The transaction status of a running plan (isPlanRunning), for database filters. */
export const RUNNING_PLAN_STATUS = 'installment';

/**
 * Whether an installment is overdue: the hourly sweep has marked it so, or, on a running plan (isPlanRunning),
 * it is still due and its date has come (the sweep marks it within the hour; until then its date already says
 * so). The one rule for every place that says "overdue" or "next … by": the installment SMS, the USSD plan
 * detail and the web's schedule. A plan not started yet has nothing overdue: its deposit is due from the
 * moment it is created, and read "Overdue" a minute later.
 */
export function isInstallmentOverdue(
  installment: { status: InstallmentStatus; dueDate: Date },
  now: Date,
  { planRunning }: { planRunning: boolean },
): boolean {
  if (installment.status === 'overdue') return true;
  return planRunning && installment.status === 'pending' && installment.dueDate.getTime() <= now.getTime();
}
