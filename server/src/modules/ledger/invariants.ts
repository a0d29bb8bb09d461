/**
 * Checks the ledger as a whole: every journal balances, and no liability account of any transaction is
 * overdrawn (escrow, seller and refund balances are credit-normal: their posting sum is never positive).
 * Used by the tests after every step and by the admin System Health page.
 */
import type { Db, Tx } from '../../db/prisma.ts';

export interface LedgerReport {
  isHealthy: boolean;
  unbalancedJournals: number;
  overdrawnBalances: number;
  journals: number;
  /** Sum of all postings: zero when the books balance. */
  grandTotal: bigint;
  /** Cash the platform should hold at the paybill (debit-positive). */
  paybillBalance: bigint;
}

export async function checkLedgerInvariants(db: Db | Tx, transactionId?: string): Promise<LedgerReport> {
  const filter = transactionId ? `WHERE transaction_id = '${transactionId.replace(/[^0-9a-f-]/gi, '')}'::uuid` : '';
  const [row] = await db.$queryRawUnsafe<
    { unbalanced: bigint; overdrawn: bigint; journals: bigint; grand_total: bigint | null; paybill: bigint | null }[]
  >(`
    WITH p AS (SELECT * FROM ledger_postings ${filter}),
    journals AS (SELECT journal_id, SUM(amount_cents) AS total FROM p GROUP BY journal_id),
    balances AS (
      SELECT account_code, transaction_id, SUM(amount_cents) AS balance FROM p
      WHERE account_code IN ('escrow_holding', 'seller_payable', 'refunds_payable')
      GROUP BY account_code, transaction_id)
    SELECT
      (SELECT COUNT(*) FROM journals WHERE total <> 0) AS unbalanced,
      (SELECT COUNT(*) FROM balances WHERE balance > 0) AS overdrawn,
      (SELECT COUNT(*) FROM journals) AS journals,
      (SELECT SUM(amount_cents)::bigint FROM p) AS grand_total,
      (SELECT SUM(amount_cents)::bigint FROM p WHERE account_code = 'mpesa_paybill') AS paybill`);
  const unbalancedJournals = Number(row?.unbalanced ?? 0);
  const overdrawnBalances = Number(row?.overdrawn ?? 0);
  const grandTotal = row?.grand_total ?? 0n;
  return {
    isHealthy: unbalancedJournals === 0 && overdrawnBalances === 0 && grandTotal === 0n,
    unbalancedJournals,
    overdrawnBalances,
    journals: Number(row?.journals ?? 0),
    grandTotal,
    paybillBalance: row?.paybill ?? 0n,
  };
}
