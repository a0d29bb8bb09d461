/**
 * Transactions as a table on wide screens and as stacked cards on phones (360 px has no room for
 * seven columns). Each row links to the transaction's page.
 */
import { Badge, Box, Card, EmptyState, HStack, Link as ChakraLink, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT, type Translate } from '@/i18n';
import { formatMoney, formatPhone, humanize } from '@/lib/format';
import { useRelativeTime } from '@/hooks/use-relative-time';
import type { TransactionListItem } from '../api/transactions';
import { StatusBadge, typeLabel } from '@/components/status-badge';
import { sellerPayoutOnRow } from './list-status';

/** The other party, from the signed-in user's side of the transaction. */
function counterparty(item: TransactionListItem, myPhone: string | undefined, t: Translate) {
  const isBuyer = item.buyer.phone_number === myPhone;
  const other = isBuyer ? item.seller : item.buyer;
  return {
    /** The other party's side. */
    label: t(isBuyer ? 'customer.parties.seller' : 'customer.parties.buyer'),
    relation: t(isBuyer ? 'customer.list.buyFrom' : 'customer.list.sellTo', { name: other.display_name }),
    name: other.display_name,
    phone: other.phone_number,
  };
}

/** The row's status; a completed sale whose payout is on its way or failed says so to its seller (list-status.ts). */
function RowStatus({ item, myPhone }: { item: TransactionListItem; myPhone: string | undefined }) {
  const { t } = useT();
  const payout = sellerPayoutOnRow(item, item.buyer.phone_number !== myPhone);
  if (payout === 'settled') return <StatusBadge status={item.status} />;
  return (
    <Badge
      colorPalette={payout === 'failed' ? 'red' : 'orange'}
      variant="subtle"
      whiteSpace="nowrap"
      data-status={item.status}
      data-payout={payout}
    >
      {t(payout === 'failed' ? 'customer.list.payoutFailed' : 'customer.list.payoutSending')}
    </Badge>
  );
}

const detailPath = (item: TransactionListItem) => `/dashboard/transactions/${item.id}`;

export function TransactionList({
  items,
  myPhone,
  empty,
}: {
  items: TransactionListItem[];
  myPhone: string | undefined;
  empty?: ReactNode;
}) {
  const { t } = useT();
  const when = useRelativeTime();
  if (items.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Inbox />
          </EmptyState.Indicator>
          <VStack textAlign="center">{empty ?? <EmptyState.Title>{t('customer.list.empty')}</EmptyState.Title>}</VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <>
      <Box display={{ base: 'none', lg: 'block' }} borderWidth="1px" borderRadius="l3" bg="bg" overflow="hidden">
        <Table.Root size="sm" interactive data-testid="transactions-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('customer.list.reference')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customer.list.item')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('customer.list.amount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customer.list.otherParty')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customer.list.status')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="xl">{t('customer.list.latest')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customer.list.created')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => {
              const other = counterparty(item, myPhone, t);
              return (
                <Table.Row key={item.id} data-testid="transaction-row" data-reference={item.reference_number}>
                  <Table.Cell whiteSpace="nowrap">
                    <ChakraLink asChild fontFamily="mono" fontSize="xs" fontWeight="semibold" color="brand.fg">
                      <Link to={detailPath(item)}>{item.reference_number}</Link>
                    </ChakraLink>
                  </Table.Cell>
                  <Table.Cell maxW="48">
                    <Text truncate title={item.product_name}>
                      {item.product_name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                      {typeLabel(t, item.transaction_type)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="medium" whiteSpace="nowrap">
                    {formatMoney(item.amount)}
                  </Table.Cell>
                  <Table.Cell maxW="44">
                    <Text truncate title={other.name}>
                      {other.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                      {other.label} · {formatPhone(other.phone)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <RowStatus item={item} myPhone={myPhone} />
                  </Table.Cell>
                  <Table.Cell fontSize="xs" color="fg.muted" hideBelow="xl">
                    {item.latest_event ? humanize(item.latest_event.event_type) : '—'}
                  </Table.Cell>
                  <Table.Cell fontSize="xs" color="fg.muted" whiteSpace="nowrap" title={item.created_at}>
                    {when(item.created_at)}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack display={{ base: 'flex', lg: 'none' }} gap="3" as="ul" listStyleType="none" data-testid="transactions-cards">
        {items.map((item) => {
          const other = counterparty(item, myPhone, t);
          return (
            <Card.Root
              as="li"
              key={item.id}
              size="sm"
              position="relative"
              _hover={{ borderColor: 'brand.solid' }}
              data-reference={item.reference_number}
            >
              <Card.Body gap="2">
                <HStack justify="space-between" align="flex-start" gap="3">
                  <Box minW="0">
                    {/* The whole card is the link's hit area; the link text stays the item name. */}
                    <ChakraLink asChild fontWeight="semibold" _after={{ content: '""', position: 'absolute', inset: '0' }}>
                      <Link to={detailPath(item)}>
                        <Text as="span" lineClamp={1}>
                          {item.product_name}
                        </Text>
                      </Link>
                    </ChakraLink>
                    <Text fontFamily="mono" fontSize="xs" color="fg.muted">
                      {item.reference_number}
                    </Text>
                  </Box>
                  <Text fontWeight="bold" whiteSpace="nowrap">
                    {formatMoney(item.amount)}
                  </Text>
                </HStack>
                <HStack justify="space-between" gap="2" flexWrap="wrap">
                  <RowStatus item={item} myPhone={myPhone} />
                  <Text fontSize="xs" color="fg.muted">
                    {other.relation} · {when(item.created_at)}
                  </Text>
                </HStack>
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    </>
  );
}
