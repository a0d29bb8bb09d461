/**
 * The one status badge: one colour per status wherever it is shown (customer pages, admin dashboard).
 * Transaction statuses read in plain words for buyers and sellers ("Awaiting payment"), or by their status
 * name where staff filter by it (`wording="status"`: "Pending"); other statuses (payouts, SMS, users,
 * disputes, health levels) by name. Unknown values get a neutral badge (docs/product-rules.md §4: "a
 * generic style").
 */
import { Badge, type BadgeProps } from '@chakra-ui/react';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { humanize } from '@/lib/format';

export const STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Awaiting payment',
  installment: 'Paying in installments',
  funded: 'Paid into escrow',
  dispatched: 'Dispatched',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'In dispute',
  refunded: 'Refunded',
};

const TRANSACTION_PALETTES: Record<TransactionStatus, BadgeProps['colorPalette']> = {
  pending: 'orange',
  installment: 'blue',
  funded: 'teal',
  dispatched: 'purple',
  completed: 'green',
  cancelled: 'gray',
  disputed: 'red',
  refunded: 'cyan',
};

/** Statuses of the other records the pages show: users, disputes, SMS, payouts, messages, health. */
const OTHER_PALETTES: Record<string, BadgeProps['colorPalette']> = {
  active: 'green',
  suspended: 'red',
  open: 'red',
  awaiting_return: 'orange',
  resolved: 'green',
  queued: 'yellow',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  processing: 'blue',
  returned: 'orange',
  new: 'blue',
  read: 'gray',
  ok: 'green',
  warning: 'orange',
  critical: 'red',
};

const OTHER_LABELS: Record<string, string> = { ok: 'OK' };

const isTransactionStatus = (status: string): status is TransactionStatus => (TRANSACTION_STATUSES as readonly string[]).includes(status);

export function statusPalette(status: string): BadgeProps['colorPalette'] {
  return isTransactionStatus(status) ? TRANSACTION_PALETTES[status] : (OTHER_PALETTES[status] ?? 'gray');
}

export function statusLabel(status: string, wording: 'plain' | 'status' = 'plain'): string {
  if (isTransactionStatus(status) && wording === 'plain') return STATUS_LABELS[status];
  return OTHER_LABELS[status] ?? humanize(status);
}

export function StatusBadge({ status, wording = 'plain', ...props }: { status: string; wording?: 'plain' | 'status' } & BadgeProps) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" whiteSpace="nowrap" data-status={status} {...props}>
      {statusLabel(status, wording)}
    </Badge>
  );
}

export const TYPE_LABELS: Record<string, string> = {
  standard: 'Standard Escrow',
  protected: 'Protected Escrow',
  lipa_mdogo_mdogo: 'Lipa Mdogo Mdogo',
};

export const typeLabel = (type: string) => TYPE_LABELS[type] ?? humanize(type);
