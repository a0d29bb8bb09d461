/** The seller's own links with their checkouts and the money they hold; and one link as anyone sees it. */
import { firstGrapheme } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { formatCents } from '@escrow/core/domain/money';
import { PAYMENT_LINK_CODE_PATTERN, paymentLinkStatus } from '@escrow/core/domain/payment-link';
import { notFound } from '../../../lib/app-error.ts';
import { CHECKOUT_SELECT, feeToWire, holdsUnit, linkFee, paymentLinkUrl, planWire, toPaymentLinkWire, unitsLeft } from '../queries/wire.ts';

const LIST_LIMIT = 100;

export async function listPaymentLinks(ctx: AppContext, options: { sellerId: string }) {
  const links = await ctx.db.paymentLink.findMany({
    where: { sellerId: options.sellerId },
    orderBy: { createdAt: 'desc' },
    take: LIST_LIMIT,
    include: { checkouts: { select: CHECKOUT_SELECT, orderBy: { createdAt: 'desc' } } },
  });
  const now = ctx.now();
  return links.map((link) => toPaymentLinkWire(link, link.checkouts, { now, publicBaseUrl: ctx.config.PUBLIC_BASE_URL }));
}

/** One of the seller's links; another seller's link is 404 (its existence does not leak). */
/** One of the seller's links, by its code or (a repeated creation: plugins/idempotency.ts) its id. */
export type OwnLinkKey = { sellerId: string } & ({ code: string } | { id: string });

export async function ownPaymentLink(ctx: AppContext, options: OwnLinkKey) {
  const link = await ctx.db.paymentLink.findFirst({
    where: { ...('code' in options ? { code: options.code } : { id: options.id }), sellerId: options.sellerId },
    include: { checkouts: { select: CHECKOUT_SELECT, orderBy: { createdAt: 'desc' } } },
  });
  if (!link) throw notFound('Payment link');
  return toPaymentLinkWire(link, link.checkouts, { now: ctx.now(), publicBaseUrl: ctx.config.PUBLIC_BASE_URL });
}

/** What anyone may see (the public page, the preview card): never the seller's phone. */
export async function readPublicPaymentLink(ctx: AppContext, code: string) {
  if (!PAYMENT_LINK_CODE_PATTERN.test(code)) return null;
  const link = await ctx.db.paymentLink.findUnique({
    where: { code },
    include: {
      seller: { select: { firstName: true, lastName: true, phoneVerifiedAt: true, status: true } },
      checkouts: { select: { status: true } },
    },
  });
  if (!link) return null;
  const unitsHeld = link.checkouts.filter((checkout) => holdsUnit(checkout.status)).length;
  const fee = linkFee(link);
  const plan = planWire(link);
  // A suspended seller's links take no checkouts: shown as disabled.
  const status = link.seller.status === 'suspended' ? 'disabled' : paymentLinkStatus({ ...link, unitsHeld }, ctx.now());
  return {
    code: link.code,
    url: paymentLinkUrl(ctx.config.PUBLIC_BASE_URL, link.code),
    product_name: link.productName,
    description: link.description,
    amount: formatCents(link.amountCents),
    transaction_type: link.transactionType,
    charges: feeToWire(fee),
    buyer_pays: formatCents(link.amountCents + fee.buyerShare),
    plan,
    seller: {
      // First name and initial: enough to recognise the seller, not enough to find them.
      display_name: `${link.seller.firstName} ${firstGrapheme(link.seller.lastName)}${link.seller.lastName ? '.' : ''}`.trim(),
      is_verified: link.seller.phoneVerifiedAt !== null,
    },
    status,
    expires_at: link.expiresAt ? link.expiresAt.toISOString() : null,
    units_left: unitsLeft(link, unitsHeld),
  } as const;
}

export async function getPublicPaymentLink(ctx: AppContext, code: string) {
  const link = await readPublicPaymentLink(ctx, code);
  if (!link) throw notFound('Payment link');
  return link;
}
