/**
 * /dashboard/transactions/:id — one transaction: what it is, where the money stands, what to do next
 * (the actions the server allows, M-Pesa payment with its live status), the installment schedule, the
 * dispute with its evidence, and the timeline.
 */
import { Alert, Box, Button, Card, CloseButton, DataList, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatKes } from '@escrow/core/domain/money';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatPhone, formatRelativeTime } from '@/lib/format';
import { useTransaction, type TransactionDetail } from '../api/transactions';
import { PageHeader } from '../components/customer-layout';
import { DisputePanel } from '../components/dispute-panel';
import { InstallmentSchedule } from '../components/installment-schedule';
import { PayPanel } from '../components/pay-panel';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge, typeLabel } from '../components/status-badge';
import { TransactionActions } from '../components/transaction-actions';
import { TransactionTimeline } from '../components/transaction-timeline';
import { useTrackedPayment } from '../hooks/use-tracked-payment';
import { cents } from '../money';

/** The latest withdrawal event says whether a request is waiting for the seller. */
function pendingWithdrawal(detail: TransactionDetail) {
  const last = [...detail.timeline].reverse().find((event) => event.event_type.startsWith('withdrawal_'));
  return last?.event_type === 'withdrawal_initiated' ? last : null;
}

/** One sentence on where things stand, from the reader's side. */
function guidance(detail: TransactionDetail): string {
  const txn = detail.transaction;
  const isBuyer = txn.my_role === 'buyer';
  const withdrawal = pendingWithdrawal(detail);
  if (withdrawal && (txn.status === 'installment' || txn.status === 'funded')) {
    return isBuyer
      ? 'Your withdrawal request is waiting for the seller to accept or decline.'
      : `The buyer asked to withdraw from this plan. ${withdrawal.description}. Accept to refund them, or decline and the mediation team reviews it.`;
  }
  switch (txn.status) {
    case 'pending':
      return isBuyer
        ? 'Pay into escrow to start. The seller is told as soon as the money is held.'
        : 'Waiting for the buyer to pay into escrow.';
    case 'installment':
      return isBuyer
        ? 'Keep paying your installments. The seller dispatches once the item is fully paid.'
        : 'The buyer is paying in installments. You dispatch once the item is fully paid.';
    case 'funded':
      return isBuyer
        ? 'Your money is held safely in escrow. Waiting for the seller to dispatch.'
        : "The buyer's money is held in escrow. Send the item, then mark it as dispatched.";
    case 'dispatched':
      return isBuyer
        ? 'The item is on its way. Once you have it and it is as described, confirm delivery to release the payment.'
        : 'Waiting for the buyer to confirm delivery. The payment is released automatically when the inspection period ends.';
    case 'completed':
      return isBuyer ? 'Completed: the payment was released to the seller.' : 'Completed: the payment was released to you by M-Pesa.';
    case 'cancelled':
      return 'This transaction was cancelled before anything was paid.';
    case 'disputed':
      return 'In dispute: the money is frozen until our mediation team rules.';
    case 'refunded':
      return `Refunded: ${formatKes(cents(txn.quote.refunded))} sent back to the buyer's M-Pesa.`;
    default:
      return '';
  }
}

function MoneySummary({ detail }: { detail: TransactionDetail }) {
  const txn = detail.transaction;
  const isInstallment = txn.transaction_type === 'lipa_mdogo_mdogo';
  const rows: [string, string][] = [
    [isInstallment ? 'Total cost' : 'Price', formatKes(cents(txn.amount))],
    ...(isInstallment && txn.initial_payment ? ([['Initial payment', formatKes(cents(txn.initial_payment))]] as [string, string][]) : []),
    ['Paid into escrow', formatKes(cents(txn.amount_paid))],
    ...(cents(txn.quote.owed) > 0n ? ([['Still to pay', formatKes(cents(txn.quote.owed))]] as [string, string][]) : []),
    ...(cents(txn.quote.refunded) > 0n ? ([['Refunded', formatKes(cents(txn.quote.refunded))]] as [string, string][]) : []),
    [
      'Payments',
      `${detail.payment_status.successful_payments} successful${detail.payment_status.failed_payments ? `, ${detail.payment_status.failed_payments} failed` : ''}`,
    ],
  ];
  return (
    <Card.Root size="sm" as="section" aria-labelledby="money-heading">
      <Card.Header>
        <Card.Title as="h2" id="money-heading" fontSize="md">
          Payment status
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="md" data-testid="money-summary">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="medium" justifyContent="flex-end">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function ChargesCard({ detail }: { detail: TransactionDetail }) {
  const { charges, transaction } = detail;
  return (
    <Card.Root size="sm" as="section" aria-labelledby="charges-heading">
      <Card.Header>
        <Card.Title as="h2" id="charges-heading" fontSize="md">
          Charges
        </Card.Title>
        <Card.Description>The escrow fee is split 50/50 between buyer and seller.</Card.Description>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="md">
          <DataList.Item>
            <DataList.ItemLabel>Buyer's share{transaction.my_role === 'buyer' ? ' (you)' : ''}</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="flex-end">{formatKes(cents(charges.buyer_charge))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Seller's share{transaction.my_role === 'seller' ? ' (you)' : ''}</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="flex-end">{formatKes(cents(charges.seller_charge))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Total fee</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="flex-end" fontWeight="medium">
              {formatKes(cents(charges.total_service_charge))}
            </DataList.ItemValue>
          </DataList.Item>
          {transaction.my_role === 'seller' ? (
            <DataList.Item>
              <DataList.ItemLabel>You receive</DataList.ItemLabel>
              <DataList.ItemValue justifyContent="flex-end" fontWeight="medium">
                {formatKes(cents(transaction.amount) - cents(charges.seller_charge))}
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function PartiesCard({ detail }: { detail: TransactionDetail }) {
  const role = detail.transaction.my_role;
  const parties = [
    { label: 'Buyer', party: detail.buyer, isMe: role === 'buyer' },
    { label: 'Seller', party: detail.seller, isMe: role === 'seller' },
  ];
  return (
    <Card.Root size="sm" as="section" aria-labelledby="parties-heading">
      <Card.Header>
        <Card.Title as="h2" id="parties-heading" fontSize="md">
          Parties
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="md">
          {parties.map(({ label, party, isMe }) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue flexDirection="column" alignItems="flex-end">
                <Text>
                  {party.display_name}
                  {isMe ? ' (you)' : ''}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatPhone(party.phone_number)}
                </Text>
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function DetailView({
  detail,
  flash,
  onFlash,
}: {
  detail: TransactionDetail;
  flash: string | null;
  onFlash: (message: string | null) => void;
}) {
  const txn = detail.transaction;
  const [paymentId, trackPayment] = useTrackedPayment(txn.id);
  const canPay = txn.allowed_actions.includes('pay');
  const showDispute = !!detail.dispute;

  return (
    <Stack gap="5">
      <Box>
        <ChakraLink asChild fontSize="sm" color="fg.muted">
          <Link to="/dashboard/transactions">
            <ArrowLeft size={14} aria-hidden /> All transactions
          </Link>
        </ChakraLink>
      </Box>
      <PageHeader
        title={txn.product_name}
        description={
          <HStack as="span" gap="2" flexWrap="wrap">
            <Text as="span" fontFamily="mono" data-testid="reference-number">
              {txn.reference_number}
            </Text>
            <span aria-hidden>·</span>
            <span>{typeLabel(txn.transaction_type)}</span>
            <span aria-hidden>·</span>
            <span>You are the {txn.my_role}</span>
            <span aria-hidden>·</span>
            <span title={formatDateTime(txn.created_at)}>Created {formatRelativeTime(txn.created_at).replace('Just now', 'just now')}</span>
          </HStack>
        }
        actions={
          <Stack align={{ base: 'flex-start', sm: 'flex-end' }} gap="1">
            <Text fontSize="2xl" fontWeight="bold" lineHeight="1">
              {formatKes(cents(txn.amount))}
            </Text>
            <StatusBadge status={txn.status} size="md" data-testid="transaction-status" />
          </Stack>
        }
      />

      {flash ? (
        <Alert.Root status="success" role="status" data-testid="flash">
          <Alert.Indicator />
          <Alert.Title flex="1">{flash}</Alert.Title>
          <CloseButton size="xs" aria-label="Dismiss message" onClick={() => onFlash(null)} />
        </Alert.Root>
      ) : null}

      <Card.Root size="sm" as="section" aria-labelledby="next-step-heading">
        <Card.Body gap="3">
          <Text as="h2" id="next-step-heading" fontWeight="semibold">
            What happens next
          </Text>
          <Text color="fg.muted" data-testid="guidance">
            {guidance(detail)}
          </Text>
          <TransactionActions detail={detail} onDone={(message) => onFlash(message)} />
        </Card.Body>
      </Card.Root>

      {canPay || paymentId ? <PayPanel detail={detail} canPay={canPay} paymentId={paymentId} onTrack={trackPayment} /> : null}

      {showDispute ? <DisputePanel detail={detail} /> : null}

      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
        <MoneySummary detail={detail} />
        <ChargesCard detail={detail} />
        <PartiesCard detail={detail} />
      </Grid>

      {detail.installments && detail.installments.length > 0 ? (
        <InstallmentSchedule installments={detail.installments} transaction={txn} />
      ) : null}

      <TransactionTimeline timeline={detail.timeline} />
    </Stack>
  );
}

export default function TransactionDetailScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useTransaction(id);
  const initialFlash = (location.state as { flash?: string } | null)?.flash ?? null;
  const [flash, setFlash] = useState<string | null>(initialFlash);

  // The creation message is shown once: a reload or a return visit should not repeat it.
  useEffect(() => {
    if (initialFlash) navigate(location.pathname, { replace: true, state: null });
  }, [initialFlash, location.pathname, navigate]);

  if (query.isPending) return <LoadingState label="Loading the transaction…" />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="4">
        <PageHeader title={isMissing ? 'Transaction not found' : 'Transaction'} />
        {isMissing ? (
          <Text color="fg.muted">This transaction does not exist, or you are not one of its parties.</Text>
        ) : (
          <ErrorState title="Failed to load transaction details" error={query.error} onRetry={() => void query.refetch()} />
        )}
        <Box>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard/transactions">Back to your transactions</Link>
          </Button>
        </Box>
      </Stack>
    );
  }
  return <DetailView detail={query.data} flash={flash} onFlash={setFlash} />;
}
