/**
 * Wire shapes shared by the server routes, the OpenAPI document and the client forms (docs/ARCHITECTURE.md "Conventions": "One
 * contract, shared"). Pure zod: the client imports this folder too.
 */
import { z } from 'zod';
import { formatCents, parseAmount, type Cents } from '../domain/money.ts';
import { normalizePhone } from '../domain/phone.ts';

/** A response envelope: `{ success: true, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().meta({ example: 'Request completed' }), data });
}

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });

/** A route's error responses, each the error envelope: `errorResponses(400, 401, 404)`. */
export function errorResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<Status, typeof errorEnvelope>;
}

/** Money out: "1500.00". */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ example: '1500.00' });

export const MONEY_FORMAT_MESSAGE = 'Must be a number with at most 2 decimals';
export const NEGATIVE_MONEY_MESSAGE = 'Must not be negative';

/**
 * A typed amount in cents with its sign ("-5.00" → -500n), so that a negative amount is refused as negative
 * rather than as not a number; null when it is not a number with at most 2 decimals.
 */
function signedCents(value: number | string): Cents | null {
  const isNegative = typeof value === 'number' ? value < 0 : value.trim().startsWith('-');
  if (!isNegative) return parseAmount(value);
  const cents = parseAmount(typeof value === 'number' ? -value : value.trim().slice(1));
  return cents === null ? null : -cents;
}

/** Money in, refused with `negativeMessage` below zero. */
const moneyRefusing = (negativeMessage: string) =>
  z
    .union([z.number(), z.string().max(20)])
    .transform((value, ctx): Cents => {
      const cents = signedCents(value);
      if (cents === null || cents < 0n) {
        ctx.addIssue({ code: 'custom', message: cents === null ? MONEY_FORMAT_MESSAGE : negativeMessage });
        return z.NEVER;
      }
      return cents;
    })
    .meta({ description: 'Amount in KES, as a number or string with at most two decimals', example: '1500.00' });

/** Money in: a JSON number or numeric string with at most two decimals, not negative; parsed to cents. */
export const moneyInput = moneyRefusing(NEGATIVE_MONEY_MESSAGE);

/** An amount bounded in shillings (inclusive): a negative one is refused with the bounds, as one too small. */
export function boundedMoney(min: number, max: number, label = 'Amount') {
  const message = `${label} must be between ${min.toLocaleString('en-KE')} and ${max.toLocaleString('en-KE')} KES`;
  return moneyRefusing(message).refine((cents) => cents >= BigInt(min) * 100n && cents <= BigInt(max) * 100n, { message });
}

export const PHONE_MESSAGE = 'Phone must start with 0 or 254 followed by 9 digits';

/** A Kenyan mobile number in any accepted form, normalised to 254XXXXXXXXX. */
export const phoneInput = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  })
  .meta({ example: '0722123456' });

export const idParam = z.object({ id: z.uuid({ message: 'Invalid id' }) });

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

export const pagination = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});

export function paginationOf(page: number, perPage: number, totalCount: number): z.infer<typeof pagination> {
  return { current_page: page, per_page: perPage, total_pages: Math.max(1, Math.ceil(totalCount / perPage)), total_count: totalCount };
}

export const toMoney = (cents: Cents | number): string => formatCents(BigInt(cents));
export const isoDate = z.string().meta({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' });

/**
 * An inspection window as the API states it (core's inspectionWindowHours): whole hours from an hour up, and
 * to the minute under an hour, as a fraction of an hour, so a short window is not stated as 0; rounded down.
 */
export const windowHours = z.number().nonnegative().meta({
  description:
    'Whole hours from one hour up; under an hour, its minutes as a fraction of an hour (0.5 is 30 minutes); rounded down, so never more time than the buyer has',
  example: 72,
});
