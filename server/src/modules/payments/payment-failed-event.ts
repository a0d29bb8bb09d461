/**
 * The timeline's line for a payment that ended without money: what the buyer reads (the web words it from
 * `data` in the reader's language), whether the rail answered it (a callback or a query) or it never
 * reached the payer's phone (not sent, or refused by the rail).
 */
import { formatCents, formatKes } from '@escrow/core/domain/money';
import type { Tx } from '../../db/prisma.ts';
import { appendEvent } from '../escrow-core/timeline.ts';

export function appendPaymentFailed(
  tx: Tx,
  failed: {
    transactionId: string;
    amountCents: bigint;
    paymentType: string;
    railName: string;
    status: 'failed' | 'cancelled';
    kind: string;
    /** The plain English sentence of `kind` (paymentFailureSentence). */
    sentence: string;
    /** The admin who closed it, when a person ended it rather than the rail. */
    closedBy?: string;
  },
): Promise<void> {
  const ended = failed.closedBy ? 'was closed by the mediation team' : failed.status === 'cancelled' ? 'was cancelled' : 'failed';
  return appendEvent(tx, {
    transactionId: failed.transactionId,
    eventType: 'payment_failed',
    description: `${failed.railName} payment of ${formatKes(failed.amountCents)} ${ended}. ${failed.sentence}`,
    actorId: failed.closedBy ?? null,
    data: {
      amount: formatCents(failed.amountCents),
      payment_type: failed.paymentType,
      failure_reason: failed.sentence,
      failure_code: failed.kind,
      rail_name: failed.railName,
      payment_status: failed.status,
    },
  });
}
