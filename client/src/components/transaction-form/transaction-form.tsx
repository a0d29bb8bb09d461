/**
 * The one create-transaction form: the home page's hero and the dashboard's "New transaction" page both
 * render it (`variant`), so a rule or a label changes in one place. Standard, Protected (with what each
 * covers, before paying) or Lipa Mdogo Mdogo with its plan; the server's live fee. The host decides what
 * submitting does (create, or keep the draft and sign in first).
 */
import { Box, Button, chakra, Field, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { buildPlan, checkPlanRules } from '@escrow/core/domain/installment-plan';
import { PlanTermOptions } from '../plan-term-options';
import { formatKes } from '@escrow/core/domain/money';
import { TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { useT } from '@/i18n';
import { usePublicConfig } from '@/lib/public-config';
import { ChargePreview } from './charge-preview';
import { coverageText } from './coverage';
import {
  EMPTY_TRANSACTION_FORM,
  FIELD_ORDER,
  PRODUCT_NAME_MAX,
  typedCents,
  validateTransactionForm,
  type TransactionFormErrors,
  type TransactionFormField,
  type TransactionFormValues,
} from './transaction-form-rules';

function PlanPreview({ values }: { values: TransactionFormValues }) {
  const { t } = useT();
  const total = typedCents(values.totalCost);
  const deposit = typedCents(values.amount);
  const months = Number(values.months);
  if (total === null || deposit === null || deposit <= 0n || checkPlanRules({ total, deposit, months })) return null;
  const plan = buildPlan({ total, deposit, months });
  const installments = plan.schedule.slice(1);
  const count = installments.filter((payment) => payment.amount === plan.monthly).length;
  const last = installments.at(-1);
  const odd = last && last.amount !== plan.monthly ? last.amount : null;
  const params = { deposit: formatKes(plan.deposit), count, monthly: formatKes(plan.monthly) };
  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" fontSize="sm" data-testid="plan-preview">
      <Text fontWeight="semibold">{t('customer.form.planTitle')}</Text>
      <Text color="fg.muted">
        {odd === null ? t('customer.form.plan', params) : t('customer.form.planWithLast', { ...params, last: formatKes(odd) })}
      </Text>
    </Box>
  );
}

/** What the chosen type covers, with the deployment's inspection window, before anything is paid. */
function Coverage({ type }: { type: TransactionFormValues['type'] }) {
  const { t, language } = useT();
  const data = usePublicConfig();
  if (!data) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="coverage">
      {coverageText(t, language, type, data.inspection_window_hours[type])}
    </Text>
  );
}

const NO_SERVER_ERRORS: Partial<Record<TransactionFormField, string>> = {};

export interface TransactionFormProps {
  variant: 'hero' | 'page';
  id?: string;
  initialValues?: TransactionFormValues;
  /** A notice above the fields (e.g. "we kept what you typed"). */
  notice?: ReactNode;
  /** Success or failure of the last submission, shown above the button. */
  outcome?: ReactNode;
  /** Below the button. */
  footer?: ReactNode;
  ownPhone?: string | null;
  isSending: boolean;
  /** The server's words for a field (a 400's `errors`), shown until the field changes. */
  serverErrors?: Partial<Record<TransactionFormField, string>>;
  /** Called with values the rules accept. */
  onSubmit: (values: TransactionFormValues) => void;
  /** Every change, e.g. to forget an old outcome. */
  onChange?: (values: TransactionFormValues) => void;
}

export function TransactionForm({
  variant,
  id,
  initialValues = EMPTY_TRANSACTION_FORM,
  notice,
  outcome,
  footer,
  ownPhone,
  isSending,
  serverErrors = NO_SERVER_ERRORS,
  onSubmit,
  onChange,
}: TransactionFormProps) {
  const { t } = useT();
  const [values, setValues] = useState<TransactionFormValues>(initialValues);
  const [errors, setErrors] = useState<TransactionFormErrors>({});
  const [touched, setTouched] = useState<Partial<Record<TransactionFormField, boolean>>>({});
  const [hiddenServerErrors, setHiddenServerErrors] = useState<Partial<Record<TransactionFormField, boolean>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const isInstallment = values.type === 'lipa_mdogo_mdogo';
  const isHero = variant === 'hero';

  // A new prefill from the host (e.g. "Start This Plan" while the form is on screen); hosts pass a stable object.
  useEffect(() => {
    setValues(initialValues);
    setErrors({});
    setTouched({});
  }, [initialValues]);
  useEffect(() => setHiddenServerErrors({}), [serverErrors]);

  const update = (field: TransactionFormField, value: string) => {
    const next = { ...values, [field]: value } as TransactionFormValues;
    setValues(next);
    setHiddenServerErrors((current) => ({ ...current, [field]: true }));
    onChange?.(next);
    // Once a field has been left (or the form submitted), its message follows the typing.
    const fresh = validateTransactionForm(next, ownPhone);
    setErrors(Object.fromEntries(FIELD_ORDER.filter((key) => touched[key] && fresh[key]).map((key) => [key, fresh[key]])));
  };

  const blur = (field: TransactionFormField) => {
    if (!values[field]) return;
    setTouched((current) => ({ ...current, [field]: true }));
    const fresh = validateTransactionForm(values, ownPhone);
    setErrors((current) => ({ ...current, [field]: fresh[field] }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTransactionForm(values, ownPhone);
    setErrors(found);
    setTouched(Object.fromEntries(FIELD_ORDER.map((key) => [key, true])));
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    if (!isSending) onSubmit(values);
  };

  const message = (field: TransactionFormField): string | undefined => {
    const error = errors[field];
    if (error) return t(error.key, error.params);
    return hiddenServerErrors[field] ? undefined : serverErrors[field];
  };

  const fieldProps = (field: TransactionFormField) => ({
    id: `${id ?? variant}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    onBlur: () => blur(field),
  });

  const fieldBlock = (field: TransactionFormField, label: string, input: ReactNode, helper?: string) => (
    <Field.Root invalid={!!message(field)} required>
      <Field.Label htmlFor={`${id ?? variant}-${field}`}>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      {input}
      {message(field) ? <Field.ErrorText>{message(field)}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );

  return (
    <chakra.form
      id={id}
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={isHero ? undefined : t('customer.form.pageTitle')}
      aria-labelledby={isHero ? `${id ?? variant}-heading` : undefined}
      data-testid="transaction-form"
      {...(isHero
        ? { scrollMarginTop: '20', bg: 'bg.panel', borderWidth: '1px', borderRadius: 'l3', boxShadow: 'lg', p: { base: '5', md: '7' } }
        : {})}
    >
      <Stack gap="4">
        {isHero ? (
          <Stack gap="1">
            <Text as="h2" id={`${id ?? variant}-heading`} fontSize="xl" fontWeight="bold">
              {t('customer.form.heroTitle')}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('customer.form.heroSubtitle')}
            </Text>
          </Stack>
        ) : null}
        {notice}

        <Field.Root>
          <Field.Label htmlFor={`${id ?? variant}-type`}>{t('customer.form.type')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...fieldProps('type')}>
              {TRANSACTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`customer.form.typeOptions.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Coverage type={values.type} />
        </Field.Root>

        {fieldBlock(
          'sellerPhone',
          t('customer.form.sellerPhone'),
          <Input {...fieldProps('sellerPhone')} type="tel" inputMode="tel" autoComplete="off" placeholder="0722123456" />,
          t('customer.form.sellerPhoneHelp'),
        )}
        {fieldBlock(
          'productName',
          t('customer.form.productName'),
          <Input {...fieldProps('productName')} maxLength={PRODUCT_NAME_MAX + 20} placeholder={t('customer.form.productPlaceholder')} />,
        )}

        <SimpleGrid columns={{ base: 1, sm: isInstallment ? 2 : 1 }} gap="4">
          {fieldBlock(
            'amount',
            t(isInstallment ? 'customer.form.initialPayment' : 'customer.form.amount'),
            <InputGroup startElement="KES">
              <Input {...fieldProps('amount')} inputMode="numeric" autoComplete="off" placeholder={isInstallment ? '7000' : '15000'} />
            </InputGroup>,
            isInstallment ? t('customer.form.initialPaymentHelp') : undefined,
          )}
          {isInstallment
            ? fieldBlock(
                'totalCost',
                t('customer.form.totalCost'),
                <InputGroup startElement="KES">
                  <Input {...fieldProps('totalCost')} inputMode="numeric" autoComplete="off" placeholder="35000" />
                </InputGroup>,
                t('customer.form.totalCostHelp'),
              )
            : null}
        </SimpleGrid>

        {isInstallment ? (
          <Field.Root invalid={!!message('months')}>
            <Field.Label htmlFor={`${id ?? variant}-months`}>{t('customer.form.months')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...fieldProps('months')}>
                <PlanTermOptions />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{message('months')}</Field.ErrorText>
          </Field.Root>
        ) : null}

        {isInstallment ? <PlanPreview values={values} /> : null}
        <ChargePreview type={values.type} amount={values.amount} totalCost={values.totalCost} />

        {outcome}

        <Button
          type="submit"
          colorPalette="teal"
          size={isHero ? 'lg' : 'md'}
          loading={isSending}
          loadingText={t('customer.form.creating')}
          w={isHero ? 'full' : { base: 'full', sm: 'auto' }}
          alignSelf={isHero ? undefined : 'flex-end'}
        >
          {t('customer.form.submit')}
        </Button>
        {footer}
      </Stack>
    </chakra.form>
  );
}
