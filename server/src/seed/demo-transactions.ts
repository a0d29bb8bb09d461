/**
 * Demo transactions in every state, made through the real use-cases. Pay-ins are settled through the
 * same code path as an M-Pesa callback (applyCollectionResult with a demo receipt), because the server is not
 * listening yet while it seeds; payouts are sent by the job worker once it starts.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { loadQuote } from '../modules/escrow-core/load-quote.ts';
import { applyCollectionResult } from '../modules/payments/use-cases/apply-stk-result.ts';
import { cancelTransaction } from '../modules/transactions/use-cases/cancel-transaction.ts';
import { createTransaction, type CreateTransactionInput } from '../modules/transactions/use-cases/create-transaction.ts';
import { dispatchTransaction } from '../modules/transactions/use-cases/dispatch-transaction.ts';
import { openDispute } from '../modules/transactions/use-cases/open-dispute.ts';
import { releasePayment } from '../modules/transactions/use-cases/release-payment.ts';
import { DEMO_USERS } from './demo-users.ts';

const kes = (amount: number) => BigInt(amount) * 100n;

async function settleNextPayment(ctx: AppContext, transactionId: string): Promise<void> {
  const txn = await ctx.db.transaction.findUniqueOrThrow({ where: { id: transactionId }, include: { buyer: true } });
  const next = (await loadQuote(ctx.db, transactionId)).nextPayment;
  if (!next) throw new Error(`nothing is payable on ${transactionId}`);
  const requestId = `ws_CO_DEMO${randomBytes(8).toString('hex')}`;
  await ctx.db.payment.create({
    data: {
      transactionId,
      installmentId: next.installmentId,
      paymentType: txn.transactionType === 'lipa_mdogo_mdogo' ? 'installment' : 'escrow_deposit',
      payerPhone: txn.buyer.phoneNumber,
      amountCents: next.total,
      feeCents: next.fee,
      railRequestId: requestId,
    },
  });
  await applyCollectionResult(ctx, {
    requestId,
    result: {
      outcome: 'succeeded',
      description: 'The service request is processed successfully.',
      receipt: `SD${randomBytes(4).toString('hex').toUpperCase()}`,
      amountCents: next.total,
    },
    source: 'callback',
  });
}

export async function seedDemoTransactions(ctx: AppContext): Promise<void> {
  const users = await ctx.db.user.findMany({ where: { phoneNumber: { in: DEMO_USERS.map((user) => user.phone) } } });
  const byPhone = (phone: string) => users.find((user) => user.phoneNumber === phone)!;
  const [wanjiku, otieno, amina, kipchoge] = DEMO_USERS.map((user) => byPhone(user.phone)) as [
    (typeof users)[number],
    (typeof users)[number],
    (typeof users)[number],
    (typeof users)[number],
  ];
  const as = (user: { id: string; userType: 'buyer' | 'seller' | 'both' | 'admin' }) => ({ userId: user.id, role: user.userType });
  const create = (input: Omit<CreateTransactionInput, 'channel'>) => createTransaction(ctx, { ...input, channel: 'web' });

  // pending: created, not paid yet
  await create({
    buyerId: wanjiku.id,
    sellerPhone: otieno.phoneNumber,
    productName: 'Tecno Spark 20 Pro',
    transactionType: 'standard',
    amount: kes(18_500),
  });
  // funded: paid into escrow, waiting for dispatch
  const funded = await create({
    buyerId: wanjiku.id,
    sellerPhone: amina.phoneNumber,
    productName: 'Hand-woven kiondo bags (x5)',
    transactionType: 'protected',
    amount: kes(4_500),
  });
  await settleNextPayment(ctx, funded.id);
  // dispatched: on its way, inspection window running
  const dispatched = await create({
    buyerId: amina.id,
    sellerPhone: otieno.phoneNumber,
    productName: 'HP EliteBook 840 G6 laptop',
    transactionType: 'standard',
    amount: kes(42_000),
  });
  await settleNextPayment(ctx, dispatched.id);
  await dispatchTransaction(ctx, { transactionId: dispatched.id, caller: as(otieno) });
  // completed: released, seller paid by B2C when the worker starts
  const completed = await create({
    buyerId: wanjiku.id,
    sellerPhone: kipchoge.phoneNumber,
    productName: 'Second-hand Subaru Forester tyres',
    transactionType: 'standard',
    amount: kes(24_000),
  });
  await settleNextPayment(ctx, completed.id);
  await dispatchTransaction(ctx, { transactionId: completed.id, caller: as(kipchoge) });
  await releasePayment(ctx, { transactionId: completed.id, caller: as(wanjiku) });
  // cancelled: cancelled before payment
  const cancelled = await create({
    buyerId: amina.id,
    sellerPhone: kipchoge.phoneNumber,
    productName: 'Maasai shuka blankets',
    transactionType: 'standard',
    amount: kes(2_400),
  });
  await cancelTransaction(ctx, { transactionId: cancelled.id, caller: as(amina), reason: 'Found them locally' });
  // refunded: funded, then cancelled by the seller (out of stock)
  const refunded = await create({
    buyerId: wanjiku.id,
    sellerPhone: otieno.phoneNumber,
    productName: 'JBL Flip 6 speaker',
    transactionType: 'standard',
    amount: kes(13_000),
  });
  await settleNextPayment(ctx, refunded.id);
  await cancelTransaction(ctx, { transactionId: refunded.id, caller: as(otieno), reason: 'Out of stock' });
  // disputed: dispatched, then disputed by the buyer
  const disputed = await create({
    buyerId: amina.id,
    sellerPhone: kipchoge.phoneNumber,
    productName: 'Samsung 43" smart TV',
    transactionType: 'protected',
    amount: kes(38_000),
  });
  await settleNextPayment(ctx, disputed.id);
  await dispatchTransaction(ctx, { transactionId: disputed.id, caller: as(kipchoge) });
  await openDispute(ctx, {
    transactionId: disputed.id,
    caller: as(amina),
    description: 'The screen has dead pixels on arrival',
    reason: 'quality_issue',
  });
  // installment: Lipa Mdogo Mdogo with the deposit paid (the spec's sofa)
  const sofa = await create({
    buyerId: wanjiku.id,
    sellerPhone: amina.phoneNumber,
    productName: 'L-shaped 7-seater sofa',
    transactionType: 'lipa_mdogo_mdogo',
    amount: kes(7_000),
    totalCost: kes(35_000),
    installmentMonths: 6,
  });
  await settleNextPayment(ctx, sofa.id);
  // pending Lipa Mdogo Mdogo (the spec's laptop), nothing paid yet
  await create({
    buyerId: amina.id,
    sellerPhone: otieno.phoneNumber,
    productName: 'MacBook Air M2 laptop',
    transactionType: 'lipa_mdogo_mdogo',
    amount: kes(15_000),
    totalCost: kes(75_000),
    installmentMonths: 12,
  });
}
