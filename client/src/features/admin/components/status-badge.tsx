import { Badge } from '@chakra-ui/react';
import { humanize } from '@/lib/format';

const PALETTE: Record<string, string> = {
  pending: 'yellow',
  installment: 'purple',
  funded: 'blue',
  dispatched: 'cyan',
  completed: 'green',
  cancelled: 'gray',
  disputed: 'red',
  refunded: 'orange',
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
  new: 'blue',
  read: 'gray',
  ok: 'green',
  warning: 'orange',
  critical: 'red',
};

const LABEL: Record<string, string> = { ok: 'OK' };

/** A status as a coloured badge; unknown values get a neutral one (docs/product-rules.md §4: "a generic style"). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} variant="subtle" whiteSpace="nowrap">
      {LABEL[status] ?? humanize(status)}
    </Badge>
  );
}
