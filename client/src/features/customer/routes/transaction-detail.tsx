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
import { payoutProgress, refundProgress, type PayoutProgress } from '@escrow/core/domain/payout-progress';
import { RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
import { useT, type Language, type Translate } from '@/i18n';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatPhone } from '@/lib/format';
import { useRelativeTime } from '@/hooks/use-relative-time';
import { useTransaction, type TransactionDetail } from '../api/transactions';
import { PageHeader } from '../components/customer-layout';
import { DisputePanel } from '../components/dispute-panel';
import { InstallmentSchedule } from '../components/installment-schedule';
import { PayPanel } from '../components/pay-panel';
import { ReleaseCodePanel } from '../components/release-code-panel';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge, typeLabel } from '@/components/status-badge';
import { TransactionActions } from '../components/transaction-actions';
import { TransactionTimeline } from '../components/transaction-timeline';
import { useTrackedPayment } from '../hooks/use-tracked-payment';
import { cents, isAwaitingFirstPayment, sellerReceivesLine } from '../money';

/** The withdrawal request waiting for the seller, with its answer-by time, as the server reads it. */
function pendingWithdrawal(detail: TransactionDetail) {
  return detail.withdrawal_request ?? null;
}

const kes = (wire: string | null | undefined) => formatKes(cents(wire));

/**
 * Whether loading the page's transaction failed because there is no such transaction for this person: a
 * 404, or an id that is not a transaction id at all (a link cut short or mistyped), which the server refuses
 * as a malformed `id`. Either way trying again cannot help, so the page says it is not found.
 */
export function isMissingTransaction(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (error.status === 400 && error.errors?.id !== undefined);
}

/** The ending of an outcome text's key for where a payout or refund is: paid (none), on its way, or refused. */
function progressSuffix(progress: PayoutProgress): '' | 'Sending' | 'Failed' {
  return progress === 'failed' ? 'Failed' : progress === 'sending' ? 'Sending' : '';
}

/**
 * A sentence or two on where things stand, from the reader's side. A final state says what happened to the
 * money, with the server's quote figures only (the same ones the SMS use).
 */
export function guidance(detail: TransactionDetail, t: Translate, language: Language): string {
  const txn = detail.transaction;
  const isBuyer = txn.my_role === 'buyer';
  const quote = txn.quote;
  const withdrawal = pendingWithdrawal(detail);
  if (withdrawal && (txn.status === 'installment' || txn.status === 'funded')) {
    // By when the seller must answer: unanswered, the request goes to the mediation team as a decline would.
    const date = formatDateTime(withdrawal.respond_by, language);
    // Past it the server refuses an answer and offers none: the request is the mediation team's (the lapse sweep).
    if (withdrawal.past_respond_by)
      return t(isBuyer ? 'customer.guidance.withdrawalPastBuyer' : 'customer.guidance.withdrawalPastSeller', { date });
    if (isBuyer) return t('customer.guidance.withdrawalBuyer', { date });
    // The buyer's words once, quoted as typed.
    const reason = withdrawal.reason.trim();
    return reason ? t('customer.guidance.withdrawalSellerReason', { reason, date }) : t('customer.guidance.withdrawalSeller', { date });
  }
  const figures = {
    paidOut: kes(quote.seller_paid_out),
    released: kes(quote.released_to_seller),
    refunded: kes(quote.refunded),
    fee: kes(quote.seller_fee_charged),
  };
  // Where the refund to the buyer is, as a split ruling and a cancellation after payment tell it: "was
  // refunded" only once the rail has paid it (the timeline says), as the refunded case's own sentences.
  const refundSentence = () =>
    t(`customer.outcome.${isBuyer ? 'refundToYou' : 'refundToBuyer'}${progressSuffix(refundProgress(detail.timeline))}`, figures);
  switch (txn.status) {
    case 'pending':
      return t(isBuyer ? 'customer.guidance.pendingBuyer' : 'customer.guidance.pendingSeller');
    case 'installment':
      return t(isBuyer ? 'customer.guidance.installmentBuyer' : 'customer.guidance.installmentSeller');
    case 'funded':
      return t(isBuyer ? 'customer.guidance.fundedBuyer' : 'customer.guidance.fundedSeller');
    case 'dispatched':
      return t(isBuyer ? 'customer.guidance.dispatchedBuyer' : 'customer.guidance.dispatchedSeller');
    case 'completed': {
      // Completed means released, not yet paid: until the rail confirms the payout, "was paid" would be
      // false, and a payout the rail refused stays unpaid until the mediation team acts (alerts page).
      const state = progressSuffix(payoutProgress(detail.seller_payout?.status));
      // A split ruling released less than the price; a refund of money paid twice (an overpayment) did not.
      const isSplit = cents(quote.released_to_seller) < cents(detail.transaction.amount);
      // A split is two sentences, each with its own money's state: the seller's payout and the buyer's refund.
      if (isBuyer) {
        if (isSplit)
          return `${refundSentence()} ${t(state ? 'customer.outcome.splitBuyerReleased' : 'customer.outcome.splitBuyer', figures)}`;
        return t(state ? 'customer.outcome.completedBuyerReleased' : 'customer.outcome.completedBuyer', figures);
      }
      if (isSplit) return `${t(`customer.outcome.splitSeller${state}`, figures)} ${refundSentence()}`;
      return t(`customer.outcome.completedSeller${state}`, figures);
    }
    case 'cancelled':
      return cents(quote.refunded) > 0n
        ? `${t('customer.outcome.cancelledAfterPayment')} ${refundSentence()}`
        : t('customer.guidance.cancelled');
    case 'disputed':
      // A refund ruling on a dispatched item: the money waits for the item, not for the mediators.
      if (detail.dispute?.status === 'awaiting_return')
        return t(isBuyer ? 'customer.guidance.returnBuyer' : 'customer.guidance.returnSeller');
      return t('customer.guidance.disputed');
    case 'refunded': {
      // As a completed sale's payout: "was sent back" only once the rail has paid the refund (the timeline says).
      const state = progressSuffix(refundProgress(detail.timeline));
      return t(`customer.outcome.${isBuyer ? 'refundedBuyer' : 'refundedSeller'}${state}`, figures);
    }
    default:
      return '';
  }
}

/** Label and value rows; figures (`isFigures`) stay on one line, so a long label wraps rather than "KES" and its amount. */
function Rows({ rows, testId, isFigures = false }: { rows: [string, string, string?][]; testId?: string; isFigures?: boolean }) {
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid={testId}>
      {rows.map(([label, value, id]) => (
        <DataList.Item key={label} data-testid={id}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="medium" justifyContent="flex-end" textAlign="end" whiteSpace={isFigures ? 'nowrap' : undefined}>
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** Every figure here is the server's quote; a row shows only when it says something. */
function MoneySummary({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  const txn = detail.transaction;
  const quote = txn.quote;
  const isInstallment = txn.transaction_type === 'lipa_mdogo_mdogo';
  const ifAny = (wire: string, label: string, id: string): [string, string, string][] => (cents(wire) > 0n ? [[label, kes(wire), id]] : []);
  const { successful_payments: ok, failed_payments: failed } = detail.payment_status;
  const rows: [string, string, string?][] = [
    [t(isInstallment ? 'customer.money.totalCost' : 'customer.money.price'), kes(txn.amount)],
    ...(isInstallment && txn.initial_payment
      ? ([[t('customer.money.initialPayment'), kes(txn.initial_payment)]] as [string, string][])
      : []),
    [t('customer.money.paidIn'), kes(quote.paid_in), 'money-paid-in'],
    ...ifAny(quote.held, t('customer.money.held'), 'money-held'),
    ...ifAny(quote.owed, t('customer.money.owed'), 'money-owed'),
    ...ifAny(quote.refunded, t('customer.money.refunded'), 'money-refunded'),
    ...ifAny(quote.released_to_seller, t('customer.money.released'), 'money-released'),
    ...ifAny(quote.seller_paid_out, t('customer.money.paidOut'), 'money-paid-out'),
    [t('customer.money.payments'), failed ? t('customer.money.paymentsFailed', { ok, failed }) : t('customer.money.paymentsCount', { ok })],
  ];
  return (
    <Card.Root size="sm" as="section" aria-labelledby="money-heading">
      <Card.Header>
        <Card.Title as="h2" id="money-heading" fontSize="md">
          {t('customer.money.heading')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Rows rows={rows} testId="money-summary" isFigures />
      </Card.Body>
    </Card.Root>
  );
}

function ChargesCard({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  const { charges, transaction } = detail;
  const you = t('customer.charges.you');
  const sellerLine = sellerReceivesLine(detail);
  const rows: [string, string, string?][] = [
    [`${t('customer.charges.buyerShare')}${transaction.my_role === 'buyer' ? you : ''}`, kes(charges.buyer_charge)],
    [`${t('customer.charges.sellerShare')}${transaction.my_role === 'seller' ? you : ''}`, kes(charges.seller_charge)],
    [t('customer.charges.total'), kes(charges.total_service_charge)],
    // What a release would pay the seller: not once it is paid (the payout card says what was) or can no
    // longer happen; in a dispute, what a ruling for them pays (sellerReceivesLine).
    ...(sellerLine
      ? ([[t(`customer.charges.${sellerLine.label}`), formatKes(sellerLine.amount), 'seller-receives']] as [string, string, string][])
      : []),
  ];
  return (
    <Card.Root size="sm" as="section" aria-labelledby="charges-heading">
      <Card.Header>
        <Card.Title as="h2" id="charges-heading" fontSize="md">
          {t('customer.charges.heading')}
        </Card.Title>
        <Card.Description>{t('customer.charges.split')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Rows rows={rows} isFigures />
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The seller payout card's rows: what was paid, the fee taken and the receipt, named by the rail that paid
 * it (an Airtel Money payout's id is no M-Pesa receipt).
 */
export function sellerPayoutRows(detail: TransactionDetail, t: Translate): [string, string, string?][] {
  const payout = detail.seller_payout;
  const quote = detail.transaction.quote;
  if (!payout) return [];
  return [
    [t('customer.payout.amount'), kes(quote.seller_paid_out), 'payout-amount'],
    [t('customer.payout.fee'), kes(quote.seller_fee_charged), 'payout-fee'],
    [t('customer.payout.status'), t(`customer.payout.${payout.status}`), 'payout-status'],
    ...(payout.receipt
      ? ([[t('customer.payout.receipt', { rail: RAIL_DISPLAY_NAMES[payout.rail] }), payout.receipt, 'payout-receipt']] as [
          string,
          string,
          string,
        ][])
      : []),
  ];
}

/** The seller's money once released: what was paid, the fee taken and the rail's receipt. */
function SellerPayoutCard({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  if (!detail.seller_payout) return null;
  const rows = sellerPayoutRows(detail, t);
  return (
    <Card.Root size="sm" as="section" aria-labelledby="payout-heading" borderColor="green.muted" data-testid="seller-payout">
      <Card.Header>
        <Card.Title as="h2" id="payout-heading" fontSize="md">
          {t('customer.payout.heading')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Rows rows={rows} isFigures />
      </Card.Body>
    </Card.Root>
  );
}

/** How the item travels, as the seller said at dispatch; shown to both parties. */
function DeliveryCard({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  const details = detail.transaction.dispatch_details;
  if (!details || (!details.courier && !details.tracking_number && !details.note)) return null;
  const rows: [string, string, string?][] = [
    ...(details.courier ? ([[t('customer.dispatch.courier'), details.courier, 'delivery-courier']] as [string, string, string][]) : []),
    ...(details.tracking_number
      ? ([[t('customer.dispatch.tracking'), details.tracking_number, 'delivery-tracking']] as [string, string, string][])
      : []),
    ...(details.note ? ([[t('customer.dispatch.note'), details.note, 'delivery-note']] as [string, string, string][]) : []),
  ];
  return (
    <Card.Root size="sm" as="section" aria-labelledby="delivery-heading" data-testid="delivery">
      <Card.Header>
        <Card.Title as="h2" id="delivery-heading" fontSize="md">
          {t('customer.dispatch.heading')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Rows rows={rows} />
      </Card.Body>
    </Card.Root>
  );
}

function PartiesCard({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  const role = detail.transaction.my_role;
  const parties = [
    { label: t('customer.parties.buyer'), party: detail.buyer, isMe: role === 'buyer' },
    { label: t('customer.parties.seller'), party: detail.seller, isMe: role === 'seller' },
  ];
  return (
    <Card.Root size="sm" as="section" aria-labelledby="parties-heading">
      <Card.Header>
        <Card.Title as="h2" id="parties-heading" fontSize="md">
          {t('customer.parties.heading')}
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
                  {isMe ? t('customer.charges.you') : ''}
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

const FINAL_STATUSES = ['completed', 'cancelled', 'refunded'];

function DetailView({
  detail,
  flash,
  onFlash,
}: {
  detail: TransactionDetail;
  flash: Flash | null;
  onFlash: (flash: Flash | null) => void;
}) {
  const { t, language } = useT();
  const when = useRelativeTime();
  const txn = detail.transaction;
  const [paymentId, trackPayment] = useTrackedPayment(txn.id);
  const canPay = txn.allowed_actions.includes('pay');
  const showDispute = !!detail.dispute;
  const isFinal = FINAL_STATUSES.includes(txn.status);

  // A finished deal has nothing left to pay: forget the payment being watched.
  useEffect(() => {
    if (isFinal && paymentId) trackPayment(null);
  }, [isFinal, paymentId, trackPayment]);
  // A message is about the moment it was shown: "created, now pay" only until the first payment succeeds
  // (a plan stays payable after its deposit), an action's confirmation only until the transaction moves
  // on (the other party, a payment, a job).
  const visibleFlash =
    flash && (flash.kind === 'created' ? isAwaitingFirstPayment(detail) : flash.status === undefined || flash.status === txn.status)
      ? flash
      : null;

  return (
    <Stack gap="5">
      <Box>
        <ChakraLink asChild fontSize="sm" color="fg.muted">
          <Link to="/dashboard/transactions">
            <ArrowLeft size={14} aria-hidden /> {t('customer.detail.allTransactions')}
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
            <span data-testid="transaction-type">{typeLabel(t, txn.transaction_type)}</span>
            <span aria-hidden>·</span>
            <span>{t('customer.detail.youAre', { role: t(`customer.role.${txn.my_role}`) })}</span>
            <span aria-hidden>·</span>
            <span title={formatDateTime(txn.created_at, language)}>
              {t('customer.detail.created', { when: when(txn.created_at, { inSentence: true }) })}
            </span>
          </HStack>
        }
        actions={
          <Stack align={{ base: 'flex-start', sm: 'flex-end' }} gap="1">
            <Text fontSize="2xl" fontWeight="bold" lineHeight="1">
              {kes(txn.amount)}
            </Text>
            <StatusBadge status={txn.status} size="md" data-testid="transaction-status" />
          </Stack>
        }
      />

      {visibleFlash ? (
        <Alert.Root status="success" role="status" data-testid="flash">
          <Alert.Indicator />
          <Alert.Title flex="1">{visibleFlash.message}</Alert.Title>
          {visibleFlash.kind === 'created' ? (
            <Button
              size="xs"
              colorPalette="green"
              onClick={() => {
                const panel = document.querySelector<HTMLElement>('[data-testid="pay-panel"]');
                panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                panel?.querySelector<HTMLElement>('input[type="tel"]')?.focus({ preventScroll: true });
              }}
            >
              {t('customer.form.payNow')}
            </Button>
          ) : null}
          <CloseButton size="xs" aria-label={t('customer.detail.dismiss')} onClick={() => onFlash(null)} />
        </Alert.Root>
      ) : null}

      <Card.Root size="sm" as="section" aria-labelledby="next-step-heading">
        <Card.Body gap="3">
          <Text as="h2" id="next-step-heading" fontWeight="semibold">
            {t('customer.detail.nextHeading')}
          </Text>
          <Text color="fg.muted" data-testid="guidance" aria-live="polite">
            {guidance(detail, t, language)}
          </Text>
          {txn.status === 'dispatched' && txn.inspection_ends_at && txn.my_role === 'seller' ? (
            <Text fontSize="sm" color="fg.muted" data-testid="auto-release">
              {t('customer.payout.autoRelease', { date: formatDateTime(txn.inspection_ends_at, language) })}
            </Text>
          ) : null}
          <TransactionActions detail={detail} onDone={(message, status) => onFlash({ kind: 'action', message, status })} />
        </Card.Body>
      </Card.Root>

      <ReleaseCodePanel detail={detail} />

      {canPay || (paymentId && !isFinal) ? <PayPanel detail={detail} canPay={canPay} paymentId={paymentId} onTrack={trackPayment} /> : null}

      {showDispute ? <DisputePanel detail={detail} /> : null}

      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
        {txn.my_role === 'seller' ? <SellerPayoutCard detail={detail} /> : null}
        <DeliveryCard detail={detail} />
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

/** A message shown once at the top: after creating (only while paying is next) or after an action. */
interface Flash {
  kind: 'created' | 'action';
  message: string;
  /** The status the action left the transaction in. */
  status?: string;
}

export default function TransactionDetailScreen() {
  const { t } = useT();
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useTransaction(id);
  const state = location.state as { flash?: string; created?: boolean } | null;
  const initialFlash: Flash | null = state?.created
    ? { kind: 'created', message: t('customer.detail.createdFlash') }
    : state?.flash
      ? { kind: 'action', message: state.flash }
      : null;
  const [flash, setFlash] = useState<Flash | null>(initialFlash);

  // The creation message is shown once: a reload or a return visit should not repeat it.
  useEffect(() => {
    if (state?.flash || state?.created) navigate(location.pathname, { replace: true, state: null });
  }, [state, location.pathname, navigate]);

  if (query.isPending) return <LoadingState label={t('customer.detail.loading')} />;
  if (query.isError && !query.data) {
    const isMissing = isMissingTransaction(query.error);
    return (
      <Stack gap="4">
        <PageHeader title={t(isMissing ? 'customer.detail.notFound' : 'customer.detail.title')} />
        {isMissing ? (
          <Text color="fg.muted">{t('customer.detail.notFoundText')}</Text>
        ) : (
          <ErrorState title={t('customer.detail.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        )}
        <Box>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard/transactions">{t('customer.detail.back')}</Link>
          </Button>
        </Box>
      </Stack>
    );
  }
  return query.data ? <DetailView detail={query.data} flash={flash} onFlash={setFlash} /> : null;
}
