/**
 * USSD sessions in PostgreSQL (`ussd_sessions`), so that any server process can answer a session's next
 * step. A session untouched for 5 minutes is over (networks close theirs sooner). Each phone keeps its
 * newest row after the session ends: it remembers the language an unregistered phone chose.
 */
import { type Db, inTransaction, type Tx } from '../../db/prisma.ts';
import type { UssdLanguage } from './messages.ts';
import type { SessionState } from './session-state.ts';

export const SESSION_TTL_MS = 5 * 60_000;

export interface UssdSession {
  sessionId: string;
  phone: string;
  language: UssdLanguage;
  /** JSON as stored; read it with `decodeSessionState` (session-state.ts). */
  state: unknown;
  updatedAt: Date;
}

interface SessionRow {
  session_id: string;
  phone_number: string;
  language: UssdLanguage;
  state: unknown;
  updated_at: Date;
}

/** How long a request may hold a session before another may take it over (a crashed node's lease). */
const LEASE_MS = 30_000;

export type SessionClaim = { kind: 'claimed'; session: UssdSession | null; leaseEnd: Date } | { kind: 'busy' };

/**
 * Takes the session for one request, in one statement on one pooled connection: a new session id gets
 * its row, an idle one gets a lease. While another request holds the lease the answer is `busy` and the
 * caller waits; the lease (rather than a row lock held open in a transaction) lets a step use the pool
 * one query at a time, so parallel sessions never wait for each other's connections.
 */
export async function claimSession(db: Db, request: { sessionId: string; phone: string }, now: Date): Promise<SessionClaim> {
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  const rows = await db.$queryRaw<(SessionRow & { inserted: boolean })[]>`
    INSERT INTO ussd_sessions AS s (session_id, phone_number, language, state, busy_until, created_at, updated_at)
    VALUES (${request.sessionId}, ${request.phone}, 'en', '{}'::jsonb, ${leaseEnd}, ${now}, ${now})
    ON CONFLICT (session_id) DO UPDATE SET busy_until = EXCLUDED.busy_until
      WHERE s.busy_until IS NULL OR s.busy_until <= ${now}
    RETURNING session_id, phone_number, language, state, updated_at, (xmax = 0) AS inserted`;
  const row = rows[0];
  if (!row) return { kind: 'busy' };
  if (row.inserted) return { kind: 'claimed', session: null, leaseEnd };
  return {
    kind: 'claimed',
    session: { sessionId: row.session_id, phone: row.phone_number, language: row.language, state: row.state, updatedAt: row.updated_at },
    leaseEnd,
  };
}

/** Gives a session back without an answer to keep; a row this request created goes again. */
export async function releaseSession(db: Db, claim: { sessionId: string; leaseEnd: Date; isNew: boolean }): Promise<void> {
  if (claim.isNew) {
    await db.$executeRaw`DELETE FROM ussd_sessions WHERE session_id = ${claim.sessionId} AND busy_until = ${claim.leaseEnd}`;
  } else {
    await db.$executeRaw`UPDATE ussd_sessions SET busy_until = NULL WHERE session_id = ${claim.sessionId} AND busy_until = ${claim.leaseEnd}`;
  }
}

export function isExpired(session: UssdSession, now: Date): boolean {
  return now.getTime() - session.updatedAt.getTime() > SESSION_TTL_MS;
}

/** Stores the session's new state and ends the request's lease. */
export async function saveSession(
  db: Db,
  session: Omit<UssdSession, 'updatedAt' | 'state'> & { state: SessionState },
  now: Date,
): Promise<void> {
  const { state } = session;
  await db.ussdSession.upsert({
    where: { sessionId: session.sessionId },
    create: { sessionId: session.sessionId, phoneNumber: session.phone, language: session.language, state, updatedAt: now, createdAt: now },
    update: { language: session.language, state, updatedAt: now, busyUntil: null },
  });
}

/** The language this phone last used over USSD (unregistered phones), if any. */
export async function lastLanguageOf(db: Db | Tx, phone: string, exceptSessionId: string): Promise<UssdLanguage | null> {
  const row = await db.ussdSession.findFirst({
    where: { phoneNumber: phone, sessionId: { not: exceptSessionId } },
    orderBy: { updatedAt: 'desc' },
    select: { language: true },
  });
  return row?.language ?? null;
}

/** Forgets expired sessions in a transaction of its own (when a session opens). */
export function forgetExpiredSessions(db: Db, now: Date): Promise<number> {
  return inTransaction(db, (tx) => cleanExpiredSessions(tx, now));
}

/**
 * Forgets expired sessions: their state is wiped, and all but the newest row of each phone are deleted
 * (phones with an account keep their language on the account, so their expired rows all go).
 */
export async function cleanExpiredSessions(tx: Tx, now: Date): Promise<number> {
  // One cleaner at a time (until its transaction ends): concurrent dials skip it instead of contending.
  const [lock] = await tx.$queryRaw<
    { acquired: boolean }[]
  >`SELECT pg_try_advisory_xact_lock(hashtext('ussd_sessions_cleanup')) AS acquired`;
  if (!lock?.acquired) return 0;
  const cutoff = new Date(now.getTime() - SESSION_TTL_MS);
  const deleted = await tx.$executeRaw`
    DELETE FROM ussd_sessions s
    WHERE s.updated_at < ${cutoff} AND (s.busy_until IS NULL OR s.busy_until <= ${now})
      AND (EXISTS (SELECT 1 FROM users u WHERE u.phone_number = s.phone_number)
           OR EXISTS (SELECT 1 FROM ussd_sessions n WHERE n.phone_number = s.phone_number AND n.updated_at > s.updated_at))`;
  await tx.$executeRaw`UPDATE ussd_sessions SET state = '{}'::jsonb
    WHERE updated_at < ${cutoff} AND state <> '{}'::jsonb AND (busy_until IS NULL OR busy_until <= ${now})`;
  return deleted;
}
