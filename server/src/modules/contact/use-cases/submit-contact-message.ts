import type { AppContext } from '../../../context.ts';
import type { ContactMessage } from '../../../generated/prisma/client.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';

/** docs/contract.md "Abuse limits": limits keyed by IP must allow at least 100 requests a minute (carrier NAT). */
export const CONTACT_IP_LIMIT = { limit: 100, windowSeconds: 60 };
/** The sender's address is the "account" of an anonymous form: a handful of messages per 10 minutes. */
export const CONTACT_EMAIL_LIMIT = { limit: 5, windowSeconds: 600 };

export interface SubmitContactMessageOptions {
  ctx: AppContext;
  input: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber?: string;
    topic: ContactMessage['topic'];
    message: string;
  };
  ip: string;
}

/**
 * Stores a message from the website's contact form for the support team (admin inbox). Rate limited
 * per IP address and per sender e-mail, counted in PostgreSQL so every server process shares the limit.
 */
export async function submitContactMessage({ ctx, input, ip }: SubmitContactMessageOptions): Promise<ContactMessage> {
  await enforceRateLimits(
    ctx.db,
    [
      { key: `contact:ip:${ip}`, ...CONTACT_IP_LIMIT },
      { key: `contact:email:${input.email.toLowerCase()}`, ...CONTACT_EMAIL_LIMIT },
    ],
    ctx.now(),
    'Too many messages. Please wait a few minutes and try again.',
  );
  return ctx.db.contactMessage.create({
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber ?? null,
      topic: input.topic,
      message: input.message,
    },
  });
}
