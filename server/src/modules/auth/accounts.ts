/**
 * Finding an account by what a person types (a phone in any accepted form, or an email), and the
 * change every phone proof makes (marking the phone verified and attaching the escrows waiting for it).
 */
import type { Db, Tx } from '../../db/prisma.ts';
import { normalizePhone } from '@escrow/core/domain/phone';
import { AppError } from '../../lib/app-error.ts';
import { USER_WIRE_SELECT } from './user-wire.ts';

export type AccountIdentifier = { phone: string } | { email: string };

/** A phone (07…, 01…, 254…, +254…) or an email (anything with an `@`), normalised; null when neither. */
export function parseIdentifier(raw: string): AccountIdentifier | null {
  const value = raw.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  const phone = normalizePhone(value);
  return phone ? { phone } : null;
}

/** A stable text form of an identifier, for rate-limit keys. */
export function identifierKey(identifier: AccountIdentifier | null, raw: string): string {
  if (!identifier) return `raw:${raw.trim().toLowerCase().slice(0, 100)}`;
  return 'phone' in identifier ? `phone:${identifier.phone}` : `email:${identifier.email}`;
}

export const ACCOUNT_SELECT = { ...USER_WIRE_SELECT, status: true, passwordHash: true } as const;

export async function findAccount(db: Db | Tx, identifier: AccountIdentifier | null) {
  if (!identifier) return null;
  return db.user.findUnique({
    where: 'phone' in identifier ? { phoneNumber: identifier.phone } : { email: identifier.email },
    select: ACCOUNT_SELECT,
  });
}

/**
 * How the phone's holder proved it, for `markPhoneVerified`. `keepsPassword`: the prover also holds the
 * account's web password (the registrant typing the code they were sent, a reset that just set it, an
 * admin who checked the person). Otherwise, as when the holder proves the phone by the SMS code over
 * USSD, a password chosen before the phone was proven was chosen by whoever registered the number, who
 * need not be its holder: it stops working, with the account's sessions, and the holder is told by SMS.
 */
export interface PhoneProof {
  keepsPassword: boolean;
}

/**
 * Records that the user proved they hold their phone, and attaches the transactions whose buyer named
 * this phone as the seller before it had an account.
 *
 * At the phone's first proof, a USSD PIN set before it is dropped with the phone's USSD sessions: whoever
 * set it had not proven the phone (the demo simulator registers any number, and a web password proves the
 * account, not the phone), so it must not speak for the holder who just proved it. The holder sets their
 * own PIN on their next dial, after the texted code or their web password.
 */
export async function markPhoneVerified(
  tx: Tx,
  user: { id: string; phoneNumber: string },
  now: Date,
  proof: PhoneProof,
): Promise<{ droppedPassword: boolean }> {
  const { count } = await tx.user.updateMany({
    where: { id: user.id, phoneVerifiedAt: null },
    data: { phoneVerifiedAt: now, ussdPinHash: null, ussdPinFailures: 0, ussdPinLockedUntil: null },
  });
  let droppedPassword = false;
  if (count > 0) {
    await tx.ussdSession.deleteMany({ where: { phoneNumber: user.phoneNumber } });
    if (!proof.keepsPassword) {
      // The row is locked by the update above: no proof runs beside this one.
      const dropped = await tx.user.updateMany({ where: { id: user.id, passwordHash: { not: null } }, data: { passwordHash: null } });
      droppedPassword = dropped.count > 0;
      if (droppedPassword) await revokeAllSessions(tx, user.id, now);
    }
  }
  await attachWaitingTransactions(tx, user);
  return { droppedPassword };
}

/** Ends every session the account holds (its tokens answer 401 on every node: auth_sessions' NOTIFY trigger). */
export async function revokeAllSessions(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.authSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
}

/** Transactions naming `phoneNumber` as the seller, with no seller account yet, now belong to `id`. */
export async function attachWaitingTransactions(tx: Tx | Db, user: { id: string; phoneNumber: string }): Promise<number> {
  const { count } = await tx.transaction.updateMany({
    where: { sellerPhone: user.phoneNumber, sellerId: null, buyerId: { not: user.id } },
    data: { sellerId: user.id },
  });
  return count;
}

export const invalidCode = () =>
  new AppError('VALIDATION_ERROR', 'Invalid or expired code. Check the SMS or request a new code.', {
    errors: { code: ['Invalid or expired code'] },
  });

export const accountSuspended = () => new AppError('ACCOUNT_SUSPENDED', 'This account is suspended. Please contact support.');
