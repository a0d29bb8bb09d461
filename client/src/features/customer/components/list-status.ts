/**
 * What a row of the transaction list says of a completed sale to its seller: not a plain "Completed" while
 * the payout is on its way or after the rail refused it. The one rule (payoutProgress, @escrow/core) that
 * the detail page and the USSD menus read.
 */
import { payoutProgress, type PayoutProgress } from '@escrow/core/domain/payout-progress';
import type { TransactionListItem } from '../api/transactions';

export function sellerPayoutOnRow(item: Pick<TransactionListItem, 'status' | 'seller_payout_status'>, isSeller: boolean): PayoutProgress {
  return isSeller && item.status === 'completed' ? payoutProgress(item.seller_payout_status) : 'settled';
}
