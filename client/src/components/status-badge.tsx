/**
 * The one status badge: one colour per status wherever it is shown (customer pages, admin dashboard).
 * Transaction statuses read in plain words for buyers and sellers ("Awaiting payment"), or by their status
 * name where staff filter by it (`wording="status"`: "Pending"); other statuses (payouts, SMS, users,
 * disputes, health levels) by name. Unknown values get a neutral badge (docs/product-rules.md §4: "a
 * generic style").
 */
import { Badge, type BadgeProps } from '@chakra-ui/react';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { useT, type Translate } from '@/i18n';
import { humanize } from '@/lib/format';

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

/** A status in the reader's words: a transaction's in plain words of their language (`wording="plain"`). */
export function statusLabel(t: Translate, status: string, wording: 'plain' | 'status' = 'plain'): string {
  if (isTransactionStatus(status) && wording === 'plain') return t(`customer.status.${status}`);
  return OTHER_LABELS[status] ?? humanize(status);
}

export function StatusBadge({ status, wording = 'plain', ...props }: { status: string; wording?: 'plain' | 'status' } & BadgeProps) {
  const { t } = useT();
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" whiteSpace="nowrap" data-status={status} {...props}>
      {statusLabel(t, status, wording)}
    </Badge>
  );
}

const TRANSACTION_TYPES = ['standard', 'protected', 'lipa_mdogo_mdogo'] as const;

export const typeLabel = (t: Translate, type: string) =>
  (TRANSACTION_TYPES as readonly string[]).includes(type)
    ? t(`customer.type.${type as (typeof TRANSACTION_TYPES)[number]}`)
    : humanize(type);
