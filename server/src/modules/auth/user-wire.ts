/** The `user` object of docs/contract.md "Auth", built in one place so every module shows a user the same way. */
import type { UserWire } from '@escrow/core/contract/auth';
import type { User } from '../../generated/prisma/client.ts';

export type UserWireSource = Pick<
  User,
  'id' | 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'userType' | 'phoneVerifiedAt' | 'createdAt'
>;

/** Prisma `select` for exactly the columns `toUserWire` reads. */
export const USER_WIRE_SELECT = {
  id: true,
  firstName: true,
  lastName: true,
  phoneNumber: true,
  email: true,
  userType: true,
  phoneVerifiedAt: true,
  createdAt: true,
} as const satisfies Record<keyof UserWireSource, true>;

/** "Wanjiku K.": enough for the other party to recognise, without the full surname. */
export function displayNameOf(user: Pick<User, 'firstName' | 'lastName'>): string {
  const initial = user.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${user.firstName} ${initial}.` : user.firstName;
}

export function toUserWire(user: UserWireSource): UserWire {
  return {
    id: user.id,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    display_name: displayNameOf(user),
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    email: user.email,
    user_type: user.userType,
    is_verified: user.phoneVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}
