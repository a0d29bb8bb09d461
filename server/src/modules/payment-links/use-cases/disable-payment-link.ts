/** The seller stops a link: no more checkouts; checkouts already made go on as normal transactions. */
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/app-error.ts';
import { ownPaymentLink } from './read-payment-links.ts';

export async function disablePaymentLink(ctx: AppContext, options: { sellerId: string; code: string }) {
  // Disabling twice keeps the first time: the answer is the same link.
  const { count } = await ctx.db.paymentLink.updateMany({
    where: { code: options.code, sellerId: options.sellerId, disabledAt: null },
    data: { disabledAt: ctx.now() },
  });
  if (count === 0) {
    const exists = await ctx.db.paymentLink.count({ where: { code: options.code, sellerId: options.sellerId } });
    if (exists === 0) throw notFound('Payment link');
  }
  return ownPaymentLink(ctx, options);
}
