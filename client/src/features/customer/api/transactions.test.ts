import { describe, expect, it } from 'vitest';
import { canStillChange, LIVE_POLL_MS, transactionsQueryOptions, type TransactionList, type TransactionListItem } from './transactions';

/** The list's polling beat for a page holding these rows (react-query calls refetchInterval with the query). */
function listBeat(rows: Pick<TransactionListItem, 'status' | 'seller_payout_status'>[]) {
  const options = transactionsQueryOptions({ page: 1 });
  const interval = options.refetchInterval as (query: { state: { data?: TransactionList } }) => number | false;
  return interval({ state: { data: { transactions: rows } as unknown as TransactionList } });
}

describe('which transactions the pages keep asking about', () => {
  it('a final status is still changing while its seller payout is on its way, and only then', () => {
    expect(canStillChange('funded', null)).toBe(true);
    expect(canStillChange('completed', 'pending')).toBe(true);
    expect(canStillChange('completed', 'processing')).toBe(true);
    expect(canStillChange('completed', 'completed')).toBe(false);
    expect(canStillChange('completed', 'failed')).toBe(false);
    expect(canStillChange('refunded', null)).toBe(false);
  });

  it('the list keeps polling while a completed sale is being paid out, as the detail page does', () => {
    expect(listBeat([{ status: 'completed', seller_payout_status: 'processing' }])).toBe(LIVE_POLL_MS * 2);
    expect(
      listBeat([
        { status: 'completed', seller_payout_status: 'completed' },
        { status: 'cancelled', seller_payout_status: null },
      ]),
    ).toBe(false);
    expect(listBeat([{ status: 'dispatched', seller_payout_status: null }])).toBe(LIVE_POLL_MS * 2);
  });
});
