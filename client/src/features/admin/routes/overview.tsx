/** Overview (docs/product-rules.md §2): four stat cards, System Health, Recent Activity and the 10 newest transactions. */
import { Button, Card, Grid, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Clock, RefreshCw, Users, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { PageHeader } from '../components/page-header';
import { ErrorState, EmptyState, LoadingState } from '../components/query-state';
import { Figure, StatCard } from '../components/stat-card';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';
import { TransactionsTable } from '../components/transactions-table';

const count = (value: number) => value.toLocaleString('en-KE');
const plural = (value: number, noun: string) => `${count(value)} ${noun}${value === 1 ? '' : 's'}`;

export default function OverviewPage() {
  const query = useQuery(trpc.admin.dashboard.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Overview"
        description="The platform at a glance."
        actions={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching} loadingText="Refreshing">
            <RefreshCw aria-hidden /> Refresh
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading dashboard…" minH="60" />
      ) : query.isError ? (
        <ErrorState message="Failed to load dashboard data" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            <StatCard label="Total Transactions" value={count(query.data.quick_stats.total_transactions)} icon={ArrowLeftRight} />
            <StatCard label="Total Users" value={count(query.data.quick_stats.total_users)} icon={Users} palette="blue" />
            <StatCard
              label="Total Revenue"
              value={formatMoney(query.data.quick_stats.total_revenue)}
              icon={Wallet}
              palette="green"
              hint="Net platform fees"
            />
            <StatCard
              label="Pending Items"
              value={count(query.data.quick_stats.active_disputes + query.data.quick_stats.pending_withdrawals)}
              icon={Clock}
              palette="orange"
              hint={`${plural(query.data.quick_stats.active_disputes, 'dispute')} · ${plural(query.data.quick_stats.pending_withdrawals, 'payout')} in progress`}
            />
          </SimpleGrid>
          <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
            <Card.Root variant="outline">
              <Card.Header>
                <Heading as="h2" size="md">
                  System Health
                </Heading>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={2} gap="3">
                  <Figure label="Active Transactions" value={count(query.data.health.active_transactions)} />
                  <Figure label="Pending Payments" value={count(query.data.health.pending_payments)} />
                  <Figure
                    label="Disputed Transactions"
                    value={count(query.data.health.disputed_transactions)}
                    tone={query.data.health.disputed_transactions ? 'orange' : undefined}
                  />
                  <Figure
                    label="Failed Payments (24h)"
                    value={count(query.data.health.failed_payments)}
                    tone={query.data.health.failed_payments ? 'red' : undefined}
                  />
                </SimpleGrid>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline">
              <Card.Header>
                <Heading as="h2" size="md">
                  Recent Activity
                </Heading>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={2} gap="3">
                  {/* Timeline events of any transaction (created, paid, dispatched…), not transactions. */}
                  <Figure label="Events, last hour" value={count(query.data.health.recent_activity.last_hour)} />
                  <Figure label="Events, last 24 hours" value={count(query.data.health.recent_activity.last_24h)} />
                  {/* "Withdrawals" are the M-Pesa/Airtel payouts the platform sends, to sellers and refunds to buyers
                      (docs/contract.md "Admin"), not Lipa Mdogo Mdogo withdrawals; "today" is Nairobi's day. */}
                  <Figure label="Payouts and refunds in progress" value={count(query.data.health.withdrawal_metrics.pending_withdrawals)} />
                  <Figure
                    label="Payouts and refunds sent today"
                    value={count(query.data.health.withdrawal_metrics.completed_withdrawals_today)}
                    tone="green"
                  />
                </SimpleGrid>
              </Card.Body>
            </Card.Root>
          </Grid>
          <Card.Root variant="outline">
            <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center">
              <Heading as="h2" size="md">
                Recent Transactions
              </Heading>
              <Button asChild size="xs" variant="ghost">
                <Link to="/dashboard/transactions">View all</Link>
              </Button>
            </Card.Header>
            <Card.Body>
              {query.data.latest_transactions.length === 0 ? (
                <EmptyState>No transactions yet.</EmptyState>
              ) : (
                <TransactionsTable rows={query.data.latest_transactions.slice(0, 10)} onView={setOpenId} />
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      )}
      <TransactionDetailsDialog transactionId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
