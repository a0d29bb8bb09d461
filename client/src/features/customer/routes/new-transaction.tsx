/**
 * /dashboard/new: create a transaction as the buyer — Standard, Protected or Lipa Mdogo Mdogo (total
 * cost and term) — with the hero form's validation (docs/product-rules.md §5), the live fee preview and, for a plan, its
 * schedule. POST /api/transactions with an Idempotency-Key; on success the new transaction opens, ready
 * to pay.
 */
import { Alert, Box, Button, Card, Field, HStack, Input, InputGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { buildPlan, checkPlanRules, PLAN_TERMS, suggestedDeposit } from '@domain/installment-plan';
import { formatKes } from '@domain/money';
import { useAuth } from '@/features/auth/use-auth';
import { ApiError } from '@/lib/api';
import { customerKeys } from '../api/keys';
import { createTransaction } from '../api/transactions';
import { ChargePreview } from '../components/charge-preview';
import { PageHeader } from '../components/customer-layout';
import { errorMessage } from '../components/query-state';
import {
  EMPTY_NEW_TRANSACTION,
  PRODUCT_NAME_MAX,
  SERVER_FIELD,
  toCreateRequest,
  TRANSACTION_TYPE_OPTIONS,
  typedCents,
  validateNewTransaction,
  type NewTransactionErrors,
  type NewTransactionValues,
} from '../new-transaction-rules';
import { FormStack } from '../components/form-stack';

function PlanPreview({ values }: { values: NewTransactionValues }) {
  const total = typedCents(values.totalCost);
  const deposit = typedCents(values.amount);
  const months = Number(values.months);
  if (total === null || deposit === null || total <= 0n) return null;
  const violation = checkPlanRules({ total, deposit, months });
  if (violation) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {violation.rule === 'DEPOSIT_TOO_LOW' ? `Minimum initial payment: ${formatKes(suggestedDeposit(total))} (20%).` : violation.message}
      </Text>
    );
  }
  const plan = buildPlan({ total, deposit, months });
  const installments = plan.schedule.slice(1);
  const regular = installments.filter((payment) => payment.amount === plan.monthly).length;
  const last = installments.at(-1);
  const odd = last && last.amount !== plan.monthly ? last.amount : null;
  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" fontSize="sm" data-testid="plan-preview">
      <Text fontWeight="semibold">Your plan</Text>
      <Text color="fg.muted">
        {formatKes(plan.deposit)} now, then {regular} × {formatKes(plan.monthly)} a month
        {odd !== null ? ` and a last payment of ${formatKes(odd)}` : ''}. The item is dispatched once it is fully paid.
      </Text>
    </Box>
  );
}

export default function NewTransactionScreen() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<NewTransactionValues>(EMPTY_NEW_TRANSACTION);
  const [errors, setErrors] = useState<NewTransactionErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...customerKeys.transactions(), 'list'] }),
  });
  const isInstallment = values.type === 'lipa_mdogo_mdogo';

  const set = (field: keyof NewTransactionValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewTransaction(values, user?.phone_number);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      // Take the keyboard to the first field to fix.
      const first = Object.keys(found)[0];
      document.getElementById(`new-${first}`)?.focus();
      return;
    }
    create.mutate(toCreateRequest(values), {
      onSuccess: (transaction) =>
        navigate(`/dashboard/transactions/${transaction.id}`, {
          state: { created: true },
        }),
      onError: (error) => {
        const serverErrors: NewTransactionErrors = {};
        if (error instanceof ApiError && error.errors) {
          for (const [field, messages] of Object.entries(error.errors)) {
            const mapped = SERVER_FIELD[field];
            if (mapped && messages[0]) serverErrors[mapped] = messages[0];
          }
        }
        setErrors(serverErrors);
        setFormError(`Failed to create transaction. ${errorMessage(error, 'Please try again.')}`);
      },
    });
  };

  const field = (name: keyof NewTransactionValues) => ({ id: `new-${name}`, value: values[name], onChange: set(name) });

  return (
    <Stack gap="5" maxW="2xl">
      <PageHeader title="New transaction" description="You are the buyer. The seller is told by SMS and sees it when they sign in." />
      <Card.Root size={{ base: 'sm', md: 'md' }}>
        <Card.Body>
          <FormStack gap="4" onSubmit={submit} noValidate aria-label="New transaction">
            <Field.Root required>
              <Field.Label htmlFor="new-type">Type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...field('type')}>
                  {TRANSACTION_TYPE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{TRANSACTION_TYPE_OPTIONS.find((option) => option.value === values.type)?.hint}</Field.HelperText>
            </Field.Root>

            <Field.Root required invalid={!!errors.sellerPhone}>
              <Field.Label htmlFor="new-sellerPhone">Seller phone</Field.Label>
              <Input {...field('sellerPhone')} type="tel" inputMode="tel" autoComplete="off" placeholder="0722123456" />
              <Field.ErrorText>{errors.sellerPhone}</Field.ErrorText>
            </Field.Root>

            <Field.Root required invalid={!!errors.productName}>
              <Field.Label htmlFor="new-productName">Product or service</Field.Label>
              <Input {...field('productName')} maxLength={PRODUCT_NAME_MAX + 20} placeholder="e.g. Samsung Galaxy A15" />
              <Field.ErrorText>{errors.productName}</Field.ErrorText>
            </Field.Root>

            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <Field.Root required invalid={!!errors.amount}>
                <Field.Label htmlFor="new-amount">{isInstallment ? 'Initial Payment' : 'Amount'}</Field.Label>
                <InputGroup startAddon="KES">
                  <Input {...field('amount')} inputMode="numeric" placeholder={isInstallment ? '7000' : '1500'} />
                </InputGroup>
                {isInstallment ? <Field.HelperText>At least 20% of the total cost.</Field.HelperText> : null}
                <Field.ErrorText>{errors.amount}</Field.ErrorText>
              </Field.Root>
              {isInstallment ? (
                <Field.Root required invalid={!!errors.totalCost}>
                  <Field.Label htmlFor="new-totalCost">Total cost</Field.Label>
                  <InputGroup startAddon="KES">
                    <Input {...field('totalCost')} inputMode="numeric" placeholder="35000" />
                  </InputGroup>
                  <Field.HelperText>For items over KES 10,000.</Field.HelperText>
                  <Field.ErrorText>{errors.totalCost}</Field.ErrorText>
                </Field.Root>
              ) : null}
            </Stack>

            {isInstallment ? (
              <Field.Root required invalid={!!errors.months}>
                <Field.Label htmlFor="new-months">Term</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...field('months')}>
                    {PLAN_TERMS.map((months) => (
                      <option key={months} value={String(months)}>
                        {months} months
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{errors.months}</Field.ErrorText>
              </Field.Root>
            ) : null}

            {isInstallment ? <PlanPreview values={values} /> : null}
            <ChargePreview type={values.type} amount={values.amount} totalCost={values.totalCost} />

            {formError ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            ) : null}

            <HStack justify="flex-end">
              <Button
                type="submit"
                colorPalette="teal"
                loading={create.isPending}
                loadingText="Creating..."
                w={{ base: 'full', sm: 'auto' }}
              >
                Create transaction
              </Button>
            </HStack>
          </FormStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
