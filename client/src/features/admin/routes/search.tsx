/** The header search's results: transactions (reference, buyer or seller phone) and users (phone, name, email). */
import { cutText } from '@escrow/core/domain/text';
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney, formatPhone, formatRelativeTime } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';

const RESULTS = 10;

export default function SearchPage() {
  const [params] = useSearchParams();
  const term = cutText((params.get('q') ?? '').trim(), 100);
  const [openId, setOpenId] = useState<string | null>(null);
  const transactions = useQuery({ ...trpc.admin.transactions.queryOptions({ search: term, per_page: RESULTS }), enabled: term.length > 0 });
  const users = useQuery({ ...trpc.admin.users.queryOptions({ search: term, per_page: RESULTS }), enabled: term.length > 0 });

  return (
    <>
      <PageHeader title="Search" description={term ? `Results for “${term}”` : 'Type in the search box above.'} />
      {term ? (
        <Stack gap="4">
          <Card.Root variant="outline">
            <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center">
              <Heading as="h2" size="md">
                Transactions{' '}
                {transactions.data ? <Badge ms="1">{transactions.data.pagination.total_count.toLocaleString('en-KE')}</Badge> : null}
              </Heading>
              {transactions.data && transactions.data.pagination.total_count > RESULTS ? (
                <Button asChild size="xs" variant="ghost">
                  <Link to={`/dashboard/transactions?q=${encodeURIComponent(term)}`}>See all</Link>
                </Button>
              ) : null}
            </Card.Header>
            <Card.Body>
              {transactions.isPending ? (
                <LoadingState label="Searching transactions…" minH="20" />
              ) : transactions.isError ? (
                <ErrorState message="Failed to load transactions" detail={transactions.error.message} />
              ) : transactions.data.transactions.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  No transaction matches.
                </Text>
              ) : (
                <Stack gap="0">
                  {transactions.data.transactions.map((row) => (
                    <Flex
                      key={row.id}
                      as="button"
                      onClick={() => setOpenId(row.id)}
                      textAlign="left"
                      justify="space-between"
                      gap="3"
                      py="2"
                      wrap="wrap"
                      borderBottomWidth="1px"
                      _last={{ borderBottomWidth: 0 }}
                      _hover={{ bg: 'bg.muted' }}
                    >
                      <Box minW="0" flex="1 1 12rem" overflowWrap="anywhere">
                        <Text fontFamily="mono" fontSize="sm" whiteSpace="nowrap">
                          {row.reference_number}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {row.product_name} · {formatPhone(row.buyer.phone_number)} → {formatPhone(row.seller.phone_number)} ·{' '}
                          {formatRelativeTime(row.created_at)}
                        </Text>
                      </Box>
                      <Flex gap="2" align="center" flexShrink={0} ms="auto">
                        <Text fontSize="sm" fontWeight="medium" whiteSpace="nowrap">
                          {formatMoney(row.amount)}
                        </Text>
                        <StatusBadge wording="status" status={row.status} />
                      </Flex>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline">
            <Card.Header>
              <Heading as="h2" size="md">
                Users {users.data ? <Badge ms="1">{users.data.pagination.total_count.toLocaleString('en-KE')}</Badge> : null}
              </Heading>
            </Card.Header>
            <Card.Body>
              {users.isPending ? (
                <LoadingState label="Searching users…" minH="20" />
              ) : users.isError ? (
                <ErrorState message="Failed to load users" detail={users.error.message} />
              ) : users.data.users.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  No user matches.
                </Text>
              ) : (
                <Stack gap="0">
                  {users.data.users.map((user) => (
                    <Flex
                      key={user.id}
                      justify="space-between"
                      gap="3"
                      py="2"
                      wrap="wrap"
                      borderBottomWidth="1px"
                      _last={{ borderBottomWidth: 0 }}
                    >
                      <Box minW="0" flex="1 1 12rem" overflowWrap="anywhere">
                        <Text fontSize="sm" fontWeight="medium">
                          {user.full_name.trim() || 'No Name'}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {formatPhone(user.phone_number)}
                          {user.email ? ` · ${user.email}` : ''} · {user.user_type}
                        </Text>
                      </Box>
                      <Flex gap="2" align="center" flexShrink={0} ms="auto">
                        <StatusBadge wording="status" status={user.status} />
                        <Button asChild size="xs" variant="outline">
                          <Link to={`/dashboard/transactions?q=${encodeURIComponent(user.phone_number)}`}>Transactions</Link>
                        </Button>
                      </Flex>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      ) : null}
      <TransactionDetailsDialog transactionId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
