/**
 * USSD sessions in PostgreSQL (`ussd_sessions`), so that any server process can answer a session's next
 * step. A session untouched for 5 minutes is over (networks close theirs sooner). Each phone keeps its
 * newest row after the session ends: it remembers the language an unregistered phone chose.
 */
import type { Db, Tx } from '../../db/prisma.ts';
import type { UssdLanguage } from './messages.ts';

export const SESSION_TTL_MS = 5 * 60_000;

export interface UssdState {
  /** Screens walked, the current one last; `0` pops it. */
  stack: string[];
  /** Inputs collected so far (seller phone, amount, selected transaction, hashed PIN…). */
  draft: Record<string, string>;
  /** How many `*`-separated parts of `text` have been answered. */
  consumed: number;
  /** The last request's text and answer, replayed if the gateway repeats a request. */
  lastText: string;
  lastReply: string;
  ended?: boolean;
}

export interface UssdSession {
  sessionId: string;
  phone: string;
  language: UssdLanguage;
  state: UssdState;
  updatedAt: Date;
}

interface SessionRow {
  session_id: string;
  phone_number: string;
  language: UssdLanguage;
  state: UssdState;
  updated_at: Date;
}

/** The session row, locked for the rest of the database transaction so one step runs at a time. */
export async function lockSession(tx: Tx, sessionId: string): Promise<UssdSession | null> {
  const rows = await tx.$queryRaw<SessionRow[]>`
    SELECT session_id, phone_number, language, state, updated_at FROM ussd_sessions WHERE session_id = ${sessionId} FOR UPDATE`;
  const row = rows[0];
  if (!row) return null;
  return { sessionId: row.session_id, phone: row.phone_number, language: row.language, state: row.state, updatedAt: row.updated_at };
}

export function isExpired(session: UssdSession, now: Date): boolean {
  return now.getTime() - session.updatedAt.getTime() > SESSION_TTL_MS;
}

export async function saveSession(tx: Tx, session: Omit<UssdSession, 'updatedAt'>, now: Date): Promise<void> {
  const state = session.state as unknown as object;
  await tx.ussdSession.upsert({
    where: { sessionId: session.sessionId },
    create: { sessionId: session.sessionId, phoneNumber: session.phone, language: session.language, state, updatedAt: now, createdAt: now },
    update: { language: session.language, state, updatedAt: now },
  });
}

/** The language this phone last used over USSD (unregistered phones), if any. */
export async function lastLanguageOf(db: Db | Tx, phone: string): Promise<UssdLanguage | null> {
  const row = await db.ussdSession.findFirst({ where: { phoneNumber: phone }, orderBy: { updatedAt: 'desc' }, select: { language: true } });
  return row?.language ?? null;
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
    WHERE s.updated_at < ${cutoff}
      AND (EXISTS (SELECT 1 FROM users u WHERE u.phone_number = s.phone_number)
           OR EXISTS (SELECT 1 FROM ussd_sessions n WHERE n.phone_number = s.phone_number AND n.updated_at > s.updated_at))`;
  await tx.$executeRaw`UPDATE ussd_sessions SET state = '{}'::jsonb WHERE updated_at < ${cutoff} AND state <> '{}'::jsonb`;
  return deleted;
}
