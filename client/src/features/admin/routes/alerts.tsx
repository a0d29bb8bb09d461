/**
 * Alerts: what needs a person now. Failed payments (24 h), payments the rail never confirmed (closed as
 * not received once its statement shows none), payouts stuck or failed (a failed one can be
 * sent again or, for a seller payout, returned to the buyer), installments overdue past their grace days,
 * releases overdue after the inspection window, and disputes past their respond-by deadline, each with
 * the transaction one click away; and background jobs that failed every attempt (an SMS or payout that
 * did not happen).
 */
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CalendarClock, CircleX, CreditCard, Gavel, RefreshCw, Undo2 } from 'lucide-react';
import type { PayoutAction } from '@escrow/core/contract/admin';
import { RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatPhone, formatRelativeTime, humanize } from '@/lib/format';
import { ApiError } from '@/lib/api';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { adminRest } from '../api/admin-rest';
import { ConfirmDialog } from '../components/confirm-dialog';
import { disputeReasonLabel } from '../components/dispute-reason';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatCard } from '../components/stat-card';
import { StatusAmountCell } from '../components/status-amount-cell';
import { StatusBadge } from '@/components/status-badge';
import { toaster } from '../components/toaster';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';
import { WideTable } from '../components/wide-table';

type PayoutRow = RouterOutputs['admin']['alerts']['payouts'][number];
type UnconfirmedRow = RouterOutputs['admin']['alerts']['unconfirmed_payments'][number];
/** A payout answered from this page: what was done and the payout as the server returned it. */
type HandledPayout = { row: PayoutRow; action: PayoutAction | 'already_handled'; status: PayoutRow['status']; attempts: number };

const PAYOUT_ACTION_LABELS: Record<PayoutAction, { label: string; confirm: string; title: string; done: string }> = {
  retry: { label: 'Retry', confirm: 'Send again', title: 'Send this payout again?', done: 'Payout sent again' },
  return_to_buyer: {
    label: 'Return to buyer',
    confirm: 'Return to buyer',
    title: 'Return this money to the buyer?',
    done: 'Money returned to the buyer',
  },
};

/** Who receives what if the admin confirms, in words. */
export function payoutConsequence(row: Pick<PayoutRow, 'kind' | 'amount' | 'recipient_phone' | 'rail'>, action: PayoutAction): string {
  const amount = formatMoney(row.amount);
  const recipient = `${row.kind === 'buyer_refund' ? 'the buyer' : 'the seller'} (${formatPhone(row.recipient_phone)})`;
  if (action === 'retry') return `${amount} is sent again to ${recipient} by ${RAIL_DISPLAY_NAMES[row.rail]}. Nothing else changes.`;
  // The escrow is unwound (server payouts/use-cases/resolve-failed-payout.ts): all the buyer paid, fees included.
  return `The seller (${formatPhone(row.recipient_phone)}) is not paid ${amount}. Instead the buyer gets back everything they paid (the whole price and their fee), to the phone or phones that paid, and the transaction ends refunded. Both parties are told by SMS.`;
}

/** What became of a payout answered from this page, for its row. */
export function handledLabel(handled: Pick<HandledPayout, 'action' | 'status'> & { row: Pick<PayoutRow, 'rail'> }): string {
  if (handled.action === 'already_handled') return 'Already answered';
  if (handled.status === 'returned') return 'Returned to the buyer';
  if (handled.status === 'completed') return 'Paid';
  if (handled.status === 'failed') return 'Failed again';
  return `Sent again, waiting for ${RAIL_DISPLAY_NAMES[handled.row.rail]}`;
}

/** The buttons for what may be done with a failed payout (the server says which); each asks first. */
function PayoutActions({
  row,
  handled,
  onChoose,
}: {
  row: PayoutRow;
  handled: HandledPayout | undefined;
  onChoose: (action: PayoutAction) => void;
}) {
  if (handled) {
    return (
      <Badge colorPalette={handled.status === 'failed' ? 'red' : 'green'} variant="subtle" whiteSpace="nowrap">
        {handledLabel(handled)}
      </Badge>
    );
  }
  if (row.allowed_actions.length === 0) return <>—</>;
  return (
    <Flex gap="2" wrap="wrap">
      {row.allowed_actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant="outline"
          colorPalette={action === 'return_to_buyer' ? 'orange' : undefined}
          aria-label={`${PAYOUT_ACTION_LABELS[action].label}: payout of ${formatMoney(row.amount)} for ${row.reference_number}`}
          onClick={() => onChoose(action)}
          whiteSpace="nowrap"
        >
          {action === 'return_to_buyer' ? <Undo2 aria-hidden /> : <RefreshCw aria-hidden />}
          {PAYOUT_ACTION_LABELS[action].label}
        </Button>
      ))}
    </Flex>
  );
}

/**
 * The confirmation of a payout action (as the Users page confirms its actions): who receives what, then
 * one request (ConfirmDialog ignores a second submit). A 409 means the payout was already answered (by
 * this page a moment ago or by another admin): not an error.
 */
function PayoutActionDialog({
  target,
  onClose,
  onHandled,
}: {
  target: { row: PayoutRow; action: PayoutAction } | null;
  onClose: () => void;
  onHandled: (handled: HandledPayout) => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ row, action }: { row: PayoutRow; action: PayoutAction }) => adminRest.resolvePayout(row.payout_id, action),
    onSuccess: ({ payout }, { row, action }) => {
      onHandled({ row, action, status: payout.status, attempts: payout.attempts });
      toaster.create({ type: 'success', title: `${PAYOUT_ACTION_LABELS[action].done} (${row.reference_number})` });
      onClose();
    },
    onError: (error, { row }) => {
      if (error instanceof ApiError && error.status === 409) {
        onHandled({ row, action: 'already_handled', status: row.status, attempts: row.attempts });
        toaster.create({ type: 'info', title: `This payout was already answered (${row.reference_number})` });
        onClose();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.admin.alerts.queryKey() });
    },
  });
  const copy = target ? PAYOUT_ACTION_LABELS[target.action] : null;
  return (
    <ConfirmDialog
      open={target !== null}
      title={copy?.title}
      confirmLabel={copy?.confirm}
      colorPalette={target?.action === 'return_to_buyer' ? 'orange' : 'teal'}
      busy={mutation.isPending}
      busyText="Sending"
      error={
        mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 409)
          ? `The payout was not changed: ${mutation.error.message}`
          : null
      }
      onConfirm={() => (target ? mutation.mutateAsync(target) : Promise.resolve())}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
    >
      <Text mb="3" fontSize="sm" color="fg.muted">
        <Text as="span" fontFamily="mono">
          {target?.row.reference_number}
        </Text>{' '}
        · {humanize(target?.row.kind)}
        {target?.row.last_error ? ` · failed: ${target.row.last_error}` : ''}
      </Text>
      <Text fontWeight="medium" data-testid="payout-consequence">
        {target ? payoutConsequence(target.row, target.action) : null}
      </Text>
    </ConfirmDialog>
  );
}

/**
 * What closing an unconfirmed payment as not received does, in words (server
 * payments/use-cases/close-unconfirmed-payment.ts): when to do it, and that a late success is still credited.
 */
export function unconfirmedConsequence(row: Pick<UnconfirmedRow, 'amount' | 'payer_phone' | 'rail' | 'reference_number'>): string {
  const rail = RAIL_DISPLAY_NAMES[row.rail];
  return `Close it only if ${rail}'s statement shows no payment of ${formatMoney(row.amount)} from ${formatPhone(row.payer_phone)} for ${row.reference_number}. The payment is marked failed, and the payer is told by SMS that it could not be confirmed and that they may pay again. If ${rail} reports it paid later, it is still credited.`;
}

/**
 * The confirmation of closing an unconfirmed payment as not received: one request; a 409 means it was
 * settled meanwhile (the rail answered, or another admin closed it): not an error.
 */
function ClosePaymentDialog({ target, onClose }: { target: UnconfirmedRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (row: UnconfirmedRow) => adminRest.closePaymentNotReceived(row.payment_id),
    onSuccess: (_closed, row) => {
      toaster.create({ type: 'success', title: `Payment closed as not received (${row.reference_number})` });
      onClose();
    },
    onError: (error, row) => {
      if (error instanceof ApiError && error.status === 409) {
        toaster.create({ type: 'info', title: `This payment was already settled (${row.reference_number})` });
        onClose();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.admin.alerts.queryKey() });
    },
  });
  return (
    <ConfirmDialog
      open={target !== null}
      title="Close this payment as not received?"
      confirmLabel="Close as not received"
      colorPalette="orange"
      busy={mutation.isPending}
      busyText="Closing"
      error={
        mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 409)
          ? `The payment was not changed: ${mutation.error.message}`
          : null
      }
      onConfirm={() => (target ? mutation.mutateAsync(target) : Promise.resolve())}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
    >
      <Text fontWeight="medium" data-testid="close-payment-consequence">
        {target ? unconfirmedConsequence(target) : null}
      </Text>
    </ConfirmDialog>
  );
}

function AlertTable({
  title,
  count,
  rowCount = count,
  empty,
  headers,
  children,
}: {
  title: string;
  /** How many need a person now (the badge). */
  count: number;
  /** How many rows are shown: more than `count` when answered rows stay to say what became of them. */
  rowCount?: number;
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
          <Text fontSize="sm" color="fg.muted" mb={rowCount > 0 ? '3' : undefined}>
            {empty}
          </Text>
        ) : null}
        {rowCount === 0 ? null : (
          <WideTable label={title}>
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
          </WideTable>
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
  const [payoutTarget, setPayoutTarget] = useState<{ row: PayoutRow; action: PayoutAction } | null>(null);
  const [closeTarget, setCloseTarget] = useState<UnconfirmedRow | null>(null);
  // Payouts answered from this page stay listed with what became of them, after the server drops them.
  const [handled, setHandled] = useState<Record<string, HandledPayout>>({});
  const serverPayouts = query.data?.payouts ?? [];
  // A listed payout stays answered until the server shows it failed again after more attempts.
  const answered = (row: PayoutRow) => {
    const entry = handled[row.payout_id];
    return entry && !(row.status === 'failed' && row.attempts > entry.attempts) ? entry : undefined;
  };
  const payoutRows = [
    ...serverPayouts,
    ...Object.values(handled)
      .filter((entry) => !serverPayouts.some((listed) => listed.payout_id === entry.row.payout_id))
      .map((entry) => ({ ...entry.row, status: entry.status })),
  ];
  const payoutsToAnswer = serverPayouts.filter((row) => !answered(row)).length;
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
            title="Payments unconfirmed: check the rail's statement"
            count={query.data.counts.unconfirmed_payments}
            rowCount={query.data.unconfirmed_payments.length}
            empty="Every payment was confirmed or failed by its rail."
            headers={['Reference', 'Action', 'Amount', 'Payer', 'Rail', 'Asked']}
          >
            {query.data.unconfirmed_payments.map((row) => (
              <Table.Row key={row.payment_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="orange"
                    aria-label={`Close as not received: payment of ${formatMoney(row.amount)} for ${row.reference_number}`}
                    onClick={() => setCloseTarget(row)}
                    whiteSpace="nowrap"
                  >
                    <CircleX aria-hidden /> Close as not received
                  </Button>
                </Table.Cell>
                <Table.Cell>{formatMoney(row.amount)}</Table.Cell>
                <Table.Cell>{formatPhone(row.payer_phone)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{RAIL_DISPLAY_NAMES[row.rail]}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatRelativeTime(row.created_at)}</Table.Cell>
              </Table.Row>
            ))}
          </AlertTable>

          <AlertTable
            title="Payouts stuck or failed"
            count={payoutsToAnswer}
            rowCount={payoutRows.length}
            empty="No payout needs an answer now."
            headers={['Payout', 'Action', 'Kind', 'Recipient', 'Attempts', 'Last error', 'Since']}
          >
            {payoutRows.map((row) => (
              <Table.Row key={row.payout_id}>
                <StatusAmountCell status={row.status} amount={row.amount}>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </StatusAmountCell>
                <Table.Cell>
                  <PayoutActions row={row} handled={answered(row)} onChoose={(action) => setPayoutTarget({ row, action })} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{humanize(row.kind)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatPhone(row.recipient_phone)}</Table.Cell>
                <Table.Cell>{row.attempts}</Table.Cell>
                <Table.Cell maxW="44" truncate title={row.last_error ?? undefined}>
                  {row.last_error ?? '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatRelativeTime(row.created_at)}</Table.Cell>
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
            headers={['Reference', 'Action', 'Reason', 'Status', 'Respond by', 'Opened']}
          >
            {query.data.overdue_disputes.map((row) => (
              <Table.Row key={row.dispute_id}>
                <Table.Cell>
                  <Reference reference={row.reference_number} onOpen={() => setOpenId(row.transaction_id)} />
                </Table.Cell>
                <Table.Cell>
                  <Button asChild size="xs" variant="outline">
                    <Link to={`/dashboard/disputes?open=${row.dispute_id}`}>Rule</Link>
                  </Button>
                </Table.Cell>
                <Table.Cell>{disputeReasonLabel(row.reason)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge wording="status" status={row.status} />
                </Table.Cell>
                <Table.Cell color="fg.error" whiteSpace="nowrap">
                  {formatRelativeTime(row.respond_by)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(row.created_at)}</Table.Cell>
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
      <ClosePaymentDialog target={closeTarget} onClose={() => setCloseTarget(null)} />
      <PayoutActionDialog
        target={payoutTarget}
        onClose={() => setPayoutTarget(null)}
        onHandled={(entry) => setHandled((current) => ({ ...current, [entry.row.payout_id]: entry }))}
      />
    </>
  );
}
