/**
 * Reading the server's money figures. What is owed, held and refunded is the server's `quote`
 * (packages/core/src/domain/quote.ts): the pages show it and never recompute it. Nothing here decides what is
 * allowed either (that is `allowed_actions`).
 */
import { parseAmount, type Cents } from '@escrow/core/domain/money';
import type { Installment } from './api/transactions';

export const cents = (wire: string | null | undefined): Cents => parseAmount(wire ?? '') ?? 0n;

/** The earliest installment not yet fully paid (the schedule's highlight). */
export function nextInstallment(installments: Installment[] | undefined): Installment | null {
  return installments?.find((installment) => installment.status === 'pending' || installment.status === 'overdue') ?? null;
}
