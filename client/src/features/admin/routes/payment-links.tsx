/**
 * Payment links per seller (search by phone, name, product or code) and the transactions released with
 * a buyer's release code. Admins see that a code was used and how many wrong tries it took, never the
 * code itself (docs/SECURITY.md).
 */
import { Badge, Card, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { formatDateTime, formatPhone } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { useAdminPreferences } from '../admin-preferences';
import { PageHeader } from '../components/page-header';
import { PaginationBar } from '../components/pagination-bar';
import { WideTable } from '../components/wide-table';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';

const kes = (wire: string) => formatKes(parseAmount(wire) ?? 0n);

function LinksTable() {
  const { pageSize } = useAdminPreferences();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.admin.paymentLinks.queryOptions({ page, per_page: pageSize, ...(search.trim() ? { search: search.trim() } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card.Root variant="outline">
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Text as="h2" fontWeight="semibold">
            Links per seller
          </Text>
          <Input
            size="sm"
            maxW="64"
            aria-label="Search links by seller phone, name, product or code"
            placeholder="Seller phone, name, product, code"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </HStack>
        {query.isPending ? <LoadingState /> : null}
        {query.isError ? (
          <ErrorState message="Could not load payment links" detail={query.error.message} onRetry={() => void query.refetch()} />
        ) : null}
        {query.data && query.data.links.length === 0 ? <EmptyState>No payment links.</EmptyState> : null}
        {query.data && query.data.links.length > 0 ? (
          <WideTable label="Payment links">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Seller</Table.ColumnHeader>
                  <Table.ColumnHeader>Product</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Checkouts</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Held</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.links.map((link) => (
                  <Table.Row key={link.code}>
                    <Table.Cell>
                      {link.seller.display_name}
                      <Text fontSize="xs" color="fg.muted">
                        {formatPhone(link.seller.phone_number)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      {link.product_name}
                      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                        {link.code}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{kes(link.amount)}</Table.Cell>
                    <Table.Cell>
                      <Badge>{link.status.replace('_', ' ')}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {link.checkouts}
                      {link.quantity !== null ? ` / ${link.quantity}` : ''}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{kes(link.held)}</Table.Cell>
                    <Table.Cell>{formatDateTime(link.created_at)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </WideTable>
        ) : null}
        {query.data ? <PaginationBar pagination={query.data.pagination} onPage={setPage} /> : null}
      </Card.Body>
    </Card.Root>
  );
}

function ReleasesTable() {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...trpc.admin.releasesByCode.queryOptions({ page, per_page: 20 }), placeholderData: keepPreviousData });
  return (
    <Card.Root variant="outline">
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Text as="h2" fontWeight="semibold">
            Released with a release code
          </Text>
          {query.data ? (
            <Text fontSize="sm" color="fg.muted">
              Codes burnt by wrong tries, not yet replaced: {query.data.burnt_codes}
            </Text>
          ) : null}
        </HStack>
        {query.isPending ? <LoadingState /> : null}
        {query.isError ? (
          <ErrorState message="Could not load releases" detail={query.error.message} onRetry={() => void query.refetch()} />
        ) : null}
        {query.data && query.data.releases.length === 0 ? <EmptyState>No transaction was released with a code yet.</EmptyState> : null}
        {query.data && query.data.releases.length > 0 ? (
          <WideTable label="Released with a release code">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Reference</Table.ColumnHeader>
                  <Table.ColumnHeader>Product</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Seller</Table.ColumnHeader>
                  <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Wrong tries</Table.ColumnHeader>
                  <Table.ColumnHeader>Released</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.releases.map((release) => (
                  <Table.Row key={release.id}>
                    <Table.Cell fontFamily="mono">{release.reference_number}</Table.Cell>
                    <Table.Cell>
                      {release.product_name}
                      {release.payment_link_code ? (
                        <Text fontSize="xs" color="fg.muted">
                          link {release.payment_link_code}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{kes(release.amount)}</Table.Cell>
                    <Table.Cell>{release.seller.display_name ?? formatPhone(release.seller.phone_number)}</Table.Cell>
                    <Table.Cell>{release.buyer.display_name}</Table.Cell>
                    <Table.Cell textAlign="end">{release.wrong_tries}</Table.Cell>
                    <Table.Cell>{release.released_at ? formatDateTime(release.released_at) : '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </WideTable>
        ) : null}
        {query.data ? <PaginationBar pagination={query.data.pagination} onPage={setPage} /> : null}
      </Card.Body>
    </Card.Root>
  );
}

export default function PaymentLinksAdminPage() {
  return (
    <>
      <PageHeader title="Payment links" description="Sellers' shareable links and the hand-overs released with a buyer's code." />
      <Stack gap="5">
        <LinksTable />
        <ReleasesTable />
      </Stack>
    </>
  );
}
