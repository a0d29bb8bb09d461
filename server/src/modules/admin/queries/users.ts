/**
 * GET /api/admin/users: every account, newest first, searched by phone, full name or email (trigram
 * indexes), filtered by type and status, with a summary of the filtered set. Without a search the
 * totals come from the cached (type, status, verified) grouping. Each row says whether the account has a
 * USSD PIN and whether wrong PINs lock it now, so customer care on a call sees a locked-out caller (and
 * offers to remove only a PIN that exists).
 */
import type { AdminUser, AdminUsersData, AdminUsersQuery } from '@escrow/core/contract/admin';
import { paginationOf } from '@escrow/core/contract/common';
import type { AppContext } from '../../../context.ts';
import { normalizePhone } from '@escrow/core/domain/phone';
import type { User } from '../../../generated/prisma/client.ts';
import { ussdPinStateOf } from '@escrow/core/domain/ussd-pin';
import { toUserWire, type UserWireSource } from '../../auth/user-wire.ts';
import { adminCache, likeEscape, phoneFragment, sql, userGroups, whereAll, type Sql, type UserGroup } from './shared.ts';

export type UserFilters = Omit<AdminUsersQuery, 'page' | 'per_page'>;

export function userConditions(filters: UserFilters): Sql[] {
  const conditions: Sql[] = [];
  if (filters.user_type) conditions.push(sql`u.user_type = ${filters.user_type}::"UserType"`);
  if (filters.status === 'active' || filters.status === 'suspended') conditions.push(sql`u.status = ${filters.status}::"UserStatus"`);
  if (filters.status === 'verified') conditions.push(sql`u.phone_verified_at IS NOT NULL`);
  if (filters.status === 'unverified') conditions.push(sql`u.phone_verified_at IS NULL`);
  const term = filters.search?.trim();
  if (term) {
    const text = `%${likeEscape(term.toLowerCase())}%`;
    // The name and email expressions match the trigram indexes of the admin_monitoring migration.
    const alternatives = [sql`lower(u.first_name || ' ' || u.last_name) LIKE ${text}`, sql`lower(u.email) LIKE ${text}`];
    const phone = normalizePhone(term);
    const fragment = phone ?? phoneFragment(term);
    if (phone) alternatives.push(sql`u.phone_number = ${phone}`);
    else if (fragment) alternatives.push(sql`u.phone_number LIKE ${`%${likeEscape(fragment)}%`}`);
    conditions.push(sql`(${alternatives.reduce((all, next) => sql`${all} OR ${next}`)})`);
  }
  return conditions;
}

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string | null;
  user_type: AdminUser['user_type'];
  status: AdminUser['status'];
  phone_verified_at: Date | null;
  language: 'en' | 'sw';
  created_at: Date;
  has_ussd_pin: boolean;
  ussd_pin_locked_until: Date | null;
}

type AdminUserSource = UserWireSource & Pick<User, 'status' | 'ussdPinLockedUntil'> & { hasUssdPin: boolean };

function adminUserOf(row: AdminUserSource, now: Date): AdminUser {
  const pin = ussdPinStateOf({ isSet: row.hasUssdPin, lockedUntil: row.ussdPinLockedUntil }, now);
  return { ...toUserWire(row), status: row.status, ussd_pin: pin.state, ussd_pin_locked_until: pin.lockedUntil?.toISOString() ?? null };
}

/** An account action's answer: the account as a row of the list shows it. */
export function toAdminUser(user: UserWireSource & Pick<User, 'status' | 'ussdPinHash' | 'ussdPinLockedUntil'>, now: Date): AdminUser {
  return adminUserOf({ ...user, hasUssdPin: user.ussdPinHash !== null }, now);
}

interface Summary {
  total: number;
  verified: number;
  sellers: number;
  buyers: number;
}

function summaryOf(groups: UserGroup[]): Summary {
  const sum = (keep: (group: UserGroup) => boolean) => groups.filter(keep).reduce((total, group) => total + group.count, 0);
  return {
    total: sum(() => true),
    verified: sum((group) => group.isVerified),
    sellers: sum((group) => group.userType === 'seller' || group.userType === 'both'),
    buyers: sum((group) => group.userType === 'buyer' || group.userType === 'both'),
  };
}

async function summarize(ctx: AppContext, filters: UserFilters, conditions: Sql[]): Promise<Summary> {
  if (!filters.search?.trim()) {
    const groups = (await userGroups(ctx)).filter(
      (group) =>
        (!filters.user_type || group.userType === filters.user_type) &&
        (filters.status === undefined ||
          (filters.status === 'verified' && group.isVerified) ||
          (filters.status === 'unverified' && !group.isVerified) ||
          group.status === filters.status),
    );
    return summaryOf(groups);
  }
  const { value } = await adminCache(ctx).get(`users:summary:${JSON.stringify(filters)}`, async () => {
    const [row] = await ctx.db.$queryRaw<{ total: bigint; verified: bigint; sellers: bigint; buyers: bigint }[]>`
      SELECT COUNT(*)::bigint AS total,
             COUNT(*) FILTER (WHERE u.phone_verified_at IS NOT NULL)::bigint AS verified,
             COUNT(*) FILTER (WHERE u.user_type IN ('seller', 'both'))::bigint AS sellers,
             COUNT(*) FILTER (WHERE u.user_type IN ('buyer', 'both'))::bigint AS buyers
      FROM users u WHERE ${whereAll(conditions)}`;
    return { total: Number(row!.total), verified: Number(row!.verified), sellers: Number(row!.sellers), buyers: Number(row!.buyers) };
  });
  return value;
}

export async function userPage(ctx: AppContext, { conditions, limit, offset }: { conditions: Sql[]; limit: number; offset: number }) {
  const rows = await ctx.db.$queryRaw<UserRow[]>`
    SELECT u.id::text, u.first_name, u.last_name, u.phone_number, u.email, u.user_type::text AS user_type, u.status::text AS status,
           u.phone_verified_at, u.language::text AS language, u.created_at,
           u.ussd_pin_hash IS NOT NULL AS has_ussd_pin, u.ussd_pin_locked_until
    FROM users u WHERE ${whereAll(conditions)}
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  const now = ctx.now();
  return rows.map((row) =>
    adminUserOf(
      {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        phoneNumber: row.phone_number,
        email: row.email,
        userType: row.user_type,
        status: row.status,
        phoneVerifiedAt: row.phone_verified_at,
        language: row.language,
        createdAt: row.created_at,
        hasUssdPin: row.has_ussd_pin,
        ussdPinLockedUntil: row.ussd_pin_locked_until,
      },
      now,
    ),
  );
}

export async function listAdminUsers(ctx: AppContext, query: AdminUsersQuery): Promise<AdminUsersData> {
  const { page, per_page: perPage, ...filters } = query;
  const conditions = userConditions(filters);
  const [users, summary] = await Promise.all([
    userPage(ctx, { conditions, limit: perPage, offset: (page - 1) * perPage }),
    summarize(ctx, filters, conditions),
  ]);
  return { users, pagination: paginationOf(page, perPage, summary.total), summary };
}
