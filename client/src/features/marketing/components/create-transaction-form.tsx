/**
 * The home page's create-transaction form: the one transaction form (client/src/components/transaction-form)
 * as the hero. Signed in: POST /api/transactions with an Idempotency-Key. Signed out: the values are kept
 * in session storage and the visitor signs in (or signs up and verifies their phone) first, landing on the
 * new-transaction page with the form as they left it.
 */
import { Alert, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TransactionForm } from '@/components/transaction-form/transaction-form';
import {
  EMPTY_TRANSACTION_FORM,
  toCreateRequest,
  WIRE_FIELDS,
  type TransactionFormField,
  type TransactionFormValues,
} from '@/components/transaction-form/transaction-form-rules';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { DRAFT_RETURN_PATH, transactionDraft } from '@/lib/transaction-draft';
import { createTransaction } from '../api/transactions';

/** Other pages (e.g. Lipa Mdogo Mdogo's "Start This Plan") open the form prefilled through router state. */
export interface TransactionPrefillState {
  prefill?: Partial<TransactionFormValues>;
}

type Outcome = { status: 'success'; id: string; reference: string } | { status: 'error'; message: string } | null;

/** `id`: the form's element id, the target of the other pages' `/#<id>` links. */
export function CreateTransactionForm({ id }: { id: string }) {
  const { t } = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const prefill = (location.state as TransactionPrefillState | null)?.prefill;
  const [draft] = useState(() => (prefill ? null : transactionDraft.load(EMPTY_TRANSACTION_FORM)));
  // How many transactions this form created; a stable object per prefill, so it resets only when a new one arrives.
  const [cleared, setCleared] = useState(0);
  const initialValues = useMemo(
    () => (prefill ? { ...EMPTY_TRANSACTION_FORM, ...prefill } : cleared === 0 && draft ? draft : EMPTY_TRANSACTION_FORM),
    [prefill, draft, cleared],
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<TransactionFormField, string>>>({});
  const [isSending, setIsSending] = useState(false);

  // A plain async call rather than a React Query mutation keeps the first screen's JavaScript small.
  const send = async (values: TransactionFormValues) => {
    setIsSending(true);
    setOutcome(null);
    try {
      const transaction = await createTransaction(toCreateRequest(values));
      transactionDraft.clear();
      setCleared((count) => count + 1);
      setServerErrors({});
      setOutcome({ status: 'success', id: transaction.id, reference: transaction.reference_number });
    } catch (error) {
      const detail = error instanceof ApiError ? error.message : t('customer.form.tryAgain');
      setOutcome({ status: 'error', message: t('customer.form.failed', { detail }) });
      const fields: Partial<Record<TransactionFormField, string>> = {};
      if (error instanceof ApiError && error.errors) {
        for (const [wireField, messages] of Object.entries(error.errors)) {
          const field = WIRE_FIELDS[wireField];
          if (field && messages[0]) fields[field] = messages[0];
        }
      }
      setServerErrors(fields);
    } finally {
      setIsSending(false);
    }
  };

  const submit = (values: TransactionFormValues) => {
    if (!isAuthenticated) {
      // The new-transaction page picks the draft up after login, or after sign-up and verification.
      transactionDraft.save(values);
      navigate(`/login?next=${encodeURIComponent(DRAFT_RETURN_PATH)}`);
      return;
    }
    void send(values);
  };

  return (
    <TransactionForm
      // A new form after each creation: the fields start empty again.
      key={cleared}
      variant="hero"
      id={id}
      initialValues={initialValues}
      notice={
        draft && cleared === 0 && !prefill ? (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Description>{t('customer.form.restored')}</Alert.Description>
          </Alert.Root>
        ) : null
      }
      outcome={
        outcome?.status === 'success' ? (
          <Alert.Root status="success" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('customer.form.created')}</Alert.Title>
              <Alert.Description>
                {t('customer.form.createdReference', { reference: outcome.reference })}{' '}
                <ChakraLink asChild textDecoration="underline">
                  <Link to={`/dashboard/transactions/${outcome.id}`}>{t('customer.form.payNow')}</Link>
                </ChakraLink>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : outcome?.status === 'error' ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{outcome.message}</Alert.Description>
          </Alert.Root>
        ) : null
      }
      footer={
        isAuthenticated ? null : (
          <HStack justify="center" fontSize="xs" color="fg.muted" gap="1" flexWrap="wrap">
            <Text>{t('customer.form.signInFirst')}</Text>
          </HStack>
        )
      }
      isSending={isSending}
      serverErrors={serverErrors}
      onSubmit={submit}
      onChange={() => {
        if (outcome?.status === 'success') setOutcome(null);
      }}
    />
  );
}
