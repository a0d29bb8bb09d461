/**
 * What an admin may do with a payout its rail could not make (admin Alerts): send it again, or — for a
 * seller payout — give the money back to the buyer instead. One rule for the server and the buttons.
 */
import type { PayoutAction } from '@escrow/core/contract/admin';
import { formatCents } from '@escrow/core/domain/money';

export function allowedPayoutActions(payout: { status: string; kind: string }): PayoutAction[] {
  if (payout.status !== 'failed') return [];
  return payout.kind === 'seller_payout' ? ['retry', 'return_to_buyer'] : ['retry'];
}

export function toAdminPayout(payout: {
  id: string;
  transactionId: string;
  kind: 'seller_payout' | 'buyer_refund';
  recipientPhone: string;
  amountCents: bigint;
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'returned';
  attempts: number;
}) {
  return {
    id: payout.id,
    transaction_id: payout.transactionId,
    kind: payout.kind,
    recipient_phone: payout.recipientPhone,
    amount: formatCents(payout.amountCents),
    status: payout.status,
    attempts: payout.attempts,
    allowed_actions: allowedPayoutActions(payout),
  };
}
