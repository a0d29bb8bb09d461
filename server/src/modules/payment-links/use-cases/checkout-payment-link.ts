/**
 * A signed-in buyer checks out from a payment link: a normal transaction with the link's product,
 * price and type, the link's owner as seller. The link row is locked (SELECT … FOR UPDATE) in the
 * creating database transaction and its units counted there, so two buyers racing for the last unit
 * get one transaction and one 409 (docs/product-rules.md "Payment links").
 */
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/prisma.ts';
import { DEFAULT_PLAN_TERM, suggestedDeposit } from '@escrow/core/domain/installment-plan';
import type { Cents } from '@escrow/core/domain/money';
import {
  CHECKOUT_RELEASES_UNIT,
  CLOSED_LINK_MESSAGES,
  PAYMENT_LINK_CODE_PATTERN,
  paymentLinkStatus,
} from '@escrow/core/domain/payment-link';
import type { TransactionStatus } from '@escrow/core/domain/transaction-state';
import { businessRule, invalidState, notFound } from '../../../lib/app-error.ts';
import { createTransaction } from '../../transactions/use-cases/create-transaction.ts';

export async function checkoutPaymentLink(
  ctx: AppContext,
  options: { buyerId: string; code: string; deposit?: Cents; channel?: 'web' | 'ussd' | 'api'; idempotencyRecordId?: string },
) {
  if (!PAYMENT_LINK_CODE_PATTERN.test(options.code)) throw notFound('Payment link');
  const link = await ctx.db.paymentLink.findUnique({
    where: { code: options.code },
    include: { seller: { select: { id: true, phoneNumber: true, status: true } } },
  });
  if (!link) throw notFound('Payment link');
  if (link.sellerId === options.buyerId) throw businessRule('You cannot buy from your own payment link');
  if (link.seller.status === 'suspended') throw invalidState(CLOSED_LINK_MESSAGES.disabled);

  const isInstallment = link.transactionType === 'lipa_mdogo_mdogo';
  return createTransaction(ctx, {
    buyerId: options.buyerId,
    sellerPhone: link.seller.phoneNumber,
    productName: link.productName,
    transactionType: link.transactionType,
    amount: isInstallment ? (options.deposit ?? suggestedDeposit(link.amountCents)) : link.amountCents,
    ...(isInstallment ? { totalCost: link.amountCents, installmentMonths: link.installmentMonths ?? DEFAULT_PLAN_TERM } : {}),
    channel: options.channel ?? 'web',
    paymentLinkCode: link.code,
    idempotencyRecordId: options.idempotencyRecordId,
    beforeCreate: (tx) => claimUnit(ctx, tx, link.id),
  });
}

/** Locks the link and refuses when it takes no more checkouts (checked again under the lock). */
async function claimUnit(ctx: AppContext, tx: Tx, linkId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ disabled_at: Date | null; expires_at: Date | null; quantity: number | null; code: string }[]>`
    SELECT disabled_at, expires_at, quantity, code FROM payment_links WHERE id = ${linkId}::uuid FOR UPDATE`;
  const locked = rows[0];
  if (!locked) throw notFound('Payment link');
  const unitsHeld =
    locked.quantity === null
      ? 0
      : await tx.transaction.count({
          where: { paymentLinkCode: locked.code, status: { notIn: CHECKOUT_RELEASES_UNIT as TransactionStatus[] } },
        });
  const status = paymentLinkStatus(
    { disabledAt: locked.disabled_at, expiresAt: locked.expires_at, quantity: locked.quantity, unitsHeld },
    ctx.now(),
  );
  if (status !== 'active') throw invalidState(CLOSED_LINK_MESSAGES[status]);
}
