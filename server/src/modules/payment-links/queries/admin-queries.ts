/**
 * Admin views: payment links per seller, and the transactions released by a release code. Never the
 * code itself, nor its hash: admins see that a code was used, not what it was (docs/SECURITY.md).
 */
import { paginationOf } from '@escrow/core/contract/common';
import type { AppContext } from '../../../context.ts';
import type { Prisma } from '../../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import { CHECKOUT_SELECT, toPaymentLinkWire } from './wire.ts';

export async function listPaymentLinksForAdmin(ctx: AppContext, input: { search?: string; page: number; per_page: number }) {
  const search = input.search?.trim();
  const where: Prisma.PaymentLinkWhereInput = search
    ? {
        OR: [
          { code: search },
          { productName: { contains: search, mode: 'insensitive' } },
          { seller: { phoneNumber: { startsWith: search.replace(/^\+/, '').replace(/^0/, '254') } } },
          { seller: { firstName: { contains: search, mode: 'insensitive' } } },
        ],
      }
    : {};
  const [rows, total] = await Promise.all([
    ctx.db.paymentLink.findMany({
      where,
      orderBy: { createdAt: 'desc' },
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
      include: {
        seller: { select: { id: true, firstName: true, lastName: true, phoneNumber: true } },
        checkouts: { select: CHECKOUT_SELECT, orderBy: { createdAt: 'desc' } },
      },
    }),
    ctx.db.paymentLink.count({ where }),
  ]);
  const now = ctx.now();
  return {
    links: rows.map((row) => ({
      ...toPaymentLinkWire(row, row.checkouts, { now, publicBaseUrl: ctx.config.PUBLIC_BASE_URL, recent: 5 }),
      seller: {
        id: row.seller.id,
        display_name: `${row.seller.firstName} ${row.seller.lastName}`.trim(),
        phone_number: row.seller.phoneNumber,
      },
    })),
    pagination: paginationOf(input.page, input.per_page, total),
  };
}

export async function listReleasesByCode(ctx: AppContext, input: { page: number; per_page: number }) {
  const where: Prisma.TransactionWhereInput = { releasedBy: 'release_code' };
  const person = { select: { firstName: true, lastName: true, phoneNumber: true } } as const;
  const [rows, total, burnt] = await Promise.all([
    ctx.db.transaction.findMany({
      where,
      orderBy: { completedAt: 'desc' },
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
      include: { buyer: person, seller: person, releaseCode: { select: { failedAttempts: true, issuedCount: true } } },
    }),
    ctx.db.transaction.count({ where }),
    ctx.db.releaseCode.count({ where: { burntAt: { not: null }, usedAt: null } }),
  ]);
  const name = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : null);
  return {
    releases: rows.map((row) => ({
      id: row.id,
      reference_number: row.referenceNumber,
      product_name: row.productName,
      amount: formatCents(row.amountCents),
      payment_link_code: row.paymentLinkCode,
      buyer: { display_name: name(row.buyer), phone_number: row.buyer.phoneNumber },
      seller: { display_name: name(row.seller), phone_number: row.sellerPhone },
      released_at: row.completedAt ? row.completedAt.toISOString() : null,
      wrong_tries: row.releaseCode?.failedAttempts ?? 0,
      codes_issued: row.releaseCode?.issuedCount ?? 0,
    })),
    /** Codes burnt by wrong tries and not yet replaced: a seller guessing, or a buyer's typo. */
    burnt_codes: burnt,
    pagination: paginationOf(input.page, input.per_page, total),
  };
}
