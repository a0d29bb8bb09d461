/**
 * /pay/:code — a seller's payment link as a buyer opens it from WhatsApp, Instagram or Facebook: the
 * product, the seller's verified name (never their phone), the fee and, for Lipa Mdogo Mdogo, the plan.
 * A visitor without an account signs up here with phone + SMS code and stays on this page; then one
 * button checks out and sends the M-Pesa prompt, and the page follows the payment until the release
 * code is shown (docs/product-rules.md "Payment links").
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Field,
  HStack,
  Input,
  InputGroup,
  Link as ChakraLink,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import type { publicPaymentLinkWire, releaseCodeWire } from '@escrow/core/contract/payment-links';
import type { paymentWire, TransactionWire } from '@escrow/core/contract/transactions';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { railNameForPhone } from '@escrow/core/domain/rail-choice';
import { authApi } from '@/features/auth/api/auth-api';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { setSession, useAuth } from '@/hooks/use-auth';
import { localizeMessage, pathInLanguage, useT, type Language } from '@/i18n';
import { localizeCustomerMessage } from '@/i18n/customer-messages';
import { api, ApiError, preloadIdempotencyKeys } from '@/lib/api';
import { formatPhone } from '@/lib/format';
import type { RegisterBody } from '@escrow/core/contract/auth';
import { authStorage, type StoredUser } from '@/lib/auth-storage';

type PublicLink = z.infer<typeof publicPaymentLinkWire>;
type ReleaseCode = z.infer<typeof releaseCodeWire>;
type Payment = z.infer<typeof paymentWire>;

const PAYMENT_POLL_MS = 1500;
const isSettled = (status: Payment['status'] | undefined) => status === 'completed' || status === 'failed' || status === 'cancelled';

/** The existing initiate; the prompt goes to the account's own phone, on its network's rail (the server's default). */
const initiatePayment = (transactionId: string) =>
  api<{ payment: Payment }>('/api/payments/initiate', {
    method: 'POST',
    body: { transaction_id: transactionId },
    idempotent: true,
  }).then((data) => data.payment);

const getPaymentStatus = (paymentId: string, signal?: AbortSignal) =>
  api<{ payment: Payment }>(`/api/payments/${encodeURIComponent(paymentId)}/status`, { signal }).then((data) => data.payment);

const kes = (wire: string) => formatKes(parseAmount(wire) ?? 0n);
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 500 && error.message ? error.message : fallback;

/**
 * Why a checkout or its payment prompt did not start, in the page's language: the server's refusals of a
 * purchase are the customer area's (sold out, the deposit's rules, too many prompts).
 */
export const checkoutError = (error: unknown, fallback: string, language: Language) =>
  localizeCustomerMessage(messageOf(error, fallback), language);

/** A checkout started from this link, in this browser tab, by this account. */
export interface StartedCheckout {
  userId: string;
  transaction: TransactionWire;
  /** Null until the payment prompt has answered: a reload then pays this transaction instead of making another. */
  paymentId: string | null;
}

const startedKey = (code: string) => `escrow.pay.${code}`;

const tabStorage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * Kept for the tab's life: a reload or Back in the middle of a payment comes back to following it. Without
 * it the page offered Pay again (a second transaction and a second prompt: the item bought twice), or, for
 * the last unit, said "sold out" to the buyer who had just bought it.
 */
export function rememberCheckout(storage: Pick<Storage, 'setItem'> | undefined, code: string, started: StartedCheckout): void {
  try {
    storage?.setItem(startedKey(code), JSON.stringify(started));
  } catch {
    // Not remembered: a reload then shows the link as for a new purchase, as before.
  }
}

/** The checkout `userId` started from link `code` in this tab, if any. */
export function rememberedCheckout(
  storage: Pick<Storage, 'getItem'> | undefined,
  code: string,
  userId: string | undefined,
): StartedCheckout | null {
  if (!userId) return null;
  try {
    const started = JSON.parse(storage?.getItem(startedKey(code)) ?? 'null') as Partial<StartedCheckout> | null;
    const hasPayment = typeof started?.paymentId === 'string' || started?.paymentId === null;
    if (started?.userId !== userId || !hasPayment || typeof started.transaction?.id !== 'string') return null;
    return started as StartedCheckout;
  } catch {
    return null;
  }
}

function LinkSummary({ link }: { link: PublicLink }) {
  const { t } = useT();
  return (
    <Card.Root variant="outline">
      <Card.Body gap="3">
        <Text as="h1" textStyle={{ base: 'xl', md: '2xl' }} fontWeight="bold" data-testid="pay-product">
          {link.product_name}
        </Text>
        {link.description ? <Text color="fg.muted">{link.description}</Text> : null}
        <HStack gap="2" flexWrap="wrap">
          <Text>{t('public.pay.soldBy', { name: link.seller.display_name })}</Text>
          {link.seller.is_verified ? (
            <Badge colorPalette="green" gap="1">
              <BadgeCheck size={14} aria-hidden /> {t('public.pay.verified')}
            </Badge>
          ) : null}
        </HStack>
        <Stack gap="1" fontSize="sm">
          <HStack justify="space-between">
            <Text>{t('public.pay.price')}</Text>
            <Text fontWeight="medium">{kes(link.amount)}</Text>
          </HStack>
          <HStack justify="space-between">
            <Text>{t('public.pay.fee')}</Text>
            <Text fontWeight="medium">{kes(link.charges.buyer_share)}</Text>
          </HStack>
          {link.plan ? (
            <Text color="fg.muted" data-testid="pay-plan">
              {t('public.pay.plan', {
                deposit: kes(link.plan.minimum_deposit),
                monthly: kes(link.plan.monthly_installment),
                months: link.plan.installment_months,
              })}
            </Text>
          ) : (
            <HStack justify="space-between" fontWeight="semibold" fontSize="md">
              <Text>{t('public.pay.youPay')}</Text>
              <Text data-testid="pay-total">{kes(link.buyer_pays)}</Text>
            </HStack>
          )}
        </Stack>
        <HStack gap="2" color="fg.muted" fontSize="sm" align="flex-start">
          <ShieldCheck size={16} aria-hidden style={{ flexShrink: 0, marginTop: '0.15em' }} />
          <Text>{t('public.pay.held')}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The sign-up body of this page: a buyer, in the page's language, so that the SMS code that follows (and
 * every later SMS) reads in the language the visitor is reading, as on the sign-up page.
 */
export function payPageRegistration(
  form: { first: string; last: string; phone: string; password: string },
  language: Language,
): RegisterBody {
  return {
    first_name: form.first.trim(),
    last_name: form.last.trim(),
    phone_number: form.phone.trim(),
    user_type: 'buyer',
    password: form.password,
    password_confirmation: form.password,
    preferred_language: language,
  };
}

/** Sign-up with phone + SMS code, without leaving the page. */
function SignUp() {
  const { t, language } = useT();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [form, setForm] = useState({ first: '', last: '', phone: '', password: '' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const fields = error?.errors ?? {};
  // The server's validation messages, in Kiswahili when the catalog knows them (as on the sign-up page).
  const fieldError = (field: string) => {
    const message = fields[field]?.[0];
    return message ? localizeMessage(message, language) : undefined;
  };

  const register = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      await authApi.register(payPageRegistration(form, language));
      setStep('code');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(t('public.pay.signUpFailed'), 0, 'NETWORK'));
    } finally {
      setIsBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const data = await authApi.verifyPhone({ phone_number: form.phone.trim(), code: code.trim() });
      const user = data.user as StoredUser;
      if (user.preferred_language !== language) {
        // The page's language becomes the new account's, so its SMS (the release code too) read the same;
        // saved before the session is announced, as on the verify-phone page. Not saved is no reason to fail.
        authStorage.save(data.token, user);
        await api<{ user: StoredUser }>('/api/auth/profile', {
          method: 'PUT',
          body: { preferred_language: language },
          noAuthRedirect: true,
        })
          .then((saved) => setSession(data.token, saved.user))
          .catch(() => setSession(data.token, user));
      } else setSession(data.token, user);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(t('public.pay.verifyFailed'), 0, 'NETWORK'));
    } finally {
      setIsBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <form onSubmit={verify} noValidate>
        <Stack gap="3">
          <Text>{t('public.pay.codeSent', { phone: form.phone })}</Text>
          <Field.Root invalid={!!error}>
            <Field.Label htmlFor="pay-code">{t('public.pay.smsCode')}</Field.Label>
            <Input
              id="pay-code"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxW="12rem"
            />
            <Field.ErrorText>{error ? localizeMessage(messageOf(error, t('public.pay.wrongCode')), language) : null}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={isBusy} disabled={code.length !== 6} alignSelf="flex-start">
            {t('public.pay.verify')}
          </Button>
        </Stack>
      </form>
    );
  }
  return (
    <form onSubmit={register} noValidate aria-labelledby="pay-signup-heading">
      <Stack gap="3">
        <Text as="h2" id="pay-signup-heading" fontWeight="semibold">
          {t('public.pay.signUpHeading')}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Field.Root required invalid={!!fields.first_name}>
            <Field.Label htmlFor="pay-first">{t('public.pay.firstName')}</Field.Label>
            <Input id="pay-first" value={form.first} onChange={set('first')} autoComplete="given-name" />
            <Field.ErrorText>{fieldError('first_name')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!fields.last_name}>
            <Field.Label htmlFor="pay-last">{t('public.pay.lastName')}</Field.Label>
            <Input id="pay-last" value={form.last} onChange={set('last')} autoComplete="family-name" />
            <Field.ErrorText>{fieldError('last_name')}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <Field.Root required invalid={!!fields.phone_number}>
          <Field.Label htmlFor="pay-phone">{t('public.pay.phone')}</Field.Label>
          <Input
            id="pay-phone"
            type="tel"
            inputMode="tel"
            value={form.phone}
            onChange={set('phone')}
            placeholder="0722123456"
            autoComplete="tel"
          />
          <Field.ErrorText>{fieldError('phone_number')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!fields.password}>
          <Field.Label htmlFor="pay-password">{t('public.pay.password')}</Field.Label>
          <Input id="pay-password" type="password" value={form.password} onChange={set('password')} autoComplete="new-password" />
          <Field.ErrorText>{fieldError('password')}</Field.ErrorText>
        </Field.Root>
        {error && Object.keys(fields).length === 0 ? (
          <Text color="fg.error" role="alert">
            {localizeMessage(messageOf(error, t('public.pay.signUpFailed')), language)}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" loading={isBusy} alignSelf="flex-start">
          {t('public.pay.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

/** Follows the payment prompt on `rail` (M-Pesa or Airtel Money), then shows the release code. */
function PaymentProgress({
  transaction,
  paymentId,
  rail,
  onRetry,
}: {
  transaction: TransactionWire;
  paymentId: string;
  rail: string;
  onRetry: () => void;
}) {
  const { t } = useT();
  const payment = useQuery({
    queryKey: ['pay-page', 'payment', paymentId],
    queryFn: ({ signal }) => getPaymentStatus(paymentId, signal),
    refetchInterval: (query) => (isSettled(query.state.data?.status) ? false : PAYMENT_POLL_MS),
    retry: false,
  });
  const isPaid = payment.data?.status === 'completed';
  const releaseCode = useQuery({
    queryKey: ['pay-page', 'release-code', transaction.id],
    queryFn: ({ signal }) =>
      api<{ release_code: ReleaseCode }>(`/api/transactions/${encodeURIComponent(transaction.id)}/release_code`, { signal }).then(
        (data) => data.release_code,
      ),
    enabled: isPaid,
    // Installment plans get their code once fully paid: ask again while none is issued.
    refetchInterval: (query) => (query.state.data?.status === 'active' ? false : 3000),
  });
  const detailLink = (
    <ChakraLink asChild color="brand.fg" fontWeight="medium">
      <Link to={`/dashboard/transactions/${transaction.id}`}>{t('public.pay.open', { reference: transaction.reference_number })}</Link>
    </ChakraLink>
  );
  if (!payment.data || payment.data.status === 'pending') {
    return (
      <HStack gap="3" role="status" aria-live="polite">
        <Spinner color="brand.solid" />
        <Text>{t('public.pay.waiting', { amount: kes(payment.data?.amount ?? transaction.amount_due), rail })}</Text>
      </HStack>
    );
  }
  if (!isPaid) {
    return (
      <Stack gap="3">
        <Alert.Root status="error" borderRadius="l2" role="alert">
          <Alert.Indicator />
          <Alert.Description>{payment.data.failure_reason ?? t('public.pay.failed')}</Alert.Description>
        </Alert.Root>
        <Button onClick={onRetry} colorPalette="brand" alignSelf="flex-start">
          {t('public.pay.retry')}
        </Button>
      </Stack>
    );
  }
  const code = releaseCode.data;
  return (
    <Stack gap="3" role="status" aria-live="polite">
      <Alert.Root status="success" borderRadius="l2">
        <Alert.Indicator />
        <Alert.Description>{t('public.pay.paid', { receipt: payment.data.mpesa_receipt ?? '' })}</Alert.Description>
      </Alert.Root>
      {code?.status === 'active' && code.code ? (
        <Box>
          <Text>{t('public.pay.releaseCode')}</Text>
          <Text data-testid="pay-release-code" fontFamily="mono" fontSize="3xl" fontWeight="bold" letterSpacing="0.3em" color="brand.fg">
            {code.code}
          </Text>
        </Box>
      ) : null}
      {detailLink}
    </Stack>
  );
}

function Checkout({ link, started }: { link: PublicLink; started: StartedCheckout | null }) {
  const { t, language } = useT();
  const { isAuthenticated, user } = useAuth();
  const [deposit, setDeposit] = useState(link.plan?.suggested_deposit.replace(/\.00$/, '') ?? '');
  const [transaction, setTransaction] = useState<TransactionWire | null>(started?.transaction ?? null);
  const [paymentId, setPaymentId] = useState<string | null>(started?.paymentId ?? null);
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  // Reopened after a checkout whose payment prompt never answered (it may have reached the phone, and been
  // paid): the transaction's own page knows where its payment stands and offers Pay only when it is due.
  const [resumesOnItsPage] = useState(() => started !== null && started.paymentId === null);

  if (resumesOnItsPage && started) return <Navigate to={`/dashboard/transactions/${started.transaction.id}`} replace />;
  if (!isAuthenticated) {
    return (
      <Stack gap="4">
        <SignUp />
        <Text fontSize="sm">
          {t('public.pay.haveAccount')}{' '}
          <ChakraLink asChild color="brand.fg">
            <Link to={pathInLanguage(`/login?next=${encodeURIComponent(`/pay/${link.code}`)}`, language)}>{t('public.pay.logIn')}</Link>
          </ChakraLink>
        </Text>
      </Stack>
    );
  }

  // The prompt goes to the account's phone, on that phone's network unless the buyer picks otherwise.
  const rail = railNameForPhone(user?.phone_number ?? '');
  const pay = async (existing: TransactionWire | null) => {
    setIsBusy(true);
    setError(null);
    try {
      const txn =
        existing ??
        (
          await api<{ transaction: TransactionWire }>(`/api/payment-links/${encodeURIComponent(link.code)}/checkout`, {
            method: 'POST',
            body: link.plan ? { amount: deposit } : {},
            idempotent: 'outlives-page',
          })
        ).transaction;
      setTransaction(txn);
      // Kept before the prompt is asked for: if its answer is lost, a reload pays this purchase, not a second one.
      if (user && !existing) rememberCheckout(tabStorage(), link.code, { userId: user.id, transaction: txn, paymentId: null });
      const payment = await initiatePayment(txn.id);
      if (user) rememberCheckout(tabStorage(), link.code, { userId: user.id, transaction: txn, paymentId: payment.id });
      setPaymentId(payment.id);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  };

  if (transaction && paymentId) {
    return <PaymentProgress transaction={transaction} paymentId={paymentId} rail={rail} onRetry={() => pay(transaction)} />;
  }
  return (
    <Stack gap="3">
      <Text>{t('public.pay.signedInAs', { name: user?.display_name ?? '', phone: formatPhone(user?.phone_number), rail })}</Text>
      {link.plan ? (
        <Field.Root>
          <Field.Label htmlFor="pay-deposit">{t('public.pay.firstPayment')}</Field.Label>
          <InputGroup startAddon="KES" maxW="16rem">
            <Input id="pay-deposit" value={deposit} onChange={(event) => setDeposit(event.target.value)} inputMode="numeric" />
          </InputGroup>
          <Field.HelperText>{t('public.pay.atLeast', { amount: kes(link.plan.minimum_deposit) })}</Field.HelperText>
        </Field.Root>
      ) : null}
      {error ? (
        <Text color="fg.error" role="alert">
          {checkoutError(error, t('public.pay.startFailed'), language)}
        </Text>
      ) : null}
      <Button colorPalette="brand" size="lg" onClick={() => pay(transaction)} loading={isBusy} data-testid="pay-button">
        {link.plan ? t('public.pay.payFirst', { rail }) : t('public.pay.payAmount', { amount: kes(link.buyer_pays), rail })}
      </Button>
    </Stack>
  );
}

export default function PayPage() {
  const { t, language } = useT();
  const { code = '' } = useParams();
  const { user } = useAuth();
  // A purchase this buyer started here goes on being shown after a reload, even once it sold the last unit.
  // Read on every render: a refetch that finds the link sold out by this purchase must not hide it.
  const started = rememberedCheckout(tabStorage(), code, user?.id);
  // The checkout's key store, while the connection is good (lib/api.ts).
  useEffect(preloadIdempotencyKeys, []);
  const query = useQuery({
    queryKey: ['pay-page', 'link', code],
    queryFn: ({ signal }) =>
      api<{ payment_link: PublicLink }>(`/api/payment-links/${encodeURIComponent(code)}`, { signal, noAuthRedirect: true }).then(
        (data) => data.payment_link,
      ),
    retry: false,
  });
  return (
    <Container maxW="xl" py={{ base: '4', md: '10' }} px={{ base: '3', md: '6' }}>
      <Stack gap="4">
        <HStack justify="space-between" gap="2">
          <HStack asChild gap="2" fontWeight="bold" color="brand.fg">
            <Link to={pathInLanguage('/', language)} aria-label={t('layout.brandHome')}>
              <ShieldCheck aria-hidden />
              <span>Escrow Kenya</span>
            </Link>
          </HStack>
          <LanguageSwitch />
        </HStack>
        {query.isPending ? (
          <HStack gap="3" role="status">
            <Spinner color="brand.solid" />
            <Text>{t('public.pay.loading')}</Text>
          </HStack>
        ) : null}
        {query.isError ? (
          <Alert.Root status="error" borderRadius="l2" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              {query.error instanceof ApiError && query.error.status === 404 ? t('public.pay.notFound') : t('public.pay.loadFailed')}
            </Alert.Description>
          </Alert.Root>
        ) : null}
        {query.data ? (
          <>
            <LinkSummary link={query.data} />
            {query.data.status === 'active' || started ? (
              <Card.Root variant="outline">
                <Card.Body>
                  <Checkout link={query.data} started={started} />
                </Card.Body>
              </Card.Root>
            ) : (
              <Alert.Root status="warning" borderRadius="l2" data-testid="pay-closed">
                <Alert.Indicator />
                <Alert.Description>{t(`public.pay.closed.${query.data.status}`)}</Alert.Description>
              </Alert.Root>
            )}
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
