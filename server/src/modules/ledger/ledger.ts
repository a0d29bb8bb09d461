/**
 * The double-entry ledger. A journal's postings sum to zero (checked here and, at commit, by a database
 * trigger); its idempotency key is unique, so a money movement recorded twice is recorded once.
 */
import type { Db, Tx } from '../../db/prisma.ts';
import type { Cents } from '../../domain/money.ts';

export type AccountCode = 'mpesa_paybill' | 'escrow_holding' | 'seller_payable' | 'refunds_payable' | 'platform_fees';

/** Positive amounts are debits, negative are credits. */
export interface Posting {
  account: AccountCode;
  amount: Cents;
}

export interface JournalEntry {
  /** Unique per money movement, e.g. `payment:<id>`. */
  key: string;
  kind: 'deposit' | 'release' | 'refund' | 'payout' | 'refund_payout';
  transactionId: string;
  description: string;
  postings: Posting[];
}

export class UnbalancedJournalError extends Error {}

/** Records the entry unless its key was already recorded; returns whether it was new. */
export async function postJournal(tx: Tx, entry: JournalEntry): Promise<boolean> {
  const postings = entry.postings.filter((posting) => posting.amount !== 0n);
  const sum = postings.reduce((total, posting) => total + posting.amount, 0n);
  if (sum !== 0n || postings.length < 2) {
    throw new UnbalancedJournalError(`journal ${entry.key} does not balance (${sum})`);
  }
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO ledger_journals (id, transaction_id, kind, idempotency_key, description)
    VALUES (gen_random_uuid(), ${entry.transactionId}::uuid, ${entry.kind}, ${entry.key}, ${entry.description})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`;
  const journal = inserted[0];
  if (!journal) return false;
  await tx.ledgerPosting.createMany({
    data: postings.map((posting) => ({
      journalId: journal.id,
      accountCode: posting.account,
      transactionId: entry.transactionId,
      amountCents: posting.amount,
    })),
  });
  return true;
}

/** Balance of one account for one transaction (debit-positive). */
export async function accountBalance(tx: Tx | Db, account: AccountCode, transactionId: string): Promise<Cents> {
  const rows = await tx.$queryRaw<{ balance: bigint | null }[]>`
    SELECT SUM(amount_cents)::bigint AS balance FROM ledger_postings
    WHERE account_code = ${account}::"LedgerAccountCode" AND transaction_id = ${transactionId}::uuid`;
  return rows[0]?.balance ?? 0n;
}

/** Money held in escrow for a transaction (escrow_holding is credit-normal, so negate). */
export async function escrowBalance(tx: Tx | Db, transactionId: string): Promise<Cents> {
  return -(await accountBalance(tx, 'escrow_holding', transactionId));
}
