/**
 * Wire shapes of payment links and release codes (docs/contract.md "Payment links and release codes").
 * Pure zod: the client imports this folder too.
 */
import { z } from 'zod';
import { planTerm } from './installments.ts';
import { PAYMENT_LINK_CODE_PATTERN, PAYMENT_LINK_STATUSES } from '../domain/payment-link.ts';
import { feeBreakdown } from './charges.ts';
import { boundedMoney, envelope, isoDate, moneyString } from './common.ts';
import { transactionStatus, transactionType } from './transactions.ts';

export const paymentLinkStatus = z.enum(PAYMENT_LINK_STATUSES);

/** Quantity a seller may put on one link; null = unlimited. */
export const MAX_LINK_QUANTITY = 10_000;

export const createPaymentLinkBody = z
  .object({
    product_name: z.string().trim().min(1, 'Product name is required').max(100, 'Product name must be at most 100 characters'),
    amount: boundedMoney(1, 500_000),
    transaction_type: transactionType,
    description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
    quantity: z
      // Text that is not a number (the form's "two", "1,000") is told the rule, not zod's "expected number".
      .number({ message: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_LINK_QUANTITY, `Quantity must be at most ${MAX_LINK_QUANTITY}`)
      .nullable()
      .optional(),
    expires_at: z.iso.datetime({ offset: true, message: 'expires_at must be an ISO-8601 date-time' }).optional(),
    installment_months: planTerm.optional(),
  })
  .meta({
    description:
      '`amount` is the item price (for lipa_mdogo_mdogo the total cost, over KES 10,000; `installment_months` 3, 6, 12 or 24, default 6). `quantity` is how many buyers may check out (default 1; null = unlimited). `expires_at` must be in the future.',
    example: { product_name: 'Ankara dress, size M', amount: '2500.00', transaction_type: 'standard', quantity: 3 },
  });
export type CreatePaymentLinkBody = z.input<typeof createPaymentLinkBody>;

export const paymentLinkCodeParam = z.object({
  code: z.string().regex(PAYMENT_LINK_CODE_PATTERN, { message: 'Invalid payment link code' }).meta({ example: 'k7Qm3XpA9d' }),
});

/** Lipa Mdogo Mdogo on a link: the buyer picks the deposit (at least the minimum) at checkout. */
export const paymentLinkPlan = z.object({
  total_cost: moneyString,
  installment_months: z.number().int(),
  minimum_deposit: moneyString,
  suggested_deposit: moneyString,
  /** The monthly installment with the suggested deposit. */
  monthly_installment: moneyString,
});

/** What anyone may see of a link (`GET /api/payment-links/{code}`): never the seller's phone. */
export const publicPaymentLinkWire = z
  .object({
    code: z.string(),
    url: z.string(),
    product_name: z.string(),
    description: z.string().nullable(),
    amount: moneyString,
    transaction_type: transactionType,
    charges: feeBreakdown,
    /** What the buyer pays: the price plus their half of the fee (for Lipa Mdogo Mdogo: the total cost plus fee, over the plan). */
    buyer_pays: moneyString,
    plan: paymentLinkPlan.nullable(),
    seller: z.object({ display_name: z.string(), is_verified: z.boolean() }),
    status: paymentLinkStatus,
    expires_at: isoDate.nullable(),
    /** Units left; null = unlimited. */
    units_left: z.number().int().nullable(),
  })
  .meta({ id: 'PublicPaymentLink' });

export const paymentLinkCheckoutWire = z.object({
  id: z.string(),
  reference_number: z.string(),
  status: transactionStatus,
  amount: moneyString,
  /** What the escrow holds for this checkout now. */
  held: moneyString,
  buyer: z.object({ display_name: z.string() }),
  created_at: isoDate,
});

/** The seller's own view of a link (create, list, disable). */
export const paymentLinkWire = z
  .object({
    code: z.string(),
    url: z.string(),
    product_name: z.string(),
    description: z.string().nullable(),
    amount: moneyString,
    transaction_type: transactionType,
    charges: feeBreakdown,
    installment_months: z.number().int().nullable(),
    status: paymentLinkStatus,
    /** How many buyers may check out; null = unlimited. */
    quantity: z.number().int().nullable(),
    units_left: z.number().int().nullable(),
    /** Checkouts that hold a unit (not cancelled or refunded). */
    checkouts: z.number().int(),
    /** Money held in escrow now across this link's checkouts. */
    held: moneyString,
    recent_checkouts: z.array(paymentLinkCheckoutWire),
    expires_at: isoDate.nullable(),
    disabled_at: isoDate.nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'PaymentLink' });
export type PaymentLinkWire = z.infer<typeof paymentLinkWire>;

export const paymentLinkResponse = envelope(z.object({ payment_link: paymentLinkWire }));
export const paymentLinkListResponse = envelope(z.object({ payment_links: z.array(paymentLinkWire) }));
export const publicPaymentLinkResponse = envelope(z.object({ payment_link: publicPaymentLinkWire }));

export const checkoutBody = z
  .object({
    /** Lipa Mdogo Mdogo: the deposit (at least 20 % of the total); ignored for other types. */
    amount: boundedMoney(1, 500_000).optional(),
  })
  .nullish()
  .meta({ description: 'For lipa_mdogo_mdogo links, `amount` is the deposit (default: the suggested deposit).' });

export const releaseWithCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'The release code is 6 digits' })
    .meta({ example: '482913' }),
});

export const releaseCodeWire = z.object({
  /** active: it can release the money; used / burnt (5 wrong tries) / closed (no longer funded); none: not issued. */
  status: z.enum(['none', 'active', 'used', 'burnt', 'closed']),
  /** The code, only while active, only to the buyer. */
  code: z.string().nullable(),
  attempts_left: z.number().int(),
  issued_at: isoDate.nullable(),
  can_resend: z.boolean(),
});
export const releaseCodeResponse = envelope(z.object({ release_code: releaseCodeWire }));
