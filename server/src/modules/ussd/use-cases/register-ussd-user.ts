/**
 * Registers the phone that dialled *384*40#. The mobile network vouches for the number, so the phone is
 * verified at once (and escrows that named it as the seller attach to the new account). There is no web
 * password: the person can set one with forgot-password on the web.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, Prisma } from '../../../db/prisma.ts';
import { AppError } from '../../../lib/app-error.ts';
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
}

export async function registerUssdUser(ctx: AppContext, input: RegisterUssdUserInput) {
  try {
    const user = await inTransaction(ctx.db, async (tx) => {
      const created = await tx.user.create({
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phone,
          userType: input.userType,
          phoneVerifiedAt: ctx.now(),
          ussdPinHash: input.pinHash,
          language: input.language,
        },
        select: { id: true, firstName: true, phoneNumber: true },
      });
      await attachWaitingTransactions(tx, created);
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
