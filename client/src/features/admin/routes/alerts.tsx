/**
 * Alerts: what needs a person now. Failed payments (24 h), payouts stuck or failed (a failed one can be
 * sent again or, for a seller payout, returned to the buyer), installments overdue past their grace days,
 * releases overdue after the inspection window, and disputes past their respond-by deadline, each with
 * the transaction one click away; and background jobs that failed every attempt (an SMS or payout that
 * did not happen).
 */
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CalendarClock, CreditCard, Gavel, RefreshCw, Undo2 } from 'lucide-react';
import type { PayoutAction } from '@escrow/core/contract/admin';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatPhone, formatRelativeTime, humanize } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { adminRest } from '../api/admin-rest';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { toaster } from '../components/toaster';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';

const PAYOUT_ACTION_LABELS: Record<PayoutAction, { label: string; done: string }> = {
  retry: { label: 'Retry', done: 'Payout sent again' },
  return_to_buyer: { label: 'Return to buyer', done: 'Money returned to the buyer' },
};

/** The buttons for what may be done with a failed payout (the server says which). */
function PayoutActions({ payoutId, actions, reference }: { payoutId: string; actions: PayoutAction[]; reference: string }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (action: PayoutAction) => adminRest.resolvePayout(payoutId, action),
    onSuccess: (_data, action) => {
      toaster.create({ type: 'success', title: `${PAYOUT_ACTION_LABELS[action].done} (${reference})` });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.alerts.queryKey() });
    },
    onError: (error) => toaster.create({ type: 'error', title: 'The payout was not changed', description: error.message }),
  });
  if (actions.length === 0) return <>—</>;
  return (
    <Flex gap="2">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant="outline"
          colorPalette={action === 'return_to_buyer' ? 'orange' : undefined}
          loading={mutation.isPending && mutation.variables === action}
          disabled={mutation.isPending}
          aria-label={`${PAYOUT_ACTION_LABELS[action].label}: payout of ${reference}`}
          onClick={() => mutation.mutate(action)}
        >
          {action === 'return_to_buyer' ? <Undo2 aria-hidden /> : <RefreshCw aria-hidden />}
          {PAYOUT_ACTION_LABELS[action].label}
        </Button>
      ))}
    </Flex>
  );
}

function AlertTable({
  title,
  count,
  empty,
  headers,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline">
      <Card.Header flexDirection="row" alignItems="center" gap="2">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Badge colorPalette={count > 0 ? 'red' : 'green'} variant="subtle">
          {count}
        </Badge>
      </Card.Header>
      <Card.Body>
        {count === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {empty}
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {headers.map((header) => (
                    <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>{children}</Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Reference({ reference, onOpen }: { reference: string; onOpen: () => void }) {
  return (
    <Button variant="plain" size="xs" p="0" h="auto" fontFamily="mono" color="brand.fg" onClick={onOpen}>
      {reference}
    </Button>
  );
}

export default function AlertsPage() {
  const query = useQuery({ ...trpc.admin.alerts.queryOptions(), refetchInterval: 60_000 });
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Problems that need a person, newest or most urgent first."
        actions={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading alerts…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load alerts" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
            <StatCard
              label="Failed payments (24h)"
              value={query.data.counts.failed_payments}
              icon={CreditCard}
              palette={query.data.counts.failed_payments ? 'red' : 'green'}
            />
            <StatCard
              label="Payouts stuck or failed"
              value={query.data.counts.stuck_payouts + query.data.counts.failed_payouts}
              icon={Banknote}
              palette={query.data.counts.stuck_payouts + query.data.counts.failed_payouts ? 'red' : 'green'}
              hint={`${query.data.counts.stuck_payouts} stuck · ${query.data.counts.failed_payouts} failed`}
            />
            <StatCard
              label="Overdue installments"
              value={query.data.counts.overdue_installments}
              icon={CalendarClock}
              palette={query.data.counts.overdue_installments ? 'orange' : 'green'}
            />
            <StatCard
              label="Disputes past deadline"
              value={query.data.counts.overdue_disputes}
              icon={Gavel}
              palette={query.data.counts.overdue_disputes ? 'orange' : 'green'}
            />
          </SimpleGrid>

          <AlertTable
            title="Failed payments (last 24 hours)"
            count={query.data.failed_payments.length}
            empty="No failed payments in the last 24 hours."
            headers={['Reference', 'Amount', 'Payer', 'Reason', 'When']}
          >
            {query.data.failed_payments.map((row) => (
              <Table.Row key={row.payment_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>{formatMoney(row.amount)}</Table.Cell>
                <Table.Cell>{formatPhone(row.payer_phone)}</Table.Cell>
                <Table.Cell>{row.failure_reason ?? '—'}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatRelativeTime(row.created_at)}</Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>

          <AlertTable
            title="Payouts stuck or failed"
            count={query.data.payouts.length}
            empty="Every payout went through."
            headers={['Reference', 'Kind', 'Recipient', 'Amount', 'Status', 'Attempts', 'Last error', 'Since', 'Action']}
          >
            {query.data.payouts.map((row) => (
              <Table.Row key={row.payout_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>{humanize(row.kind)}</Table.Cell>
                <Table.Cell>{formatPhone(row.recipient_phone)}</Table.Cell>
                <Table.Cell>{formatMoney(row.amount)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={row.status} />
                </Table.Cell>
                <Table.Cell>{row.attempts}</Table.Cell>
                <Table.Cell maxW="60" truncate title={row.last_error ?? undefined}>
                  {row.last_error ?? '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatRelativeTime(row.created_at)}</Table.Cell>
                <Table.Cell>
                  <PayoutActions payoutId={row.payout_id} actions={row.allowed_actions} reference={row.reference_number} />
                </Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>

          <AlertTable
            title="Releases overdue after the inspection period"
            count={query.data.overdue_releases.length}
            empty="Every transaction past its inspection period was released."
            headers={['Reference', 'Amount', 'Inspection ended']}
          >
            {query.data.overdue_releases.map((row) => (
              <Table.Row key={row.transaction_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>{formatMoney(row.amount)}</Table.Cell>
                <Table.Cell color="fg.error" whiteSpace="nowrap">
                  {formatRelativeTime(row.inspection_ends_at)}
                </Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>

          <AlertTable
            title="Overdue installments"
            count={query.data.overdue_installments.length}
            empty="No Lipa Mdogo Mdogo installment is past its grace period."
            headers={['Reference', 'Installment', 'Due', 'Days overdue', 'Paid', 'Buyer']}
          >
            {query.data.overdue_installments.map((row) => (
              <Table.Row key={row.installment_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>
                  #{row.sequence} · {formatMoney(row.amount)}
                </Table.Cell>
                <Table.Cell>{formatDate(row.due_date)}</Table.Cell>
                <Table.Cell color="fg.error">{row.days_overdue}</Table.Cell>
                <Table.Cell>{formatMoney(row.paid_amount)}</Table.Cell>
                <Table.Cell>{formatPhone(row.buyer_phone)}</Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>

          <AlertTable
            title="Disputes past their respond-by deadline"
            count={query.data.overdue_disputes.length}
            empty="Every open dispute is within its deadline."
            headers={['Reference', 'Reason', 'Status', 'Respond by', 'Opened', '']}
          >
            {query.data.overdue_disputes.map((row) => (
              <Table.Row key={row.dispute_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>{humanize(row.reason)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={row.status} />
                </Table.Cell>
                <Table.Cell color="fg.error" whiteSpace="nowrap">
                  {formatRelativeTime(row.respond_by)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(row.created_at)}</Table.Cell>
                <Table.Cell>
                  <Button asChild size="xs" variant="outline">
                    <Link to={`/dashboard/disputes?open=${row.dispute_id}`}>Rule</Link>
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>

          <AlertTable
            title="Background jobs that failed every attempt"
            count={query.data.failed_jobs.length}
            empty="No background job has given up."
            headers={['Job', 'Queue', 'Attempts', 'Last error', 'Failed']}
          >
            {query.data.failed_jobs.map((row) => (
              <Table.Row key={row.job_id}>
                <Table.Cell>#{row.job_id}</Table.Cell>
                <Table.Cell>{row.queue}</Table.Cell>
                <Table.Cell>{row.attempts}</Table.Cell>
                <Table.Cell maxW="60" truncate title={row.last_error ?? undefined}>
                  {row.last_error ?? '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatRelativeTime(row.failed_at)}</Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>
          <Flex />
        </Stack>
      )}
      <TransactionDetailsDialog transactionId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
