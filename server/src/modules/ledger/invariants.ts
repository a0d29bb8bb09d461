/**
 * Checks the books as a whole: every journal balances; no account of any transaction is overdrawn —
 * escrow, seller and refund balances and the platform's fee income are credit-normal (their posting sum
 * is never positive), and the rails together never paid out more for a transaction than they took in for
 * it (the cash accounts' sum is never negative; one rail's may be, when a seller on Airtel is paid from an
 * M-Pesa pay-in: moving float between rails is treasury work, outside a transaction's books);
 * and no transaction's refunds exceed what was paid into it, nor give back more fee than was taken.
 * Used by the tests after every step and by the admin System Health page. The database refuses the same
 * overdrawn balances and refunds at commit (migration `…_refunds_per_payment_and_payout_reconciliation`).
 */
import { CASH_ACCOUNTS, type CashAccount } from '@escrow/core/domain/posting-rules';
import type { Db, Tx } from '../../db/prisma.ts';

export interface LedgerReport {
  isHealthy: boolean;
  unbalancedJournals: number;
  overdrawnBalances: number;
  /** Transactions whose refunds exceed their completed pay-ins, or whose fee refunds exceed the fee taken. */
  refundBoundViolations: number;
  journals: number;
  /** Sum of all postings: zero when the books balance. */
  grandTotal: bigint;
  /** Cash the platform should hold at each rail (debit-positive): the M-Pesa paybill, the Airtel float. */
  cashBalances: Record<CashAccount, bigint>;
  /** Fee income the platform holds (credit-normal, so shown positive). */
  platformFees: bigint;
}

export async function checkLedgerInvariants(db: Db | Tx, transactionId?: string): Promise<LedgerReport> {
  const id = transactionId ? transactionId.replace(/[^0-9a-f-]/gi, '') : null;
  const filter = id ? `WHERE transaction_id = '${id}'::uuid` : '';
  const cashList = CASH_ACCOUNTS.map((account) => `'${account}'`).join(', ');
  const [row] = await db.$queryRawUnsafe<
    {
      unbalanced: bigint;
      overdrawn: bigint;
      refund_violations: bigint;
      journals: bigint;
      grand_total: bigint | null;
      fees: bigint | null;
    }[]
  >(`
    WITH p AS (SELECT * FROM ledger_postings ${filter}),
    journals AS (SELECT journal_id, SUM(amount_cents) AS total FROM p GROUP BY journal_id),
    balances AS (
      SELECT CASE WHEN account_code IN (${cashList}) THEN 'cash' ELSE account_code::text END AS account,
             transaction_id, SUM(amount_cents) AS balance FROM p
      WHERE transaction_id IS NOT NULL
      GROUP BY 1, transaction_id),
    paid AS (
      SELECT transaction_id, SUM(amount_cents) AS paid_in, SUM(fee_cents) AS fee_in FROM payments
      WHERE status = 'completed' ${id ? `AND transaction_id = '${id}'::uuid` : ''} GROUP BY transaction_id),
    refunded AS (
      SELECT transaction_id, SUM(amount_cents) AS refunded, SUM(fee_cents) AS fee_refunded FROM refunds
      ${filter} GROUP BY transaction_id)
    SELECT
      (SELECT COUNT(*) FROM journals WHERE total <> 0) AS unbalanced,
      (SELECT COUNT(*) FROM balances
        WHERE (account = 'cash' AND balance < 0) OR (account <> 'cash' AND balance > 0)) AS overdrawn,
      (SELECT COUNT(*) FROM refunded r LEFT JOIN paid ON paid.transaction_id = r.transaction_id
        WHERE r.refunded > COALESCE(paid.paid_in, 0) OR r.fee_refunded > COALESCE(paid.fee_in, 0)) AS refund_violations,
      (SELECT COUNT(*) FROM journals) AS journals,
      (SELECT SUM(amount_cents)::bigint FROM p) AS grand_total,
      (SELECT -SUM(amount_cents)::bigint FROM p WHERE account_code = 'platform_fees') AS fees`);
  const cash = await db.$queryRawUnsafe<{ account: CashAccount; balance: bigint }[]>(
    `SELECT account_code::text AS account, SUM(amount_cents)::bigint AS balance FROM ledger_postings
     WHERE account_code IN (${cashList}) ${id ? `AND transaction_id = '${id}'::uuid` : ''} GROUP BY account_code`,
  );
  const unbalancedJournals = Number(row?.unbalanced ?? 0);
  const overdrawnBalances = Number(row?.overdrawn ?? 0);
  const refundBoundViolations = Number(row?.refund_violations ?? 0);
  const grandTotal = row?.grand_total ?? 0n;
  return {
    isHealthy: unbalancedJournals === 0 && overdrawnBalances === 0 && refundBoundViolations === 0 && grandTotal === 0n,
    unbalancedJournals,
    overdrawnBalances,
    refundBoundViolations,
    journals: Number(row?.journals ?? 0),
    grandTotal,
    cashBalances: Object.fromEntries(
      CASH_ACCOUNTS.map((account) => [account, cash.find((line) => line.account === account)?.balance ?? 0n]),
    ) as Record<CashAccount, bigint>,
    platformFees: row?.fees ?? 0n,
  };
}
