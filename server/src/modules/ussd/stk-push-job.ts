/**
 * The `ussd.stk_push` job. A phone cannot show the payment prompt while a USSD session is open, so a
 * payment chosen over USSD is pushed by this job shortly after the session has ended, through the same
 * `initiatePayment` use-case as the web, with the buyer as the caller.
 */
import type { AppContext } from '../../context.ts';
import { RAIL_DISPLAY_NAMES, railForPhone, type RailChoice } from '@escrow/core/domain/rail-choice';
import type { JobRecord } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { queueSms } from '../notifications/notify.ts';
import { initiatePayment, PromptNotSent } from '../payments/use-cases/initiate-payment.ts';

export const USSD_STK_QUEUE = 'ussd.stk_push';
/** Time for the network to close the USSD session before the prompt arrives. */
export const USSD_STK_DELAY_MS = 2_000;

export interface UssdStkPush {
  transactionId: string;
  userId: string;
  /** The rail picked on the menu; by default the phone's network. */
  rail?: RailChoice;
}

export async function queueUssdStkPush(ctx: AppContext, push: UssdStkPush): Promise<void> {
  await ctx.jobs.enqueue(ctx.db, USSD_STK_QUEUE, push, {
    runAt: new Date(ctx.now().getTime() + USSD_STK_DELAY_MS),
    maxAttempts: 3,
    // One prompt at a time per transaction, however often the menu is walked.
    singletonKey: `ussd-stk:${push.transactionId}`,
  });
}

/**
 * The menu promised a prompt that is not coming: over the buyer's payment limits (and when to retry), the
 * rail not reached on any attempt (the shared `not_sent` sentence: no money was taken), or the rail's
 * refusal of the request (its kind's sentence, on the rail that refused).
 */
async function tellPromptNotSent(ctx: AppContext, push: UssdStkPush, reason: 'rate_limited' | 'not_sent' | PromptNotSent): Promise<void> {
  const txn = await ctx.db.transaction.findUnique({
    where: { id: push.transactionId },
    select: { referenceNumber: true, buyer: { select: { phoneNumber: true } } },
  });
  if (!txn) return;
  const phone = txn.buyer.phoneNumber;
  // Not reached: the rail the buyer's phone would have been prompted on.
  const failure = reason === 'not_sent' ? { kind: 'not_sent', rail: RAIL_DISPLAY_NAMES[railForPhone(phone, push.rail)] } : reason;
  await queueSms(ctx, ctx.db, {
    phone,
    ...(failure === 'rate_limited'
      ? { template: 'payment_prompt_not_sent', params: { ref: txn.referenceNumber } }
      : { template: 'payment_failed', params: { ref: txn.referenceNumber, kind: failure.kind, rail: failure.rail } }),
    transactionId: push.transactionId,
  });
  ctx.jobs.nudge();
}

export async function sendUssdStkPush(
  ctx: AppContext,
  push: UssdStkPush,
  job?: Pick<JobRecord, 'attempts' | 'max_attempts'>,
): Promise<void> {
  const user = await ctx.db.user.findUnique({ where: { id: push.userId }, select: { userType: true } });
  if (!user) return;
  try {
    await initiatePayment(ctx, {
      transactionId: push.transactionId,
      caller: { userId: push.userId, role: user.userType },
      ...(push.rail ? { rail: push.rail } : {}),
    });
  } catch (error) {
    // The rail refused the request: asking again would be refused again. The buyer is told why.
    if (error instanceof PromptNotSent && error.kind !== 'not_sent') {
      ctx.log.info({ kind: error.kind, transactionId: push.transactionId }, 'USSD STK push refused by the rail');
      await tellPromptNotSent(ctx, push, error);
      return;
    }
    // The rail unreachable: retry. Anything else (already paid, cancelled meanwhile) will not get better.
    if (error instanceof AppError && error.code !== 'UPSTREAM_UNAVAILABLE') {
      ctx.log.info({ code: error.code, transactionId: push.transactionId }, `USSD STK push skipped: ${error.message}`);
      // The menu promised a prompt: a buyer over the payment limits is told none is coming, and when to retry.
      if (error.code === 'RATE_LIMITED') await tellPromptNotSent(ctx, push, 'rate_limited');
      return;
    }
    // The rail not reached on the last attempt: the menu promised a prompt that will not come.
    const isLastAttempt = !!job && job.attempts >= job.max_attempts;
    if (isLastAttempt && error instanceof AppError) await tellPromptNotSent(ctx, push, 'not_sent');
    throw error;
  }
}
