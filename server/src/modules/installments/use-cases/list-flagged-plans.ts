/** Plans the sweep flagged (an installment unpaid past the grace period), oldest flag first, for the admins to follow up. */
import type { AppContext } from '../../../context.ts';
import { paginationOf } from '@escrow/core/contract/common';
import { formatCents } from '@escrow/core/domain/money';

export async function listFlaggedPlans(ctx: AppContext, options: { page: number; perPage: number }) {
  const where = { flaggedAt: { not: null } };
  const [rows, total] = await Promise.all([
    ctx.db.installmentPlan.findMany({
      where,
      orderBy: [{ flaggedAt: 'asc' }, { id: 'asc' }],
      skip: (options.page - 1) * options.perPage,
      take: options.perPage,
      include: {
        transaction: {
          select: {
            id: true,
            referenceNumber: true,
            productName: true,
            sellerPhone: true,
            paidCents: true,
            buyer: { select: { phoneNumber: true } },
          },
        },
        installments: {
          where: { status: 'overdue' },
          orderBy: { dueDate: 'asc' },
          select: { dueDate: true, amountCents: true, paidCents: true },
        },
      },
    }),
    ctx.db.installmentPlan.count({ where }),
  ]);
  return {
    plans: rows.map((plan) => ({
      plan_id: plan.id,
      transaction_id: plan.transaction.id,
      reference_number: plan.transaction.referenceNumber,
      product_name: plan.transaction.productName,
      buyer_phone: plan.transaction.buyer.phoneNumber,
      seller_phone: plan.transaction.sellerPhone,
      total_cost: formatCents(plan.totalCents),
      amount_paid: formatCents(plan.transaction.paidCents),
      overdue_amount: formatCents(plan.installments.reduce((sum, item) => sum + item.amountCents - item.paidCents, 0n)),
      oldest_due_date: plan.installments[0]?.dueDate.toISOString() ?? null,
      flagged_at: plan.flaggedAt!.toISOString(),
    })),
    pagination: paginationOf(options.page, options.perPage, total),
  };
}
