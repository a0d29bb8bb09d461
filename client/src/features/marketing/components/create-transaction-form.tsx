/**
 * The home page's create-transaction form (docs/product-rules.md §2, §5, §8). Signed in: POST /api/transactions with an
 * Idempotency-Key. Signed out: the values are kept in session storage and the visitor signs in first,
 * coming back to /#create with the form as they left it.
 */
import {
  Alert,
  Button,
  chakra,
  Field,
  HStack,
  Input,
  InputGroup,
  Link as ChakraLink,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { localizeMessage, useT } from '@/i18n';
import { Link, useNavigate } from '@/i18n/link';
import { useAuth } from '@/hooks/use-auth';
import { ApiError } from '@/lib/api';
import { createTransaction, type CreateTransactionRequest } from '../api/transactions';
import { transactionDraft } from '../hooks/use-transaction-draft';
import {
  compactPhone,
  EMPTY_TRANSACTION_FORM,
  PRODUCT_NAME_MAX,
  validateTransactionForm,
  wholeShillings,
  type TransactionFormErrors,
  type TransactionFormValues,
} from '../transaction-form-rules';
import { ChargePreview } from './charge-preview';

/** Other pages (e.g. Lipa Mdogo Mdogo's "Start This Plan") open the form prefilled through router state. */
export interface TransactionPrefillState {
  prefill?: Partial<TransactionFormValues>;
}

const FIELD_ORDER: (keyof TransactionFormValues)[] = ['type', 'sellerPhone', 'productName', 'amount', 'totalCost', 'months'];
const WIRE_FIELDS: Record<string, keyof TransactionFormValues> = {
  seller_phone: 'sellerPhone',
  product_name: 'productName',
  amount: 'amount',
  total_cost: 'totalCost',
  installment_months: 'months',
  transaction_type: 'type',
};

type Outcome =
  { status: 'success'; message: string; reference?: string } | { status: 'error'; message: string } | { status: 'restored' } | null;

function toRequest(values: TransactionFormValues): CreateTransactionRequest {
  const isInstallment = values.type === 'lipa_mdogo_mdogo';
  const shillings = (text: string) => ((wholeShillings(text) ?? 0n) / 100n).toString();
  return {
    seller_phone: compactPhone(values.sellerPhone),
    amount: shillings(values.amount),
    product_name: values.productName.trim(),
    transaction_type: values.type,
    ...(isInstallment ? { total_cost: shillings(values.totalCost), installment_months: Number(values.months) } : {}),
  };
}

function initialValues(prefill: Partial<TransactionFormValues> | undefined): { values: TransactionFormValues; restored: boolean } {
  if (prefill) return { values: { ...EMPTY_TRANSACTION_FORM, ...prefill }, restored: false };
  const draft = transactionDraft.load();
  return draft ? { values: draft, restored: true } : { values: EMPTY_TRANSACTION_FORM, restored: false };
}

export function CreateTransactionForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, language } = useT();
  const { isAuthenticated } = useAuth();
  const prefill = (location.state as TransactionPrefillState | null)?.prefill;
  const [initial] = useState(() => initialValues(prefill));
  const [values, setValues] = useState<TransactionFormValues>(initial.values);
  const [errors, setErrors] = useState<TransactionFormErrors>({});
  const [touched, setTouched] = useState<Partial<Record<keyof TransactionFormValues, boolean>>>({});
  const [outcome, setOutcome] = useState<Outcome>(initial.restored ? { status: 'restored' } : null);
  const formRef = useRef<HTMLFormElement>(null);
  const isInstallment = values.type === 'lipa_mdogo_mdogo';

  // A later "Start This Plan" click while already on the home page.
  useEffect(() => {
    if (!prefill) return;
    setValues({ ...EMPTY_TRANSACTION_FORM, ...prefill });
    setErrors({});
    setTouched({});
    setOutcome(null);
  }, [prefill]);

  const [isSending, setIsSending] = useState(false);

  // A plain async call rather than a React Query mutation keeps the first screen's JavaScript small.
  const send = async (request: CreateTransactionRequest) => {
    setIsSending(true);
    setOutcome(null);
    try {
      const transaction = await createTransaction(request);
      transactionDraft.clear();
      setValues(EMPTY_TRANSACTION_FORM);
      setTouched({});
      setErrors({});
      setOutcome({ status: 'success', message: t('public.createForm.created'), reference: transaction.reference_number });
    } catch (error) {
      const detail = error instanceof ApiError ? localizeMessage(error.message, language) : t('public.createForm.tryAgain');
      setOutcome({ status: 'error', message: t('public.createForm.failed', { detail }) });
      if (error instanceof ApiError && error.errors) {
        const fieldErrors: TransactionFormErrors = {};
        for (const [wireField, messages] of Object.entries(error.errors)) {
          const field = WIRE_FIELDS[wireField];
          if (field && messages[0]) fieldErrors[field] = messages[0];
        }
        setErrors((current) => ({ ...current, ...fieldErrors }));
      }
    } finally {
      setIsSending(false);
    }
  };

  const update = (field: keyof TransactionFormValues, value: string) => {
    const next = { ...values, [field]: value } as TransactionFormValues;
    setValues(next);
    if (outcome?.status === 'success') setOutcome(null);
    // Once a field has been left (or the form submitted), its message follows the typing.
    const fresh = validateTransactionForm(next);
    setErrors(Object.fromEntries(FIELD_ORDER.filter((key) => touched[key] && fresh[key]).map((key) => [key, fresh[key]])));
  };

  const blur = (field: keyof TransactionFormValues) => {
    if (!values[field]) return;
    setTouched((current) => ({ ...current, [field]: true }));
    const fresh = validateTransactionForm(values);
    setErrors((current) => ({ ...current, [field]: fresh[field] }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTransactionForm(values);
    setErrors(found);
    setTouched(Object.fromEntries(FIELD_ORDER.map((key) => [key, true])));
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    if (!isAuthenticated) {
      transactionDraft.save(values);
      navigate(`/login?next=${encodeURIComponent('/#create')}`);
      return;
    }
    if (!isSending) void send(toRequest(values));
  };

  const fieldProps = (field: keyof TransactionFormValues) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    onBlur: () => blur(field),
  });

  return (
    <chakra.form
      id="create"
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="create-heading"
      scrollMarginTop="20"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="lg"
      p={{ base: '5', md: '7' }}
    >
      <Stack gap="4">
        <Stack gap="1">
          <Text as="h2" id="create-heading" fontSize="xl" fontWeight="bold">
            {t('public.createForm.title')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('public.createForm.lead')}
          </Text>
        </Stack>

        {outcome?.status === 'restored' && (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Description>{t('public.createForm.restored')}</Alert.Description>
          </Alert.Root>
        )}

        <Field.Root>
          <Field.Label>{t('public.createForm.type')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...fieldProps('type')}>
              <option value="standard">{t('public.createForm.standard')}</option>
              <option value="lipa_mdogo_mdogo">{t('public.createForm.lipa')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>

        <Field.Root invalid={!!errors.sellerPhone} required>
          <Field.Label>
            {t('public.createForm.sellerPhone')} <Field.RequiredIndicator />
          </Field.Label>
          <Input {...fieldProps('sellerPhone')} type="tel" inputMode="tel" autoComplete="off" placeholder="0722123456" />
          {errors.sellerPhone ? (
            <Field.ErrorText>{localizeMessage(errors.sellerPhone, language)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('public.createForm.sellerPhoneHelper')}</Field.HelperText>
          )}
        </Field.Root>

        <Field.Root invalid={!!errors.productName} required>
          <Field.Label>
            {t('public.createForm.product')} <Field.RequiredIndicator />
          </Field.Label>
          <Input {...fieldProps('productName')} maxLength={PRODUCT_NAME_MAX + 20} placeholder={t('public.createForm.productPlaceholder')} />
          {errors.productName && <Field.ErrorText>{localizeMessage(errors.productName, language)}</Field.ErrorText>}
        </Field.Root>

        <SimpleGrid columns={{ base: 1, sm: isInstallment ? 2 : 1 }} gap="4">
          <Field.Root invalid={!!errors.amount} required>
            <Field.Label>
              {isInstallment ? t('public.createForm.initialPayment') : t('public.createForm.amount')} (KES) <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="KES">
              <Input {...fieldProps('amount')} inputMode="numeric" autoComplete="off" placeholder={isInstallment ? '7000' : '15000'} />
            </InputGroup>
            {errors.amount ? (
              <Field.ErrorText>{localizeMessage(errors.amount, language)}</Field.ErrorText>
            ) : (
              isInstallment && <Field.HelperText>{t('public.createForm.atLeastDeposit')}</Field.HelperText>
            )}
          </Field.Root>
          {isInstallment && (
            <Field.Root invalid={!!errors.totalCost} required>
              <Field.Label>
                {t('public.createForm.totalCost')} (KES) <Field.RequiredIndicator />
              </Field.Label>
              <InputGroup startElement="KES">
                <Input {...fieldProps('totalCost')} inputMode="numeric" autoComplete="off" placeholder="35000" />
              </InputGroup>
              {errors.totalCost ? (
                <Field.ErrorText>{localizeMessage(errors.totalCost, language)}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('public.createForm.over10k')}</Field.HelperText>
              )}
            </Field.Root>
          )}
        </SimpleGrid>

        {isInstallment && (
          <Field.Root invalid={!!errors.months}>
            <Field.Label>{t('public.createForm.period')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...fieldProps('months')}>
                {[3, 6, 12, 24].map((months) => (
                  <option key={months} value={String(months)}>
                    {t('public.createForm.months', { months })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.months && <Field.ErrorText>{localizeMessage(errors.months, language)}</Field.ErrorText>}
          </Field.Root>
        )}

        <ChargePreview type={values.type} amount={values.amount} totalCost={values.totalCost} />

        {outcome?.status === 'success' && (
          <Alert.Root status="success" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{outcome.message}</Alert.Title>
              <Alert.Description>
                {outcome.reference && <>{t('public.createForm.reference', { reference: outcome.reference })} </>}
                {t('public.createForm.payFromDashboard')}{' '}
                <ChakraLink asChild textDecoration="underline">
                  <Link to="/dashboard">{t('public.createForm.openDashboard')}</Link>
                </ChakraLink>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {outcome?.status === 'error' && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{outcome.message}</Alert.Description>
          </Alert.Root>
        )}

        <Button type="submit" colorPalette="teal" size="lg" loading={isSending} loadingText={t('public.createForm.submitting')} w="full">
          {t('public.createForm.submit')}
        </Button>
        {!isAuthenticated && (
          <HStack justify="center" fontSize="xs" color="fg.muted" gap="1" flexWrap="wrap">
            <Text>{t('public.createForm.signInFirst')}</Text>
          </HStack>
        )}
      </Stack>
    </chakra.form>
  );
}
