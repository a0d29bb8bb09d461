/**
 * A dispute's reason as the mediators' screens name it (the admin area is in English). Most read as their
 * value does; a withdrawal request the seller never answered (`withdrawal_lapsed`, opened by the lapse
 * sweep) says so rather than "Withdrawal lapsed", so that nobody reads it as the seller's decision.
 */
import { humanize } from '@/lib/format';

const LABELS: Record<string, string> = {
  withdrawal_lapsed: 'Seller did not answer the withdrawal in time',
};

export function disputeReasonLabel(reason: string): string {
  return LABELS[reason] ?? humanize(reason);
}
