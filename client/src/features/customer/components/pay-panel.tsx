/**
 * Paying into escrow with mobile money: choose the paying phone and its rail (M-Pesa or Airtel Money,
 * preselected from the phone's network; and, for Lipa Mdogo Mdogo, the next installment, the whole
 * balance or another amount), send the payment prompt, then watch the payment live
 * (GET /api/payments/{id}/status every 1.5 s) until the rail answers.
 */
import { Alert, Button, Card, Field, HStack, Input, InputGroup, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatKes, formatCents } from '@escrow/core/domain/money';
import { normalizePhone } from '@escrow/core/domain/phone';
import { DEFAULT_RAIL, RAIL_CHOICES, RAIL_DISPLAY_NAMES, railForPhone, type RailChoice } from '@escrow/core/domain/rail-choice';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/i18n';
import { formatPhone } from '@/lib/format';
import { useInitiatePayment, usePaymentStatus, type Payment } from '../api/payments';
import type { TransactionDetail } from '../api/transactions';
import { cents, customAmountMinimum, nextInstallment } from '../money';
import { typedCents } from '@/components/transaction-form/transaction-form-rules';
import { coverageText } from '@/components/transaction-form/coverage';
import { errorMessage, fieldErrorOf, moneyRequestError } from './query-state';
import { FormStack } from './form-stack';

type AmountChoice = 'next' | 'full' | 'custom';

/** Seconds left until `iso`, ticking every second; never below zero. */
function useSecondsUntil(iso: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return null;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function PaymentStatusView({
  paymentId,
  payment,
  phone,
  onDismiss,
  onRetry,
}: {
  paymentId: string;
  payment: Payment | undefined;
  phone: string;
  onDismiss: () => void;
  onRetry: (() => void) | null;
}) {
  const { t } = useT();
  const rail = RAIL_DISPLAY_NAMES[payment?.rail ?? DEFAULT_RAIL];
  // The honest wait: the server says by when it settles an unanswered prompt itself (its status query).
  const secondsLeft = useSecondsUntil(payment?.status === 'pending' ? payment.answer_by : undefined);
  // The outcome is put in view when it comes: the form coming back under it pushed a failure's title above
  // the screen of a phone that had scrolled down to the Pay button.
  const outcome = useRef<HTMLDivElement>(null);
  const settled = payment !== undefined && payment.status !== 'pending';
  useEffect(() => {
    if (settled) outcome.current?.scrollIntoView({ block: 'nearest' });
  }, [settled, paymentId]);
  if (!payment || payment.status === 'pending') {
    return (
      <Alert.Root
        status="info"
        role="status"
        aria-live="polite"
        data-testid="payment-status"
        data-state="pending"
        data-payment-id={paymentId}
      >
        <Spinner size="sm" color="blue.solid" alignSelf="center" />
        <Alert.Content>
          <Alert.Title>{t('customer.pay.waitingTitle', { rail })}</Alert.Title>
          <Alert.Description>
            {t('customer.pay.waitingText', {
              amount: payment ? formatKes(cents(payment.amount)) : '',
              phone: phone ? formatPhone(phone) : t('customer.pay.yourPhone'),
              rail,
            })}{' '}
            <span data-testid="payment-countdown" data-seconds={secondsLeft ?? ''}>
              {secondsLeft === null
                ? ''
                : secondsLeft > 0
                  ? t('customer.pay.countdown', { rail, left: minutesAndSeconds(secondsLeft) })
                  : t('customer.pay.checking', { rail })}
            </span>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (payment.status === 'completed') {
    return (
      <Alert.Root
        ref={outcome}
        status="success"
        role="status"
        aria-live="polite"
        data-testid="payment-status"
        data-state="completed"
        data-payment-id={paymentId}
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('customer.pay.receivedTitle', { amount: formatKes(cents(payment.amount)) })}</Alert.Title>
          <Alert.Description>
            {payment.mpesa_receipt ? t('customer.pay.receipt', { rail, receipt: payment.mpesa_receipt }) : ''}
            {t('customer.pay.held')}
          </Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="ghost" onClick={onDismiss} alignSelf="center">
          {t('customer.pay.dismiss')}
        </Button>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root
      ref={outcome}
      status="error"
      role="alert"
      data-testid="payment-status"
      data-state={payment.status}
      data-payment-id={paymentId}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(payment.status === 'cancelled' ? 'customer.pay.cancelledTitle' : 'customer.pay.failedTitle')}</Alert.Title>
        <Alert.Description>
          {/* The server's sentence for the rail's result, in the reader's language. */}
          <span data-testid="failure-reason">{payment.failure_reason ? `${payment.failure_reason.replace(/[.\s]+$/, '')}. ` : ''}</span>
          {t('customer.pay.noMoneyTaken')}
        </Alert.Description>
      </Alert.Content>
      <Stack alignSelf="center" gap="1">
        {onRetry ? (
          <Button size="xs" colorPalette="green" onClick={onRetry} data-testid="payment-retry">
            {t('customer.pay.retry')}
          </Button>
        ) : null}
        <Button size="xs" variant="ghost" onClick={onDismiss}>
          {t('customer.pay.dismiss')}
        </Button>
      </Stack>
    </Alert.Root>
  );
}

/**
 * What the buyer reads beside the pay button while their withdrawal request is open: the seller may still
 * accept it, or, past its respond-by, the mediation team reviews it (then only a ruling refunds).
 */
export function withdrawalPayWarning(request: TransactionDetail['withdrawal_request']) {
  if (!request) return null;
  return request.past_respond_by ? ('customer.pay.withdrawalLapsed' as const) : ('customer.pay.withdrawalWaiting' as const);
}

export function PayPanel({
  detail,
  canPay,
  paymentId,
  onTrack,
}: {
  detail: TransactionDetail;
  canPay: boolean;
  paymentId: string | null;
  onTrack: (paymentId: string | null) => void;
}) {
  const { user } = useAuth();
  const { t, language } = useT();
  // Paying stays allowed while the buyer's withdrawal request is open (docs/adr/0004-refund-and-dispute-policy.md).
  const withdrawalWarning = withdrawalPayWarning(detail.withdrawal_request);
  const txn = detail.transaction;
  const isInstallment = txn.transaction_type === 'lipa_mdogo_mdogo';
  const due = cents(txn.quote.owed);
  const nextAmount = txn.quote.next_payment === null ? due : cents(txn.quote.next_payment);
  const next = nextInstallment(detail.installments);
  const owedFee = cents(txn.quote.owed_fee);
  const minimumCustom = customAmountMinimum(txn);
  // The first payment also carries the buyer's fee share: named, so it is not read as the deposit alone.
  const isInitialWithFee = next?.sequence === 0 && owedFee > 0n;

  const [phone, setPhone] = useState(() => formatPhone(user?.phone_number ?? ''));
  const [choice, setChoice] = useState<AmountChoice>('next');
  const [customAmount, setCustomAmount] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; amount?: string; form?: string }>({});
  const [payingPhone, setPayingPhone] = useState<string>('');
  // null: follow the phone's network; the buyer may pick the other rail.
  const [pickedRail, setPickedRail] = useState<RailChoice | null>(null);
  const normalizedPhone = normalizePhone(phone);
  const rail = pickedRail ?? (normalizedPhone ? railForPhone(normalizedPhone) : DEFAULT_RAIL);
  const railName = RAIL_DISPLAY_NAMES[rail];
  const initiate = useInitiatePayment();
  const status = usePaymentStatus(paymentId, txn.id);
  const isWaiting = !!paymentId && !status.settled;

  const amountToPay = (): bigint | null => {
    if (!isInstallment || choice === 'next') return nextAmount;
    if (choice === 'full') return due;
    return typedCents(customAmount);
  };

  const chosen = amountToPay();
  const payLabel =
    chosen !== null && chosen > 0n && chosen % 100n === 0n
      ? t('customer.pay.payAmount', { amount: formatKes(chosen) })
      : t('customer.pay.payButton');

  /** Asks for a payment prompt with what the form holds (also "Try again" after a failed one). */
  const send = async () => {
    const nextErrors: typeof errors = {};
    const normalized = normalizePhone(phone);
    if (!normalized) nextErrors.phone = t('customer.pay.errPhone');
    const amount = amountToPay();
    if (isInstallment && choice === 'custom') {
      if (amount === null || amount <= 0n) nextErrors.amount = t('customer.pay.errAmount');
      else if (amount % 100n !== 0n) nextErrors.amount = t('customer.pay.errWhole', { rail: railName });
      else if (amount < minimumCustom || amount > due)
        nextErrors.amount = t('customer.pay.errRange', { min: formatKes(minimumCustom), max: formatKes(due) });
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0 || !normalized || amount === null) return;
    try {
      const payment = await initiate.mutateAsync({
        transaction_id: txn.id,
        phone_number: normalized,
        rail,
        ...(isInstallment && amount !== nextAmount ? { amount: formatCents(amount) } : {}),
      });
      setPayingPhone(normalized);
      onTrack(payment.id);
    } catch (error) {
      setErrors({
        phone: fieldErrorOf(error, 'phone_number', language),
        amount: fieldErrorOf(error, 'amount', language),
        // The prompt may be on the phone already; the server sends one at a time, so paying again is safe.
        form: moneyRequestError(
          error,
          {
            unanswered: t('customer.pay.errUnanswered', { phone: formatPhone(normalized), rail: railName }),
            refused: (detail) => detail,
            fallback: t('customer.pay.errSend'),
          },
          language,
        ),
      });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <Card.Root size={{ base: 'sm', md: 'md' }} borderColor="brand.solid" borderWidth="1px" data-testid="pay-panel">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="lg">
          {t('customer.pay.title', { rail: railName })}
        </Card.Title>
        {/* What is owed only while something is: a settled, finished deal shows no "You pay" line. */}
        {canPay ? (
          <Card.Description data-testid="pay-due">
            {isInstallment
              ? `${t('customer.pay.balance', { amount: formatKes(due) })}${
                  next
                    ? next.sequence === 0
                      ? t(isInitialWithFee ? 'customer.pay.nextInitialWithFee' : 'customer.pay.nextInitial', {
                          amount: formatKes(nextAmount),
                        })
                      : t('customer.pay.nextMonth', { month: next.sequence, amount: formatKes(nextAmount) })
                    : ''
                }`
              : t('customer.pay.youPay', { amount: formatKes(due) })}
          </Card.Description>
        ) : null}
        {canPay ? (
          <Text fontSize="sm" color="fg.muted" data-testid="coverage">
            {coverageText(t, language, txn.transaction_type, txn.inspection_window_hours)}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body gap="4">
        {paymentId ? (
          <PaymentStatusView
            paymentId={paymentId}
            payment={status.data}
            phone={payingPhone}
            onDismiss={() => onTrack(null)}
            onRetry={
              canPay
                ? () => {
                    onTrack(null);
                    void send();
                  }
                : null
            }
          />
        ) : null}
        {status.isError && !status.data ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errorMessage(status.error, t('customer.pay.errStatus'), language)}
          </Text>
        ) : null}
        {canPay && !isWaiting ? (
          <FormStack gap="4" onSubmit={submit} noValidate aria-label={t('customer.pay.title', { rail: railName })} maxW="md">
            {isInstallment ? (
              <RadioGroup.Root
                value={choice}
                onValueChange={(details) => setChoice((details.value as AmountChoice) ?? 'next')}
                colorPalette="teal"
              >
                <RadioGroup.Label fontWeight="medium" fontSize="sm">
                  {t('customer.pay.howMuch')}
                </RadioGroup.Label>
                <Stack gap="2" mt="2">
                  <RadioGroup.Item value="next">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {isInitialWithFee
                        ? t('customer.pay.initialPaymentWithFee', {
                            amount: formatKes(nextAmount),
                            part: formatKes(nextAmount - owedFee),
                            fee: formatKes(owedFee),
                          })
                        : t(next?.sequence === 0 ? 'customer.pay.initialPayment' : 'customer.pay.nextInstallment', {
                            amount: formatKes(nextAmount),
                          })}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                  {due > nextAmount ? (
                    <RadioGroup.Item value="full">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t('customer.pay.wholeBalance', { amount: formatKes(due) })}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ) : null}
                  <RadioGroup.Item value="custom">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t('customer.pay.another')}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </Stack>
              </RadioGroup.Root>
            ) : null}
            {isInstallment && choice === 'custom' ? (
              <Field.Root invalid={!!errors.amount} required>
                <Field.Label>{t('customer.pay.amountLabel')}</Field.Label>
                <InputGroup startAddon="KES">
                  <Input inputMode="numeric" value={customAmount} onChange={(event) => setCustomAmount(event.target.value)} autoFocus />
                </InputGroup>
                <Field.HelperText>{t('customer.pay.amountHelp', { min: formatKes(minimumCustom), max: formatKes(due) })}</Field.HelperText>
                <Field.ErrorText>{errors.amount}</Field.ErrorText>
              </Field.Root>
            ) : errors.amount ? (
              <Text color="fg.error" fontSize="sm">
                {errors.amount}
              </Text>
            ) : null}
            <RadioGroup.Root
              value={rail}
              onValueChange={(details) => setPickedRail((details.value as RailChoice | null) ?? null)}
              colorPalette="teal"
              data-testid="rail-choice"
            >
              <RadioGroup.Label fontWeight="medium" fontSize="sm">
                {t('customer.pay.payWith')}
              </RadioGroup.Label>
              <HStack gap="4" mt="2">
                {RAIL_CHOICES.map((choiceOfRail) => (
                  <RadioGroup.Item key={choiceOfRail} value={choiceOfRail}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{RAIL_DISPLAY_NAMES[choiceOfRail]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            <Field.Root invalid={!!errors.phone} required>
              <Field.Label>{t('customer.pay.phoneLabel', { rail: railName })}</Field.Label>
              <InputGroup startElement={<Smartphone size={16} aria-hidden />}>
                <Input type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
              </InputGroup>
              <Field.HelperText>{t('customer.pay.phoneHelp', { rail: railName })}</Field.HelperText>
              <Field.ErrorText>{errors.phone}</Field.ErrorText>
            </Field.Root>
            {errors.form ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{errors.form}</Alert.Title>
              </Alert.Root>
            ) : null}
            {withdrawalWarning ? (
              <Alert.Root status="warning" data-testid="withdrawal-pay-warning">
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">{t(withdrawalWarning)}</Alert.Title>
              </Alert.Root>
            ) : null}
            <HStack>
              <Button
                type="submit"
                colorPalette="green"
                loading={initiate.isPending}
                loadingText={t('customer.pay.sending')}
                w={{ base: 'full', sm: 'auto' }}
              >
                {payLabel}
              </Button>
            </HStack>
          </FormStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
