/**
 * One step of a USSD session. Africa's Talking sends the whole `*`-joined history in `text`; the session
 * row remembers how much of it was answered, so only the new part is read (inputs may contain `*`).
 * The row is locked for the step, so a repeated request waits and then gets the same answer again
 * instead of creating a second escrow. `0` goes back and `00` home on every screen.
 */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { type MenuContext, type Outcome, refusal, screenOf, type UssdUser } from './menu.ts';
import { USSD_MESSAGES, type UssdLanguage } from './messages.ts';
import { con, end, renderReply, type UssdReply } from './screen.ts';
import { cleanExpiredSessions, isExpired, lastLanguageOf, lockSession, saveSession, type UssdState } from './session-store.ts';

export interface UssdRequest {
  sessionId: string;
  /** Normalised 254XXXXXXXXX. */
  phone: string;
  text: string;
}

async function loadUser(tx: Tx, phone: string) {
  return tx.user.findUnique({
    where: { phoneNumber: phone },
    select: { id: true, firstName: true, userType: true, status: true, language: true, ussdPinHash: true },
  });
}

/** The answer to one request: `CON …` or `END …`, at most 182 characters of screen. */
export async function answerUssdRequest(ctx: AppContext, request: UssdRequest): Promise<string> {
  const strict = ctx.config.NODE_ENV !== 'production';
  const now = ctx.now();
  const parts = request.text === '' ? [] : request.text.split('*');

  return ctx.db.$transaction(
    async (tx) => {
      const session = await lockSession(tx, request.sessionId);
      const isLive = !!session && !isExpired(session, now) && session.phone === request.phone;
      if (isLive && session.state.lastText === request.text && session.state.lastReply) return session.state.lastReply;

      const account = await loadUser(tx, request.phone);
      const language: UssdLanguage =
        account?.language ?? (isLive ? session.language : null) ?? (await lastLanguageOf(tx, request.phone)) ?? 'en';
      const m = USSD_MESSAGES[language];
      // A session id belongs to the phone that opened it; another phone cannot continue it.
      if (session && session.phone !== request.phone) return renderReply(end(m.sessionExpired), { strict });

      const user: UssdUser | null = account
        ? { id: account.id, firstName: account.firstName, userType: account.userType, hasPin: account.ussdPinHash !== null }
        : null;
      const isContinuing = isLive && !session.state.ended && session.state.stack?.length > 0 && parts.length > 0;
      if (!isContinuing && parts.length > 0) {
        // A continuation of a session that expired or ended: start again from the short code.
        return renderReply(end(m.sessionExpired), { strict });
      }
      if (!isContinuing) await cleanExpiredSessions(tx, now);

      const state: UssdState = isContinuing ? session.state : { stack: ['home'], draft: {}, consumed: 0, lastText: '', lastReply: '' };
      const c: MenuContext = { ctx, sessionId: request.sessionId, phone: request.phone, lang: language, m, user, draft: state.draft };

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
      const next: UssdState =
        reply.kind === 'END'
          ? { stack: [], draft: {}, consumed: parts.length, lastText: request.text, lastReply: body, ended: true }
          : { ...state, draft: c.draft, consumed: parts.length, lastText: request.text, lastReply: body };
      await saveSession(tx, { sessionId: request.sessionId, phone: request.phone, language: c.lang, state: next }, now);
      return body;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** Applies the user's input to the current screen and shows the next one. */
async function step(c: MenuContext, state: UssdState, input: string): Promise<UssdReply> {
  let outcome: Outcome;
  if (input === '00') {
    outcome = { kind: 'home' };
  } else if (input === '0') {
    outcome = { kind: 'back' };
  } else {
    const screen = screenOf(state.stack.at(-1) ?? 'home');
    try {
      outcome = screen.needsAccount && !c.user?.hasPin ? { kind: 'home' } : await screen.handle(c, input);
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

/** Renders the screen on top of the stack. */
async function show(c: MenuContext, state: UssdState, notice: string | undefined): Promise<UssdReply> {
  let screen = screenOf(state.stack.at(-1) ?? 'home');
  if (screen.needsAccount && !c.user?.hasPin) {
    state.stack = ['home'];
    screen = screenOf('home');
  }
  try {
    return con(await screen.render(c, notice));
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
