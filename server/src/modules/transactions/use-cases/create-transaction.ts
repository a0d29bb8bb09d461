/**
 * Creates an escrow transaction with the caller as buyer. Fees come from the band of the item's price
 * for its type (standard → wo_dispute, protected → with_dispute, lipa_mdogo_mdogo → lipa_mdogo_mdogo),
 * split 50/50. A seller phone with no account yet is allowed: the seller is told by SMS and the
 * transaction attaches when that number registers.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, Prisma } from '../../../db/prisma.ts';
import { calculateFee, FEE_TYPE_FOR_TRANSACTION } from '@escrow/core/domain/fees';
import { addMonths, buildPlan, checkPlanRules, DEFAULT_PLAN_TERM } from '@escrow/core/domain/installment-plan';
import { type Cents, formatCents, formatKes } from '@escrow/core/domain/money';
import { generateReference } from '@escrow/core/domain/reference';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import { abuseRules } from '../../../config/limits.ts';
import { AppError, businessRule } from '../../../lib/app-error.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { LOCKED_INCLUDE, type LockedTransaction } from '../../escrow-core/access.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';

export interface CreateTransactionInput {
  buyerId: string;
  sellerPhone: string;
  productName: string;
  transactionType: TransactionType;
  /** Standard/protected: the price. Lipa Mdogo Mdogo: the initial payment (deposit). */
  amount: Cents;
  /** Lipa Mdogo Mdogo: the item's price. */
  totalCost?: Cents;
  installmentMonths?: number;
  channel?: 'web' | 'ussd' | 'api';
}

/**
 * Each creation texts the seller: an account may create LIMIT_TRANSACTIONS_PER_HOUR, and a phone with no
 * (verified) account receives LIMIT_INVITES_PER_PHONE_PER_DAY invitations from all senders together. A
 * registered seller's own notifications are never limited. The buyer's limit is counted first, so a
 * buyer already refused does not use up the phone's invitations.
 */
async function enforceCreationLimits(ctx: AppContext, input: { buyerId: string; sellerPhone: string; isInvitation: boolean }) {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.db,
    [abuseRules.transactionsByAccount(ctx.config, input.buyerId)],
    now,
    'Too many transactions created. Please try again later.',
  );
  if (input.isInvitation) {
    await enforceRateLimits(
      ctx.db,
      [abuseRules.invitesToPhone(ctx.config, input.sellerPhone)],
      now,
      'This phone has received too many invitations today. Please try again tomorrow.',
    );
  }
}

export async function createTransaction(ctx: AppContext, input: CreateTransactionInput) {
  const buyer = await ctx.db.user.findUnique({ where: { id: input.buyerId }, select: { phoneNumber: true, phoneVerifiedAt: true } });
  if (!buyer) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in.');
  if (!buyer.phoneVerifiedAt) throw new AppError('PHONE_NOT_VERIFIED', 'Please verify your phone number before creating a transaction');
  if (buyer.phoneNumber === input.sellerPhone)
    throw businessRule('You cannot create a transaction with yourself as the seller', 'seller_phone');
  // M-Pesa moves whole shillings only.
  if (input.amount % 100n !== 0n || (input.totalCost ?? 0n) % 100n !== 0n) {
    throw businessRule('M-Pesa amounts must be whole shillings', input.amount % 100n !== 0n ? 'amount' : 'total_cost');
  }

  const isInstallment = input.transactionType === 'lipa_mdogo_mdogo';
  const price = isInstallment ? input.totalCost! : input.amount;
  const months = input.installmentMonths ?? DEFAULT_PLAN_TERM;
  if (isInstallment) {
    const violation = checkPlanRules({ total: price, deposit: input.amount, months });
    if (violation)
      throw businessRule(
        violation.message,
        violation.rule === 'TOTAL_TOO_LOW' ? 'total_cost' : violation.rule === 'TERM_NOT_OFFERED' ? 'installment_months' : 'amount',
      );
  }
  const fee = calculateFee(price, FEE_TYPE_FOR_TRANSACTION[input.transactionType]);
  const seller = await ctx.db.user.findUnique({ where: { phoneNumber: input.sellerPhone }, select: { id: true, phoneVerifiedAt: true } });
  await enforceCreationLimits(ctx, { buyerId: input.buyerId, sellerPhone: input.sellerPhone, isInvitation: !seller?.phoneVerifiedAt });

  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const created = await tx.transaction.create({
          data: {
            referenceNumber: generateReference(),
            transactionType: input.transactionType,
            buyerId: input.buyerId,
            sellerId: seller?.phoneVerifiedAt ? seller.id : null,
            sellerPhone: input.sellerPhone,
            productName: input.productName,
            amountCents: price,
            buyerFeeCents: fee.buyerShare,
            sellerFeeCents: fee.sellerShare,
            channel: input.channel ?? 'web',
          },
          include: LOCKED_INCLUDE,
        });
        const txn: LockedTransaction = created;
        if (isInstallment) {
          const plan = buildPlan({ total: price, deposit: input.amount, months });
          const start = ctx.now();
          txn.plan = await tx.installmentPlan.create({
            data: {
              transactionId: created.id,
              totalCents: plan.total,
              depositCents: plan.deposit,
              monthlyCents: plan.monthly,
              months: plan.months,
              installments: {
                create: plan.schedule.map((payment) => ({
                  sequence: payment.sequence,
                  amountCents: payment.amount,
                  dueDate: addMonths(start, payment.monthOffset),
                })),
              },
            },
          });
        }
        await appendEvent(tx, {
          transactionId: txn.id,
          eventType: 'transaction_initiated',
          description: `${isInstallment ? 'Lipa Mdogo Mdogo plan' : 'Escrow transaction'} created for ${txn.productName}`,
          actorId: input.buyerId,
          data: { amount: formatCents(price), buyer_fee: formatCents(fee.buyerShare), seller_fee: formatCents(fee.sellerShare) },
        });
        const due = isInstallment ? input.amount + fee.buyerShare : price + fee.buyerShare;
        await notifyParties(ctx, tx, txn, {
          buyer: ['transaction_created_buyer', { due: formatKes(due) }],
          seller: ['transaction_created_seller'],
        });
        return txn;
      });
    } catch (error) {
      // A reference collision (1 in 10^12) is retried with a new reference.
      const isDuplicateReference = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' && attempt < 3;
      if (!isDuplicateReference) throw error;
    }
  }
}
