/** A transaction status as a coloured badge with words a buyer or seller understands, in their language. */
import { Badge, type BadgeProps } from '@chakra-ui/react';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { useT, type Translate } from '@/i18n';
import { humanize } from '@/lib/format';

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

const isStatus = (status: string): status is TransactionStatus => (TRANSACTION_STATUSES as readonly string[]).includes(status);

export const statusLabel = (t: Translate, status: string) => (isStatus(status) ? t(`customer.status.${status}`) : humanize(status));

export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const { t } = useT();
  return (
    <Badge colorPalette={isStatus(status) ? PALETTES[status] : 'gray'} variant="subtle" data-status={status} {...props}>
      {statusLabel(t, status)}
    </Badge>
  );
}

const TYPES = ['standard', 'protected', 'lipa_mdogo_mdogo'] as const;

export const typeLabel = (t: Translate, type: string) =>
  (TYPES as readonly string[]).includes(type) ? t(`customer.type.${type as (typeof TYPES)[number]}`) : humanize(type);
