/** CSV downloads of the Transactions and Users pages (and the Reports page): the filtered lists, newest first. */
import { EXPORT_ROW_LIMIT, type AdminUsersQuery } from '@escrow/core/contract/admin';
import type { AppContext } from '../../context.ts';
import { toCsv } from './csv.ts';
import { transactionConditions, transactionPage, type TransactionFilters } from './queries/transactions.ts';
import { userConditions, userPage } from './queries/users.ts';

export async function exportTransactionsCsv(ctx: AppContext, filters: TransactionFilters): Promise<string> {
  const conditions = await transactionConditions(ctx, filters);
  const rows = await transactionPage(ctx, { conditions, limit: EXPORT_ROW_LIMIT, offset: 0 });
  return toCsv(
    [
      'reference_number',
      'amount',
      'status',
      'transaction_type',
      'product_name',
      'buyer_name',
      'buyer_phone',
      'seller_name',
      'seller_phone',
      'latest_event',
      'created_at',
    ],
    rows.map((row) => [
      row.reference_number,
      row.amount,
      row.status,
      row.transaction_type,
      row.product_name,
      row.buyer.display_name,
      row.buyer.phone_number,
      row.seller.display_name,
      row.seller.phone_number,
      row.latest_event?.event_type ?? '',
      row.created_at,
    ]),
  );
}

export async function exportUsersCsv(ctx: AppContext, filters: Omit<AdminUsersQuery, 'page' | 'per_page'>): Promise<string> {
  const users = await userPage(ctx, { conditions: userConditions(filters), limit: EXPORT_ROW_LIMIT, offset: 0 });
  return toCsv(
    ['id', 'full_name', 'phone_number', 'email', 'user_type', 'status', 'is_verified', 'created_at'],
    users.map((user) => [
      user.id,
      user.full_name,
      user.phone_number,
      user.email,
      user.user_type,
      user.status,
      user.is_verified,
      user.created_at,
    ]),
  );
}
