/** A transaction status as a coloured badge with words a buyer or seller understands. */
import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { TransactionStatus } from '@escrow/core/domain/transaction-state';
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

const PALETTES: Record<TransactionStatus, BadgeProps['colorPalette']> = {
  pending: 'orange',
  installment: 'blue',
  funded: 'teal',
  dispatched: 'purple',
  completed: 'green',
  cancelled: 'gray',
  disputed: 'red',
  refunded: 'cyan',
};

export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const known = status in STATUS_LABELS ? (status as TransactionStatus) : null;
  return (
    <Badge colorPalette={known ? PALETTES[known] : 'gray'} variant="subtle" data-status={status} {...props}>
      {known ? STATUS_LABELS[known] : humanize(status)}
    </Badge>
  );
}

export const TYPE_LABELS: Record<string, string> = {
  standard: 'Standard Escrow',
  protected: 'Protected Escrow',
  lipa_mdogo_mdogo: 'Lipa Mdogo Mdogo',
};

export const typeLabel = (type: string) => TYPE_LABELS[type] ?? humanize(type);
