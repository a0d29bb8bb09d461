/**
 * Who the caller is to a transaction. A caller who is neither party (nor an admin) gets 404, never 403:
 * the existence of other people's transactions does not leak (docs/contract.md "Envelope and errors").
 */
import type { AuthUser } from '../../plugins/auth.ts';
import type { Tx } from '../../db/prisma.ts';
import type { Actor } from '@escrow/core/domain/transaction-state';
import { notFound } from '../../lib/app-error.ts';

export interface Parties {
  buyerId: string;
  sellerId: string | null;
}

export function partyRole(transaction: Parties, caller: Pick<AuthUser, 'userId' | 'role'>): Actor | null {
  if (transaction.buyerId === caller.userId) return 'buyer';
  if (transaction.sellerId !== null && transaction.sellerId === caller.userId) return 'seller';
  if (caller.role === 'admin') return 'admin';
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Locks the transaction row for the rest of the database transaction (SELECT … FOR UPDATE), so that
 * concurrent actions on it run one after the other and each sees the other's result.
 */
export async function lockTransaction(tx: Tx, id: string) {
  if (!UUID.test(id)) throw notFound();
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM transactions WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound();
  return tx.transaction.findUniqueOrThrow({ where: { id }, include: LOCKED_INCLUDE });
}

/** What actions read with the locked row: the parties (with their SMS language) and the plan. */
export const LOCKED_INCLUDE = {
  buyer: { select: { id: true, firstName: true, lastName: true, phoneNumber: true, language: true } },
  seller: { select: { id: true, firstName: true, lastName: true, phoneNumber: true, language: true } },
  plan: true,
} as const;

export type LockedTransaction = Awaited<ReturnType<typeof lockTransaction>>;
