/**
 * The double-entry ledger. A journal's postings sum to zero (checked here and, at commit, by a database
 * trigger); its idempotency key is unique, so a money movement recorded twice is recorded once, and a
 * different movement under a key already used is refused. Corrections are reversals: new journals.
 * Which accounts a movement posts to is decided in `domain/posting-rules.ts`.
 */
import type { Db, Tx } from '../../db/prisma.ts';
import type { Cents } from '@escrow/core/domain/money';
import {
  type AccountCode,
  type JournalKind,
  type Posting,
  canonicalPostings,
  postingsSum,
  reversalPostings,
  samePostings,
} from '@escrow/core/domain/posting-rules';

export type { AccountCode, Posting } from '@escrow/core/domain/posting-rules';

export interface JournalEntry {
  /** Unique per money movement, e.g. `payment:<id>`. */
  key: string;
  kind: JournalKind;
  transactionId: string;
  description: string;
  postings: Posting[];
}

export class UnbalancedJournalError extends Error {}

/** A journal key reused for postings that differ from the ones recorded under it: a bug, never a retry. */
export class JournalKeyConflictError extends Error {}

/**
 * Records the entry unless its key was already recorded with the same postings (a retry: returns false).
 * Throws JournalKeyConflictError when the key was recorded with different postings.
 */
export async function postJournal(tx: Tx, entry: JournalEntry, options: { reverses?: string } = {}): Promise<boolean> {
  const postings = canonicalPostings(entry.postings);
  const sum = postingsSum(postings);
  if (sum !== 0n || postings.length < 2) {
    throw new UnbalancedJournalError(`journal ${entry.key} does not balance (${sum})`);
  }
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO ledger_journals (id, transaction_id, kind, idempotency_key, description, reverses_journal_id)
    VALUES (gen_random_uuid(), ${entry.transactionId}::uuid, ${entry.kind}, ${entry.key}, ${entry.description},
            ${options.reverses ?? null}::uuid)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`;
  const journal = inserted[0];
  if (!journal) {
    const recorded = await recordedPostings(tx, entry.key);
    if (!samePostings(recorded, postings)) {
      throw new JournalKeyConflictError(`journal ${entry.key} was already recorded with different postings`);
    }
    return false;
  }
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

/**
 * Undoes the journal recorded under `key` with a new journal of the negated postings, linked to it.
 * A journal is reversed at most once (a unique index); reversing it again is a no-op returning false.
 */
export async function reverseJournal(tx: Tx, key: string, description: string): Promise<boolean> {
  const original = await tx.ledgerJournal.findUnique({
    where: { idempotencyKey: key },
    select: { id: true, transactionId: true },
  });
  if (!original?.transactionId) throw new Error(`no journal ${key} to reverse`);
  return postJournal(
    tx,
    {
      key: `reversal:${key}`,
      kind: 'reversal',
      transactionId: original.transactionId,
      description,
      postings: reversalPostings(await recordedPostings(tx, key)),
    },
    { reverses: original.id },
  );
}

async function recordedPostings(tx: Tx, key: string): Promise<Posting[]> {
  const rows = await tx.$queryRaw<{ account_code: AccountCode; amount_cents: bigint }[]>`
    SELECT p.account_code::text AS account_code, p.amount_cents FROM ledger_postings p
    JOIN ledger_journals j ON j.id = p.journal_id WHERE j.idempotency_key = ${key}`;
  return rows.map((row) => ({ account: row.account_code, amount: row.amount_cents }));
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
