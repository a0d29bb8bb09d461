/**
 * Registers the phone that dialled *384*40#. When the mobile network vouches for the number (the gateway's
 * callback), the phone is verified at once and escrows that named it as the seller attach to the new
 * account. The demo simulator vouches for nothing: its accounts stay unverified and attach nothing until
 * the phone is verified with an SMS code on the web. There is no web password: the person can set one
 * with forgot-password on the web. Registrations per phone are limited (each sends a welcome SMS).
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, Prisma } from '../../../db/prisma.ts';
import { AppError } from '../../../lib/app-error.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { attachWaitingTransactions } from '../../auth/accounts.ts';
import { queueSms } from '../../notifications/notify.ts';

export interface RegisterUssdUserInput {
  /** Normalised 254XXXXXXXXX: the caller's network identity. */
  phone: string;
  firstName: string;
  lastName: string;
  userType: 'buyer' | 'seller' | 'both';
  /** argon2id of the 4-digit PIN (hashed when it was first typed). */
  pinHash: string;
  language: 'en' | 'sw';
  /** The gateway vouches for `phone` (false for the demo simulator). */
  isPhoneVouched: boolean;
}

export async function registerUssdUser(ctx: AppContext, input: RegisterUssdUserInput) {
  await enforceRateLimits(
    ctx.db,
    [{ key: `ussd:register:${input.phone}`, limit: ctx.config.LIMIT_USSD_REGISTRATIONS_PER_PHONE_PER_DAY, windowSeconds: 86_400 }],
    ctx.now(),
    'Too many registrations from this phone today.',
  );
  try {
    const user = await inTransaction(ctx.db, async (tx) => {
      const created = await tx.user.create({
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phone,
          userType: input.userType,
          phoneVerifiedAt: input.isPhoneVouched ? ctx.now() : null,
          ussdPinHash: input.pinHash,
          language: input.language,
        },
        select: { id: true, firstName: true, phoneNumber: true },
      });
      if (input.isPhoneVouched) await attachWaitingTransactions(tx, created);
      await queueSms(ctx, tx, {
        phone: input.phone,
        template: 'ussd_welcome',
        params: { name: input.firstName },
        language: input.language,
      });
      return created;
    });
    ctx.jobs.nudge();
    return user;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new AppError('ALREADY_EXISTS', 'An account with this phone number already exists.');
    }
    throw error;
  }
}
