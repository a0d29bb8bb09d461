/**
 * Paying into escrow with mobile money: choose the paying phone and its rail (M-Pesa or Airtel Money,
 * preselected from the phone's network; and, for Lipa Mdogo Mdogo, the next installment, the whole
 * balance or another amount), send the payment prompt, then watch the payment live
 * (GET /api/payments/{id}/status every 1.5 s) until the rail answers.
 */
import { Alert, Button, Card, Field, HStack, Input, InputGroup, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatKes, formatCents } from '@escrow/core/domain/money';
import { normalizePhone } from '@escrow/core/domain/phone';
import { RAIL_CHOICES, RAIL_DISPLAY_NAMES, railForPhone, type RailChoice } from '@escrow/core/domain/rail-choice';
import { useAuth } from '@/hooks/use-auth';
import { formatPhone } from '@/lib/format';
import { ApiError } from '@/lib/api';
import { usePaymentPromptMinutes } from '@/lib/public-config';
import { useInitiatePayment, usePaymentStatus, type Payment } from '../api/payments';
import type { TransactionDetail } from '../api/transactions';
import { cents, nextInstallment } from '../money';
import { typedCents } from '../new-transaction-rules';
import { errorMessage } from './query-state';
import { FormStack } from './form-stack';

type AmountChoice = 'next' | 'full' | 'custom';

function PaymentStatusView({
  paymentId,
  payment,
  phone,
  onDismiss,
}: {
  paymentId: string;
  payment: Payment | undefined;
  phone: string;
  onDismiss: () => void;
}) {
  const railName = RAIL_DISPLAY_NAMES[payment?.rail ?? 'mpesa'];
  const promptMinutes = usePaymentPromptMinutes();
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
          <Alert.Title>Waiting for {railName}…</Alert.Title>
          <Alert.Description>
            We sent a payment request{payment ? ` of ${formatKes(cents(payment.amount))}` : ''} to{' '}
            {phone ? formatPhone(phone) : 'your phone'}. Enter your {railName} PIN on that phone to pay. This updates by itself. No prompt?
            Check the phone is on; if the request is not answered, this page says so within about {promptMinutes} minutes and you can try
            again.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (payment.status === 'completed') {
    return (
      <Alert.Root
        status="success"
        role="status"
        aria-live="polite"
        data-testid="payment-status"
        data-state="completed"
        data-payment-id={paymentId}
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Payment received: {formatKes(cents(payment.amount))}</Alert.Title>
          <Alert.Description>
            {payment.mpesa_receipt ? `${railName} receipt ${payment.mpesa_receipt}. ` : ''}The money is held safely in escrow.
          </Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="ghost" onClick={onDismiss} alignSelf="center">
          Dismiss
        </Button>
      </Alert.Root>
    );
  }
  const title = payment.status === 'cancelled' ? 'Payment cancelled' : 'Payment failed';
  return (
    <Alert.Root status="error" role="alert" data-testid="payment-status" data-state={payment.status} data-payment-id={paymentId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {payment.failure_reason ? `${payment.failure_reason.replace(/[.\s]+$/, '')}. ` : ''}No money was taken. Check the phone number and
          your {railName} balance, then try again.
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="ghost" onClick={onDismiss} alignSelf="center">
        Dismiss
      </Button>
    </Alert.Root>
  );
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
  const txn = detail.transaction;
  const isInstallment = txn.transaction_type === 'lipa_mdogo_mdogo';
  const due = cents(txn.quote.owed);
  const nextAmount = txn.quote.next_payment === null ? due : cents(txn.quote.next_payment);
  const next = nextInstallment(detail.installments);
  const minimumCustom = cents(txn.quote.owed_fee) + 100n;

  const [phone, setPhone] = useState(() => formatPhone(user?.phone_number ?? ''));
  const [choice, setChoice] = useState<AmountChoice>('next');
  const [customAmount, setCustomAmount] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; amount?: string; form?: string }>({});
  const [payingPhone, setPayingPhone] = useState<string>('');
  // null: follow the phone's network; the buyer may pick the other rail.
  const [pickedRail, setPickedRail] = useState<RailChoice | null>(null);
  const normalizedPhone = normalizePhone(phone);
  const rail = pickedRail ?? (normalizedPhone ? railForPhone(normalizedPhone) : 'mpesa');
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
  const payLabel = chosen !== null && chosen > 0n && chosen % 100n === 0n ? `Pay ${formatKes(chosen)}` : 'Pay';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: typeof errors = {};
    const normalized = normalizePhone(phone);
    if (!normalized) nextErrors.phone = 'Enter a Kenyan mobile number such as 0712 345 678';
    const amount = amountToPay();
    if (isInstallment && choice === 'custom') {
      if (amount === null || amount <= 0n) nextErrors.amount = 'Enter an amount in shillings';
      else if (amount % 100n !== 0n) nextErrors.amount = `${railName} amounts are whole shillings`;
      else if (amount < minimumCustom || amount > due)
        nextErrors.amount = `Enter between ${formatKes(minimumCustom)} and ${formatKes(due)}`;
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
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      setErrors({
        phone: fieldErrors?.phone_number?.[0],
        amount: fieldErrors?.amount?.[0],
        form: errorMessage(error, 'The payment request could not be sent. Please try again.'),
      });
    }
  };

  return (
    <Card.Root size={{ base: 'sm', md: 'md' }} borderColor="brand.solid" borderWidth="1px" data-testid="pay-panel">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="lg">
          Pay with {railName}
        </Card.Title>
        <Card.Description>
          {isInstallment
            ? `Balance ${formatKes(due)}${next ? ` · next: ${next.sequence === 0 ? 'initial payment' : `month ${next.sequence}`}, ${formatKes(nextAmount)}` : ''}`
            : `You pay ${formatKes(due)} (price plus your half of the fee) into escrow.`}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {paymentId ? (
          <PaymentStatusView paymentId={paymentId} payment={status.data} phone={payingPhone} onDismiss={() => onTrack(null)} />
        ) : null}
        {status.isError && !status.data ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errorMessage(status.error, 'Could not check the payment status. Retrying…')}
          </Text>
        ) : null}
        {canPay && !isWaiting ? (
          <FormStack gap="4" onSubmit={submit} noValidate aria-label={`Pay with ${railName}`} maxW="md">
            {isInstallment ? (
              <RadioGroup.Root
                value={choice}
                onValueChange={(details) => setChoice((details.value as AmountChoice) ?? 'next')}
                colorPalette="teal"
              >
                <RadioGroup.Label fontWeight="medium" fontSize="sm">
                  How much to pay now
                </RadioGroup.Label>
                <Stack gap="2" mt="2">
                  <RadioGroup.Item value="next">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {next?.sequence === 0 ? 'Initial payment' : 'Next installment'}: {formatKes(nextAmount)}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                  {due > nextAmount ? (
                    <RadioGroup.Item value="full">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>The whole balance: {formatKes(due)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ) : null}
                  <RadioGroup.Item value="custom">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>Another amount</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </Stack>
              </RadioGroup.Root>
            ) : null}
            {isInstallment && choice === 'custom' ? (
              <Field.Root invalid={!!errors.amount} required>
                <Field.Label>Amount (KES)</Field.Label>
                <InputGroup startAddon="KES">
                  <Input inputMode="numeric" value={customAmount} onChange={(event) => setCustomAmount(event.target.value)} autoFocus />
                </InputGroup>
                <Field.HelperText>
                  Between {formatKes(minimumCustom)} and {formatKes(due)}. It is applied to your installments in order.
                </Field.HelperText>
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
                Pay with
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
              <Field.Label>{railName} phone number</Field.Label>
              <InputGroup startElement={<Smartphone size={16} aria-hidden />}>
                <Input type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
              </InputGroup>
              <Field.HelperText>The phone that gets the {railName} prompt. It can be someone else paying for you.</Field.HelperText>
              <Field.ErrorText>{errors.phone}</Field.ErrorText>
            </Field.Root>
            {errors.form ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{errors.form}</Alert.Title>
              </Alert.Root>
            ) : null}
            <HStack>
              <Button
                type="submit"
                colorPalette="green"
                loading={initiate.isPending}
                loadingText="Sending request…"
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
