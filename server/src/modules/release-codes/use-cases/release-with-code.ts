/**
 * The seller enters the buyer's release code at hand-over (web or USSD): the escrow is released as if
 * the buyer had confirmed delivery, dispatching first when the item was never marked dispatched
 * (docs/product-rules.md "Release codes"). The state table decides (`release_with_code`); a wrong code
 * is counted and committed before the refusal is answered, so five wrong codes burn it.
 */
import type { AppContext } from '../../../context.ts';
import { formatKes } from '@escrow/core/domain/money';
import { RELEASE_CODE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-link';
import { AppError } from '../../../lib/app-error.ts';
import { releaseToSeller } from '../../escrow-core/money-movements.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { checkReleaseCode, type ReleaseCodeCheck } from '../../escrow-core/release-code.ts';
import { runTransactionAction, type Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';

const REFUSALS: Record<Exclude<ReleaseCodeCheck, { ok: true }>['reason'], string> = {
  missing: 'This transaction has no release code yet. Ask the buyer to send one from their page.',
  used: 'This release code was already used',
  burnt: `The release code was entered wrongly ${RELEASE_CODE_MAX_ATTEMPTS} times and no longer works. Ask the buyer to send a new one.`,
  wrong: 'Wrong release code',
};

/** A refused code: 422 on the wire; channels that speak another language read `codeRefusal` and `attemptsLeft`. */
export class ReleaseCodeRefused extends AppError {
  constructor(
    readonly codeRefusal: Exclude<ReleaseCodeCheck, { ok: true }>['reason'],
    readonly attemptsLeft: number,
    message: string,
  ) {
    super('BUSINESS_RULE', message, { errors: { code: [message] } });
  }
}

export async function releaseWithCode(ctx: AppContext, options: { transactionId: string; caller: Caller; code: string }) {
  const outcome = await runTransactionAction(ctx, { ...options, action: 'release_with_code' }, async ({ tx, txn, actorId, to }) => {
    // A funded plan whose buyer asked to withdraw was refused before this by the state table's row (run-action.ts).
    const check = await checkReleaseCode(ctx, tx, txn, options.code);
    if (!check.ok) return check;

    const now = ctx.now();
    const wasDispatched = txn.dispatchedAt !== null;
    if (!wasDispatched) {
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'dispatch_confirmed',
        description: 'Handed over to the buyer (the seller entered the release code)',
        actorId,
        data: { via: 'release_code' },
      });
    }
    await tx.transaction.update({
      where: { id: txn.id },
      data: { status: to, completedAt: now, releasedBy: 'release_code', ...(wasDispatched ? {} : { dispatchedAt: now }) },
    });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'released_with_code',
      description: "The seller entered the buyer's release code at hand-over",
      actorId,
    });
    const { payoutAmount } = await releaseToSeller(ctx, tx, txn, { actorId, releasedBy: 'release_code' });
    await notifyParties(ctx, tx, txn, {
      buyer: ['released_with_code_buyer'],
      seller: ['released_seller', { amount: formatKes(payoutAmount) }],
    });
    return check;
  });
  if (!outcome.ok) {
    const message =
      outcome.reason === 'wrong'
        ? `${REFUSALS.wrong}: ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? 'try' : 'tries'} left`
        : REFUSALS[outcome.reason];
    throw new ReleaseCodeRefused(outcome.reason, outcome.reason === 'wrong' ? outcome.attemptsLeft : 0, message);
  }
}
