/**
 * Where a dispute stands on its answer, for the admin list and case: a ruled dispute (resolved, or awaiting the
 * item's return) is read-only and waits for no one's answer; an answered one shows when; otherwise the deadline.
 */
interface DisputeTimes {
  outcome: string | null;
  respond_by: string;
  responded_at: string | null;
}

export type ResponseState = { kind: 'ruled' } | { kind: 'answered'; at: string } | { kind: 'due'; at: string; isLate: boolean };

/** A ruling is final (docs/contract.md "Disputes and refunds"): once there is one, the case only shows. */
export const isRuled = (dispute: Pick<DisputeTimes, 'outcome'>) => dispute.outcome !== null;

export function responseState(dispute: DisputeTimes, now: number = Date.now()): ResponseState {
  if (isRuled(dispute)) return { kind: 'ruled' };
  if (dispute.responded_at) return { kind: 'answered', at: dispute.responded_at };
  return { kind: 'due', at: dispute.respond_by, isLate: new Date(dispute.respond_by).getTime() < now };
}
