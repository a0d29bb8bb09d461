/**
 * A seller (or "both") creates a payment link for one product (docs/contract.md "Payment links and
 * release codes"). The price follows the same rules as a transaction created by a buyer: whole
 * shillings, and for Lipa Mdogo Mdogo an item over KES 10,000 on an offered term.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { inTransaction, Prisma } from '../../../db/prisma.ts';
import { abuseRules } from '../../../config/limits.ts';
import { checkPlanRules, DEFAULT_PLAN_TERM, suggestedDeposit } from '@escrow/core/domain/installment-plan';
import { type Cents, formatKes } from '@escrow/core/domain/money';
import { generatePaymentLinkCode } from '@escrow/core/domain/payment-link';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import { AppError, businessRule, keyStillInUse } from '../../../lib/app-error.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { claimIdempotencyRecord } from '../../../plugins/idempotency.ts';
import { uuid7 } from '../../../db/uuid7.ts';
import { queueSms } from '../../notifications/notify.ts';
import { paymentLinkUrl } from '../queries/wire.ts';

export interface CreatePaymentLinkInput {
  sellerId: string;
  productName: string;
  amount: Cents;
  transactionType: TransactionType;
  description?: string;
  /** Undefined → 1; null → unlimited. */
  quantity?: number | null;
  expiresAt?: Date;
  installmentMonths?: number;
  channel?: 'web' | 'ussd' | 'api';
  /**
   * The request's Idempotency-Key record (plugins/idempotency.ts): the link is written only if it claims
   * that record, so a repeat after a lost answer finds this link instead of making a second one.
   */
  idempotencyRecordId?: string;
}

export async function createPaymentLink(ctx: AppContext, input: CreatePaymentLinkInput) {
  const seller = await ctx.db.user.findUnique({ where: { id: input.sellerId }, select: { userType: true, phoneVerifiedAt: true } });
  if (!seller) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in.');
  if (seller.userType === 'buyer')
    throw new AppError('FORBIDDEN', 'Only a seller account can create payment links', { reason: 'seller_account_only' });
  if (!seller.phoneVerifiedAt) throw new AppError('PHONE_NOT_VERIFIED', 'Please verify your phone number before creating a payment link');
  // M-Pesa and Airtel Money move whole shillings only.
  if (input.amount % 100n !== 0n) throw businessRule('Mobile money amounts must be whole shillings', 'amount');
  if (input.expiresAt && input.expiresAt <= ctx.now()) throw businessRule('The expiry must be in the future', 'expires_at');
  const isInstallment = input.transactionType === 'lipa_mdogo_mdogo';
  const months = isInstallment ? (input.installmentMonths ?? DEFAULT_PLAN_TERM) : null;
  if (isInstallment) {
    const violation = checkPlanRules({ total: input.amount, deposit: suggestedDeposit(input.amount), months: months! });
    if (violation) throw businessRule(violation.message, violation.rule === 'TERM_NOT_OFFERED' ? 'installment_months' : 'amount');
  }
  await enforceRateLimits(
    ctx.db,
    [abuseRules.paymentLinksByAccount(ctx.config, input.sellerId)],
    ctx.now(),
    'Too many payment links created. Please try again later.',
  );
  for (let attempt = 0; ; attempt++) {
    try {
      const link = await inTransaction(ctx.db, async (tx) => {
        const id = uuid7();
        if (input.idempotencyRecordId && !(await claimIdempotencyRecord(tx, input.idempotencyRecordId, id))) throw keyStillInUse();
        const created = await tx.paymentLink.create({
          data: {
            id,
            code: generatePaymentLinkCode(),
            sellerId: input.sellerId,
            productName: input.productName,
            description: input.description || null,
            transactionType: input.transactionType,
            amountCents: input.amount,
            installmentMonths: months,
            quantity: input.quantity === undefined ? 1 : input.quantity,
            expiresAt: input.expiresAt ?? null,
            channel: input.channel ?? 'web',
          },
          include: { seller: { select: { phoneNumber: true, language: true } } },
        });
        // Over USSD the seller cannot copy the link from the screen: it comes by SMS.
        if (created.channel === 'ussd') {
          await queueSms(ctx, tx, {
            phone: created.seller.phoneNumber,
            language: created.seller.language,
            template: 'payment_link_created',
            params: {
              product: created.productName.length > 40 ? `${cutText(created.productName, 37)}...` : created.productName,
              amount: formatKes(created.amountCents),
              url: paymentLinkUrl(ctx.config.PUBLIC_BASE_URL, created.code),
            },
          });
        }
        return created;
      });
      return link;
    } catch (error) {
      // A code collision (1 in 10^17) is retried with a new code.
      const isDuplicateCode = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' && attempt < 3;
      if (!isDuplicateCode) throw error;
    }
  }
}
