/** Test data built through the real tables: `makeUser`, `tokenFor`, `randomPhone`. */
import { railForPhone } from '@escrow/core/domain/rail-choice';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashSecret } from '../src/lib/password.ts';

export const TEST_PASSWORD = 'Password123!';
let passwordHash: Promise<string> | undefined;

/** Endings the M-Pesa mock treats specially (docs/contract.md "The Daraja mock's customers"); random phones avoid them. */
const SPECIAL_ENDINGS = ['1032', '0001', '2001', '1037', '2040', '9999'];

/**
 * The numbers this test file has handed out: with a fixed ending only a few thousand remain (an Airtel
 * number with one has 1,000), and two users on one number break the phone's unique key.
 */
const handedOut = new Set<string>();

/** Takes the number for this file if no earlier call took it; false when it is already taken. */
function claim(phone: string): boolean {
  if (handedOut.has(phone)) return false;
  handedOut.add(phone);
  return true;
}

/** A random Safaricom-style number, 2547XXXXXXXX, optionally with fixed last four digits. */
export function randomPhone(ending?: string): string {
  for (;;) {
    const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const phone = ending ? `2547${digits.slice(0, 4)}${ending}` : `2547${digits}`;
    // A Safaricom number (M-Pesa): Airtel's numbers (railForPhone) pay through the other rail.
    if (railForPhone(phone) !== 'mpesa') continue;
    if ((ending || !SPECIAL_ENDINGS.includes(phone.slice(-4))) && claim(phone)) return phone;
  }
}

/** A random Airtel number (Airtel Money), 0733… to 0738…, with the given last four digits. */
export function randomAirtelPhone(ending?: string): string {
  for (;;) {
    const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
    const phone = ending ? `25473${digits.slice(0, 3)}${ending}` : `25473${digits}`;
    if ((ending || !SPECIAL_ENDINGS.includes(phone.slice(-4))) && claim(phone)) return phone;
  }
}

export interface MadeUser {
  id: string;
  phone: string;
  token: string;
  userType: 'buyer' | 'seller' | 'both' | 'admin';
}

export async function makeUser(
  app: FastifyInstance,
  overrides: { userType?: MadeUser['userType']; phone?: string; verified?: boolean; firstName?: string; email?: string | null } = {},
): Promise<MadeUser> {
  passwordHash ??= hashSecret(TEST_PASSWORD);
  const phone = overrides.phone ?? randomPhone();
  const userType = overrides.userType ?? 'both';
  const user = await app.ctx.db.user.create({
    data: {
      firstName: overrides.firstName ?? 'Test',
      lastName: userType === 'admin' ? 'Admin' : 'User',
      phoneNumber: phone,
      email: overrides.email ?? null,
      userType,
      passwordHash: await passwordHash,
      phoneVerifiedAt: overrides.verified === false ? null : new Date(),
    },
  });
  const token = await app.issueToken(app.ctx.db, { id: user.id, userType });
  return { id: user.id, phone, token, userType };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
