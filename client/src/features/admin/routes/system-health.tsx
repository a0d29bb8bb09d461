/**
 * System Health: each part of the platform with its level (ok / warning / critical) — the database,
 * the job queue, the mobile-money rails, the SMS outbox and the ledger invariants — refreshed every 30 s.
 * The rails' card counts M-Pesa and Airtel Money together (the health's `mpesa` part reads every payment
 * and payout, whatever its rail): titled "M-Pesa rail", it put Airtel Money failures under M-Pesa.
 */
import { Box, Button, Card, Flex, Heading, Link as ChakraLink, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Banknote, BookCheck, Database, ListChecks, MessageSquareText, RefreshCw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RAIL_CHOICES, RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
import { formatDateTime, formatMoney, formatRelativeTime } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';

function seconds(value: number): string {
  if (value < 60) return `${value} s`;
  if (value < 3600) return `${Math.floor(value / 60)} min`;
  return `${Math.floor(value / 3600)} h ${Math.floor((value % 3600) / 60)} min`;
}

/**
 * The job queue's counts. Jobs due now and jobs waiting for a day ahead (an auto-release, an installment
 * reminder) are apart: counted together as "Queued", a healthy system looked backed up.
 */
export function jobQueueLines(jobs: { queued: number; scheduled: number; running: number; failed: number; oldest_due_seconds: number }) {
  return [
    { label: 'Queued now', value: jobs.queued },
    { label: 'Scheduled ahead', value: jobs.scheduled },
    { label: 'Running', value: jobs.running },
    { label: 'Failed', value: jobs.failed, isBad: jobs.failed > 0 },
    { label: 'Oldest waiting', value: seconds(jobs.oldest_due_seconds) },
  ];
}

function Component({ title, icon: Icon, status, children }: { title: string; icon: LucideIcon; status: string; children: ReactNode }) {
  return (
    <Card.Root
      variant="outline"
      borderTopWidth="3px"
      borderTopColor={status === 'ok' ? 'green.solid' : status === 'warning' ? 'orange.solid' : 'red.solid'}
    >
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center">
        <Flex gap="2" align="center">
          <Icon size={18} aria-hidden />
          <Heading as="h2" size="sm">
            {title}
          </Heading>
        </Flex>
        <StatusBadge wording="status" status={status} />
      </Card.Header>
      <Card.Body>
        <Table.Root size="sm" variant="line">
          <Table.Body>{children}</Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  );
}

function Line({ label, value, isBad }: { label: string; value: ReactNode; isBad?: boolean }) {
  return (
    <Table.Row>
      <Table.Cell color="fg.muted" ps="0">
        {label}
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="medium" color={isBad ? 'fg.error' : undefined} pe="0">
        {value}
      </Table.Cell>
    </Table.Row>
  );
}

export default function SystemHealthPage() {
  const query = useQuery({ ...trpc.admin.health.queryOptions(), refetchInterval: 30_000 });
  return (
    <>
      <PageHeader
        title="System Health"
        description={
          query.data
            ? `Checked ${formatRelativeTime(query.data.checked_at).toLowerCase()} · refreshes every 30 seconds`
            : 'Every rail of the platform, checked live.'
        }
        actions={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching} loadingText="Checking">
            <RefreshCw aria-hidden /> Check now
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingState label="Checking the platform…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load system health" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="4">
          <Box
            borderWidth="1px"
            borderRadius="l2"
            p="4"
            bg={query.data.status === 'ok' ? 'green.subtle' : query.data.status === 'warning' ? 'orange.subtle' : 'red.subtle'}
            role="status"
          >
            <Text fontWeight="semibold">
              {query.data.status === 'ok'
                ? 'All systems normal.'
                : query.data.status === 'warning'
                  ? 'Something needs attention soon.'
                  : 'Something is wrong and needs attention now.'}
            </Text>
            {query.data.status === 'ok' ? null : (
              <Text fontSize="sm" color="fg.muted">
                See the{' '}
                <ChakraLink asChild color="brand.fg">
                  <Link to="/dashboard/alerts">Alerts page</Link>
                </ChakraLink>{' '}
                for the transactions involved.
              </Text>
            )}
          </Box>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            <Component title="Database" icon={Database} status={query.data.database.status}>
              <Line label="Round trip" value={`${query.data.database.latency_ms} ms`} isBad={query.data.database.status !== 'ok'} />
            </Component>
            <Component title="Job queue" icon={ListChecks} status={query.data.jobs.status}>
              {jobQueueLines(query.data.jobs).map((line) => (
                <Line key={line.label} {...line} />
              ))}
              {query.data.jobs.failed_by_queue.map((row) => (
                <Line key={row.queue} label={`Failed in ${row.queue}`} value={row.failed} isBad />
              ))}
            </Component>
            <Component title="Payment rails" icon={Banknote} status={query.data.mpesa.status}>
              <Line label="Rails counted" value={RAIL_CHOICES.map((rail) => RAIL_DISPLAY_NAMES[rail]).join(' and ')} />
              <Line
                label="Payment prompts unanswered > 5 min"
                value={query.data.mpesa.stale_stk_pushes}
                isBad={query.data.mpesa.stale_stk_pushes > 0}
              />
              <Line label="Failed payments (24h)" value={query.data.mpesa.failed_payments_24h} />
              <Line label="Failed payouts" value={query.data.mpesa.failed_payouts} isBad={query.data.mpesa.failed_payouts > 0} />
              <Line label="Payouts stuck > 30 min" value={query.data.mpesa.stuck_payouts} isBad={query.data.mpesa.stuck_payouts > 0} />
            </Component>
            <Component title="SMS rail" icon={MessageSquareText} status={query.data.sms.status}>
              <Line label="Queued" value={query.data.sms.queued} />
              <Line label="Oldest queued" value={seconds(query.data.sms.oldest_queued_seconds)} />
              <Line label="Failed (24h)" value={query.data.sms.failed_24h} isBad={query.data.sms.failed_24h > 0} />
              <Line label="Failed (all time)" value={query.data.sms.failed} />
            </Component>
            <Component title="Ledger" icon={BookCheck} status={query.data.ledger.status}>
              <Line label="Journals" value={query.data.ledger.journals.toLocaleString('en-KE')} />
              <Line
                label="Unbalanced journals"
                value={query.data.ledger.unbalanced_journals}
                isBad={query.data.ledger.unbalanced_journals > 0}
              />
              <Line
                label="Overdrawn balances"
                value={query.data.ledger.overdrawn_balances}
                isBad={query.data.ledger.overdrawn_balances > 0}
              />
              {RAIL_CHOICES.map((rail) => (
                <Line
                  key={rail}
                  label={`${RAIL_DISPLAY_NAMES[rail]} cash`}
                  value={formatMoney(query.data.ledger.rail_cash[rail])}
                  isBad={query.data.ledger.rail_cash[rail].startsWith('-')}
                />
              ))}
              <Line label="Checked" value={formatDateTime(query.data.ledger.checked_at)} />
            </Component>
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
