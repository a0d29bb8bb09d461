/**
 * Creates an escrow transaction with the caller as buyer. Fees come from the band of the item's price
 * for its type (standard → wo_dispute, protected → with_dispute, lipa_mdogo_mdogo → lipa_mdogo_mdogo),
 * split 50/50. A seller phone with no account yet is allowed: the seller is told by SMS and the
 * transaction attaches when that number registers.
 *
 * The writes are one hand-written statement (create-query.ts): one read of the parties, one write.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { uuid7 } from '../../../db/uuid7.ts';
import { calculateFee, FEE_TYPE_FOR_TRANSACTION } from '@escrow/core/domain/fees';
import { addMonths, buildPlan, checkPlanRules, DEFAULT_PLAN_TERM } from '@escrow/core/domain/installment-plan';
import { type Cents, formatCents, formatKes } from '@escrow/core/domain/money';
import { generateReference } from '@escrow/core/domain/reference';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import { abuseRules } from '../../../config/limits.ts';
import { AppError, businessRule, keyStillInUse } from '../../../lib/app-error.ts';
import { bucketOf, limitResult, rateLimited, type RateLimitRule } from '../../../lib/rate-limit.ts';
import type { Tx } from '../../../db/prisma.ts';
import { partyOutbox } from '../../escrow-core/notify-parties.ts';
import {
  insertTransaction,
  isDuplicateReference,
  loadCreationParties,
  type CreateResult,
  type CreateRows,
  type Person,
} from '../create-query.ts';
import type { TransactionRow } from '../wire.ts';

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
  /** A checkout from a payment link: recorded on the transaction. */
  paymentLinkCode?: string;
  /**
   * The request's Idempotency-Key record: the transaction is written only if it claims that record
   * (create-query.ts), so one key creates at most one transaction.
   */
  idempotencyRecordId?: string;
  /** Runs first in the creating database transaction (a payment link locks itself and checks its stock). */
  beforeCreate?: (tx: Tx) => Promise<void>;
}

/** A created transaction as the answer needs it: the row, its parties, its plan and its first event. */
export type CreatedTransaction = Omit<TransactionRow, 'buyer' | 'seller' | 'paymentLinkCode'> & {
  buyer: Person;
  seller: Person | null;
  paymentLinkCode: string | null;
  latestEvent: { eventType: string; createdAt: Date };
  /** The first installment of a Lipa Mdogo Mdogo plan (the deposit), for the quote. */
  nextInstallment: { id: string; amountCents: Cents; paidCents: Cents } | null;
};

/**
 * Each creation texts the seller: an account may create LIMIT_TRANSACTIONS_PER_HOUR, and a phone with no
 * (verified) account receives LIMIT_INVITES_PER_PHONE_PER_DAY invitations from all senders together. A
 * registered seller's own notifications are never limited. The buyer's limit is counted first, so a
 * buyer already refused does not use up the phone's invitations (create-query.ts counts both).
 */
function creationRefusal(rules: { buyer: RateLimitRule; invite: RateLimitRule | null }, result: CreateResult, now: Date): AppError | null {
  if (result.transactions === 1) return null;
  const buyer = limitResult(rules.buyer, { count: result.buyer_count, reset_at: result.buyer_reset_at }, now);
  if (!buyer.isAllowed)
    return rateLimited('Too many transactions created. Please try again later.', buyer.retryAfterSeconds, 'too_many_transactions');
  if (rules.invite && result.invite_count !== null) {
    const invite = limitResult(rules.invite, { count: result.invite_count, reset_at: result.invite_reset_at! }, now);
    if (!invite.isAllowed)
      return rateLimited(
        'This phone has received too many invitations today. Please try again tomorrow.',
        invite.retryAfterSeconds,
        'too_many_invitations',
      );
  }
  // Within the limits, yet not written: another attempt with the same Idempotency-Key claimed it first.
  return keyStillInUse();
}

export async function createTransaction(ctx: AppContext, input: CreateTransactionInput): Promise<CreatedTransaction> {
  const parties = await loadCreationParties(ctx.db, input.buyerId, input.sellerPhone);
  if (!parties) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in.');
  const { buyer, sellerAccount } = parties;
  if (!buyer.isVerified) throw new AppError('PHONE_NOT_VERIFIED', 'Please verify your phone number before creating a transaction');
  if (buyer.phoneNumber === input.sellerPhone)
    throw businessRule('You cannot create a transaction with yourself as the seller', 'seller_phone', 'seller_is_buyer');
  // M-Pesa and Airtel Money move whole shillings only.
  if (input.amount % 100n !== 0n || (input.totalCost ?? 0n) % 100n !== 0n) {
    throw businessRule('Mobile money amounts must be whole shillings', input.amount % 100n !== 0n ? 'amount' : 'total_cost');
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
  // A seller attaches (and is named to the buyer) once their phone is verified.
  const seller = sellerAccount?.isVerified ? sellerAccount : null;
  const now = ctx.now();
  const rules = {
    buyer: abuseRules.transactionsByAccount(ctx.config, input.buyerId),
    invite: seller ? null : abuseRules.invitesToPhone(ctx.config, input.sellerPhone),
  };
  const hit = (rule: RateLimitRule) => ({ ...bucketOf(rule, now), limit: rule.limit });
  const due = isInstallment ? input.amount + fee.buyerShare : price + fee.buyerShare;

  for (let attempt = 0; ; attempt++) {
    // Wall-clock time, as Prisma stamps `@default(now())` columns.
    const createdAt = new Date();
    const txn: CreatedTransaction = {
      id: uuid7(createdAt.getTime()),
      referenceNumber: generateReference(),
      transactionType: input.transactionType,
      status: 'pending',
      buyerId: input.buyerId,
      sellerId: seller?.id ?? null,
      sellerPhone: input.sellerPhone,
      productName: input.productName,
      amountCents: price,
      buyerFeeCents: fee.buyerShare,
      sellerFeeCents: fee.sellerShare,
      paidCents: 0n,
      refundedCents: 0n,
      channel: input.channel ?? 'web',
      fundedAt: null,
      dispatchedAt: null,
      inspectionEndsAt: null,
      dispatchCourier: null,
      dispatchTracking: null,
      dispatchNote: null,
      completedAt: null,
      createdAt,
      updatedAt: createdAt,
      paymentLinkCode: input.paymentLinkCode ?? null,
      buyer,
      seller,
      plan: null,
      latestEvent: { eventType: 'transaction_initiated', createdAt },
      nextInstallment: null,
    };
    // A seller phone's own account sets its language, verified or not.
    const outbox = partyOutbox(
      txn,
      {
        buyer: ['transaction_created_buyer', { due: formatKes(due), ...(isInstallment ? { plan: 'yes' } : {}) }],
        // A phone with no account is invited: it must register to be paid.
        seller: [sellerAccount ? 'transaction_created_seller' : 'seller_invite'],
      },
      { phoneLanguage: sellerAccount?.language ?? null, createdAt },
    );
    const rows: CreateRows = {
      now,
      buyerHit: hit(rules.buyer),
      inviteHit: rules.invite ? hit(rules.invite) : null,
      transaction: txn,
      event: {
        id: uuid7(createdAt.getTime()),
        eventType: 'transaction_initiated',
        description: `${isInstallment ? 'Lipa Mdogo Mdogo plan' : 'Escrow transaction'} created for ${txn.productName}`,
        data: {
          amount: formatCents(price),
          buyer_fee: formatCents(fee.buyerShare),
          seller_fee: formatCents(fee.sellerShare),
          transaction_type: input.transactionType,
          product_name: txn.productName,
        },
      },
      sms: outbox.sms,
      jobs: outbox.jobs,
      idempotencyRecordId: input.idempotencyRecordId,
    };
    try {
      const isPlain = !isInstallment && !input.beforeCreate;
      const result = isPlain
        ? await insertTransaction(ctx.db, rows)
        : await inTransaction(ctx.db, async (tx) => {
            await input.beforeCreate?.(tx);
            const written = await insertTransaction(ctx.db, rows, tx);
            if (written.transactions === 1 && isInstallment)
              await createPlan(ctx, tx, txn, { total: price, deposit: input.amount, months });
            return written;
          });
      if (result.jobs > 0) ctx.jobs.relaySoon();
      // A refusal is thrown after the statement committed: its hits stay counted.
      const refusal = creationRefusal(rules, result, now);
      if (refusal) throw refusal;
      return txn;
    } catch (error) {
      // A reference collision (1 in 10^12) is retried with a new reference.
      if (!(isDuplicateReference(error) && attempt < 3)) throw error;
    }
  }
}

/** A Lipa Mdogo Mdogo plan and its schedule, in the creating database transaction. */
async function createPlan(ctx: AppContext, tx: Tx, txn: CreatedTransaction, input: { total: Cents; deposit: Cents; months: number }) {
  const plan = buildPlan(input);
  const start = ctx.now();
  const created = await tx.installmentPlan.create({
    data: {
      transactionId: txn.id,
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
    include: { installments: { orderBy: { sequence: 'asc' }, take: 1, select: { id: true, amountCents: true, paidCents: true } } },
  });
  txn.plan = { depositCents: created.depositCents, months: created.months };
  txn.nextInstallment = created.installments[0] ?? null;
}
