/**
 * Transactions as a table (Overview's Recent Transactions and the Transactions page): reference (a tap
 * opens the details), amount and status first, so a phone shows them without scrolling; then the parties,
 * type, newest event, relative creation time and actions.
 */
import { Box, Button, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { Copy, Eye, ExternalLink } from 'lucide-react';
import { formatDateTime, formatMoney, formatPhone, formatRelativeTime, humanize } from '@/lib/format';
import { StatusBadge } from '@/components/status-badge';
import { toaster } from './toaster';
import { WideTable } from './wide-table';
import { enumLabel } from '../labels';

export interface TableTransaction {
  id: string;
  reference_number: string;
  amount: string;
  status: string;
  created_at: string;
  transaction_type?: string;
  buyer_phone: string;
  seller_phone: string;
  buyer_name?: string;
  seller_name?: string;
  latest_event: string;
}

export function TransactionsTable({
  rows,
  showType = false,
  onView,
  now,
}: {
  rows: TableTransaction[];
  showType?: boolean;
  onView: (id: string) => void;
  now?: Date;
}) {
  const copyReference = async (reference: string) => {
    try {
      await navigator.clipboard.writeText(reference);
      toaster.create({ type: 'success', title: `Copied ${reference}` });
    } catch {
      toaster.create({ type: 'error', title: 'Could not copy to the clipboard' });
    }
  };
  return (
    <WideTable label="Transactions" borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" interactive stickyHeader>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Reference</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md">Status</Table.ColumnHeader>
            <Table.ColumnHeader>Parties</Table.ColumnHeader>
            {showType ? <Table.ColumnHeader>Type</Table.ColumnHeader> : null}
            <Table.ColumnHeader>Latest Event</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell whiteSpace="nowrap">
                <Button variant="plain" size="xs" p="0" h="auto" fontFamily="mono" color="brand.fg" onClick={() => onView(row.id)}>
                  {row.reference_number}
                </Button>
                {/* On a phone the status sits under the reference, beside the amount, not a swipe away. */}
                <Box hideFrom="md" mt="1">
                  <StatusBadge wording="status" status={row.status} />
                </Box>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium">
                {formatMoney(row.amount)}
              </Table.Cell>
              <Table.Cell hideBelow="md">
                <StatusBadge wording="status" status={row.status} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="xs">
                <Text title={row.buyer_name}>Buyer {formatPhone(row.buyer_phone)}</Text>
                <Text title={row.seller_name} color="fg.muted">
                  Seller {formatPhone(row.seller_phone)}
                </Text>
              </Table.Cell>
              {showType ? (
                <Table.Cell fontSize="xs" minW="20">
                  {enumLabel(row.transaction_type)}
                </Table.Cell>
              ) : null}
              <Table.Cell fontSize="xs" color="fg.muted" minW="24">
                {row.latest_event ? humanize(row.latest_event) : '—'}
              </Table.Cell>
              <Table.Cell fontSize="xs" whiteSpace="nowrap" title={formatDateTime(row.created_at)}>
                {formatRelativeTime(row.created_at, now)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack gap="0" justify="flex-end">
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`View details of ${row.reference_number}`}
                    title="View details"
                    onClick={() => onView(row.id)}
                  >
                    <Eye />
                  </IconButton>
                  {showType ? (
                    <>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`Copy reference ${row.reference_number}`}
                        title="Copy reference"
                        onClick={() => void copyReference(row.reference_number)}
                      >
                        <Copy />
                      </IconButton>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        asChild
                        aria-label={`Open ${row.reference_number} in a new tab`}
                        title="Open in a new tab"
                      >
                        <a href={`/dashboard/transactions?open=${row.id}`} target="_blank" rel="noopener noreferrer">
                          <ExternalLink />
                        </a>
                      </IconButton>
                    </>
                  ) : null}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </WideTable>
  );
}
