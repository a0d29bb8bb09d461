import { inTransaction, Prisma } from '../../../db/prisma.ts';
import type { AppContext } from '../../../context.ts';
import { EMAIL_TAKEN, EMAIL_TAKEN_FIELD, PHONE_TAKEN, PHONE_TAKEN_FIELD, type UserWire } from '@escrow/core/contract/auth';
import type { Language } from '../../notifications/templates.ts';
import { AppError } from '../../../lib/app-error.ts';
import { hashSecret } from '../../../lib/password.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { ipRule } from '../limits.ts';
import { toUserWire, USER_WIRE_SELECT } from '../user-wire.ts';
import { claimCodeSend, issueCode } from '../verification-codes.ts';

export interface RegisterUserInput {
  firstName: string;
  lastName: string;
  /** Normalised 254XXXXXXXXX. */
  phone: string;
  /** Lower-cased, or null. */
  email: string | null;
  userType: 'buyer' | 'seller' | 'both';
  password: string;
  /** The person's language (the page they signed up on); English when not given. */
  language?: Language;
}

const phoneTaken = () => new AppError('ALREADY_EXISTS', PHONE_TAKEN, { errors: { phone_number: [PHONE_TAKEN_FIELD] } });
const emailTaken = () => new AppError('ALREADY_EXISTS', EMAIL_TAKEN, { errors: { email: [EMAIL_TAKEN_FIELD] } });

/**
 * Creates a web account (never an admin) with an unverified phone and sends the 6-digit verification
 * code by SMS. A phone or email that already has an account is 409 ALREADY_EXISTS.
 */
export async function registerUser({
  ctx,
  input,
  ip,
}: {
  ctx: AppContext;
  input: RegisterUserInput;
  ip: string;
}): Promise<{ user: UserWire }> {
  await enforceRateLimits(ctx.db, [ipRule('register', ip)], ctx.now());
  await assertAvailable(ctx, input);
  const passwordHash = await hashSecret(input.password);
  const sendPermission = await claimCodeSend(ctx, { phone: input.phone, purpose: 'verify_phone' });
  try {
    const user = await inTransaction(ctx.db, async (tx) => {
      const created = await tx.user.create({
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phone,
          email: input.email,
          userType: input.userType,
          passwordHash,
          language: input.language,
        },
        select: USER_WIRE_SELECT,
      });
      // Within the cooldown a code was just sent to this phone; the person can ask again after it.
      if (sendPermission.isAllowed) await issueCode(ctx, tx, { phone: input.phone, purpose: 'verify_phone' });
      return created;
    });
    ctx.jobs.nudge();
    return { user: toUserWire(user) };
  } catch (error) {
    // Two sign-ups racing for one phone or email: the unique index decides, the loser gets 409.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      await assertAvailable(ctx, input);
      throw phoneTaken();
    }
    throw error;
  }
}

async function assertAvailable(ctx: AppContext, input: RegisterUserInput): Promise<void> {
  if (await ctx.db.user.findUnique({ where: { phoneNumber: input.phone }, select: { id: true } })) throw phoneTaken();
  if (input.email && (await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true } }))) throw emailTaken();
}
