/**
 * One step of a USSD session. Africa's Talking sends the whole `*`-joined history in `text`; the session
 * row remembers how much of it was answered, so only the new part is read (inputs may contain `*`).
 * A request takes a lease on its session row first (session-store.ts), so a repeated request waits and
 * then gets the same answer again instead of creating a second escrow. The step itself runs its queries
 * one at a time on the pool, holding at most one connection. `0` goes back and `00` home on every screen.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context.ts';
import { pinLockInEffect } from '@escrow/core/domain/ussd-pin';
import { type MenuContext, type Outcome, refusal, type UssdOrigin, type UssdUser } from './flows/menu-kit.ts';
import { USSD_MESSAGES, type UssdLanguage } from './messages.ts';
import { con, end, renderReply, type UssdReply } from './screen.ts';
import { bindScreen } from './screens.ts';
import {
  claimSession,
  forgetExpiredSessions,
  isExpired,
  lastLanguageOf,
  releaseSession,
  saveSession,
  type UssdSession,
} from './session-store.ts';
import { currentScreen, decodeSessionState, newSessionState, type SessionState } from './session-state.ts';

export type { UssdOrigin };

export interface UssdRequest {
  sessionId: string;
  /** Normalised 254XXXXXXXXX. */
  phone: string;
  text: string;
  origin: UssdOrigin;
}

/** How long a request waits for another request of the same session to finish. */
const BUSY_WAIT_MS = 15_000;
const BUSY_POLL_MS = 25;

/** The answer to one request: `CON …` or `END …`, at most 182 characters of screen. */
export async function answerUssdRequest(ctx: AppContext, request: UssdRequest): Promise<string> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const now = ctx.now();
    const claim = await claimSession(ctx.db, request, now);
    if (claim.kind === 'claimed') {
      const lease = { sessionId: request.sessionId, leaseEnd: claim.leaseEnd, isNew: claim.session === null };
      let saved = false;
      try {
        const answer = await answerClaimed(ctx, request, claim.session, now);
        saved = answer.saved;
        return answer.body;
      } finally {
        if (!saved) await releaseSession(ctx.db, lease);
      }
    }
    if (Date.now() > deadline) return renderReply(end(USSD_MESSAGES.en.somethingWrong), { strict: false });
    await sleep(BUSY_POLL_MS);
  }
}

async function answerClaimed(
  ctx: AppContext,
  request: UssdRequest,
  session: UssdSession | null,
  now: Date,
): Promise<{ body: string; saved: boolean }> {
  const strict = ctx.config.NODE_ENV !== 'production';
  const parts = request.text === '' ? [] : request.text.split('*');
  const isLive = !!session && !isExpired(session, now) && session.phone === request.phone;
  const stored = isLive ? decodeSessionState(session.state) : null;
  if (stored && stored.lastText === request.text && stored.lastReply) return { body: stored.lastReply, saved: false };

  const account = await ctx.db.user.findUnique({
    where: { phoneNumber: request.phone },
    select: { id: true, firstName: true, userType: true, status: true, language: true, ussdPinHash: true, ussdPinLockedUntil: true },
  });
  const language: UssdLanguage =
    account?.language ?? (isLive ? session.language : null) ?? (await lastLanguageOf(ctx.db, request.phone, request.sessionId)) ?? 'en';
  const m = USSD_MESSAGES[language];
  // A session id belongs to the phone that opened it; another phone cannot continue it.
  if (session && session.phone !== request.phone) return { body: renderReply(end(m.sessionExpired), { strict }), saved: false };

  const user: UssdUser | null = account
    ? {
        id: account.id,
        firstName: account.firstName,
        userType: account.userType,
        hasPin: account.ussdPinHash !== null,
        pinLockedUntil: pinLockInEffect(account.ussdPinLockedUntil, now),
      }
    : null;
  const isContinuing = !!stored && !stored.ended && stored.stack.length > 0 && parts.length > 0;
  // A live session whose stored state does not decode (an older release's, or damaged) starts again at home.
  const isUnreadable = isLive && !stored && parts.length > 0;
  if (!isContinuing && !isUnreadable && parts.length > 0) {
    // A continuation of a session that expired or ended: start again from the short code.
    return { body: renderReply(end(m.sessionExpired), { strict }), saved: false };
  }
  if (!isContinuing) await forgetExpiredSessions(ctx.db, now);

  const state: SessionState = isContinuing ? stored : newSessionState();
  const c: MenuContext = {
    ctx,
    sessionId: request.sessionId,
    phone: request.phone,
    origin: request.origin,
    lang: language,
    m,
    user,
    draft: state.draft,
    session: {
      pinProven: !!state.pinProven,
      firstPinProof: state.firstPinProof ?? null,
      codeSent: !!state.codeSent,
      codeRetryAt: state.codeRetryAt ?? null,
    },
  };

  let reply: UssdReply;
  if (account?.status === 'suspended') {
    reply = end(m.suspended);
  } else if (!isContinuing) {
    reply = await show(c, state, undefined);
  } else {
    const input = (parts.length > state.consumed ? parts.slice(state.consumed).join('*') : (parts.at(-1) ?? '')).trim();
    reply = await step(c, state, input);
  }

  const body = renderReply(reply, { strict });
  const next: SessionState =
    reply.kind === 'END'
      ? { stack: [], draft: {}, consumed: parts.length, lastText: request.text, lastReply: body, ended: true }
      : { ...state, ...c.session, draft: c.draft, consumed: parts.length, lastText: request.text, lastReply: body };
  await saveSession(ctx.db, { sessionId: request.sessionId, phone: request.phone, language: c.lang, state: next }, now);
  return { body, saved: true };
}

/** Applies the user's input to the current screen and shows the next one. */
async function step(c: MenuContext, state: SessionState, input: string): Promise<UssdReply> {
  let outcome: Outcome;
  if (input === '00') {
    outcome = { kind: 'home' };
  } else if (input === '0') {
    outcome = { kind: 'back' };
  } else {
    const current = currentScreen({ stack: state.stack, draft: c.draft });
    const screen = current && bindScreen(current);
    try {
      // A screen without what it needs (a stale draft) or past registration for a guest: home instead.
      outcome = !screen || (screen.needsAccount && !c.user?.hasPin) ? { kind: 'home' } : await screen.handle(c, input);
    } catch (error) {
      outcome = await unexpected(c, error);
    }
  }
  switch (outcome.kind) {
    case 'end':
      return end(outcome.text);
    case 'push':
      state.stack.push(outcome.screen);
      return show(c, state, undefined);
    case 'replace':
      state.stack.pop();
      state.stack.push(outcome.screen);
      return show(c, state, undefined);
    case 'back':
      if (state.stack.length > 1) state.stack.pop();
      return show(c, state, outcome.notice);
    case 'home':
      state.stack = ['home'];
      c.draft = {};
      return show(c, state, outcome.notice);
    case 'stay':
      return show(c, state, outcome.notice);
  }
}

/** Renders the screen on top of the stack (home when it cannot be shown to this caller or with this draft). */
async function show(c: MenuContext, state: SessionState, notice: string | undefined): Promise<UssdReply> {
  const current = currentScreen({ stack: state.stack, draft: c.draft });
  let screen = current && bindScreen(current);
  if (!screen || (screen.needsAccount && !c.user?.hasPin)) {
    state.stack = ['home'];
    screen = bindScreen({ screen: 'home', data: {} });
  }
  try {
    const rendered = await screen.render(c, notice);
    return typeof rendered === 'string' ? con(rendered) : end(rendered.end);
  } catch (error) {
    const outcome = await unexpected(c, error);
    return end(outcome.kind === 'end' ? outcome.text : c.m.somethingWrong);
  }
}

/** A use-case's refusal closes the session with its reason; anything else is logged and apologised for. */
async function unexpected(c: MenuContext, error: unknown): Promise<Outcome> {
  try {
    return await refusal(c, error);
  } catch {
    c.ctx.log.error({ err: error }, 'USSD step failed');
    return { kind: 'end', text: c.m.somethingWrong };
  }
}
