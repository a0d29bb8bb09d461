/**
 * /dashboard/new: create a transaction as the buyer with the one transaction form. A form filled in on
 * the home page before signing in (kept in session storage) opens here, filled in; on success the new
 * transaction opens, ready to pay.
 */
import { Alert, Card, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TransactionForm } from '@/components/transaction-form/transaction-form';
import {
  EMPTY_TRANSACTION_FORM,
  toCreateRequest,
  WIRE_FIELDS,
  type TransactionFormField,
  type TransactionFormValues,
} from '@/components/transaction-form/transaction-form-rules';
import { useAuth, wasSignedOutHere } from '@/hooks/use-auth';
import { authStorage } from '@/lib/auth-storage';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { transactionDraft } from '@/lib/transaction-draft';
import { customerKeys } from '../api/keys';
import { keepDraftIfSessionEnded } from '../keep-draft-when-session-ends';
import { createTransaction } from '../api/transactions';
import { isUnanswered } from '../components/action-outcome';
import { PageHeader } from '../components/customer-layout';
import { moneyRequestError } from '../components/query-state';
import { localizeCustomerMessage } from '@/i18n/customer-messages';

function keptDraft(): TransactionFormValues | null {
  return transactionDraft.load(EMPTY_TRANSACTION_FORM);
}

export default function NewTransactionScreen() {
  const { user } = useAuth();
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft] = useState(keptDraft);
  const [serverErrors, setServerErrors] = useState<Partial<Record<TransactionFormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // What the form holds now: kept as the draft if the session ends in another tab (this page then goes to sign in).
  const typed = useRef<TransactionFormValues | null>(draft);
  // Leaving because the session ended (not by this tab's Sign out): the typed form is kept for after signing in.
  useEffect(
    () => () => keepDraftIfSessionEnded(typed.current, { hasToken: authStorage.token() !== null, signedOutHere: wasSignedOutHere() }),
    [],
  );
  const create = useMutation({
    mutationFn: createTransaction,
    // Here, not in mutate's callbacks, which do not run once the person has left the page.
    onSuccess: () => {
      transactionDraft.clear();
      return queryClient.invalidateQueries({ queryKey: [...customerKeys.transactions(), 'list'] });
    },
    // A session that ended keeps the draft for after signing in, and so does an answer that never came (the
    // transaction may exist): after a reload the same form goes with the same Idempotency-Key
    // (lib/idempotency-keys.ts), so sending it again cannot create a second one. A refusal leaves the form as typed.
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401) && !isUnanswered(error)) transactionDraft.clear();
    },
  });

  const submit = (values: TransactionFormValues) => {
    setFormError(null);
    // Kept before the request leaves: a session that ended meanwhile sends the user to sign in (lib/api.ts),
    // and this page opens with what they typed when they come back.
    transactionDraft.save(values);
    create.mutate(toCreateRequest(values), {
      onSuccess: (transaction) => {
        navigate(`/dashboard/transactions/${transaction.id}`, { state: { created: true } });
      },
      onError: (error) => {
        const fields: Partial<Record<TransactionFormField, string>> = {};
        if (error instanceof ApiError && error.errors) {
          for (const [wireField, messages] of Object.entries(error.errors)) {
            const field = WIRE_FIELDS[wireField];
            if (field && messages[0]) fields[field] = localizeCustomerMessage(messages[0], language);
          }
        }
        setServerErrors(fields);
        setFormError(
          moneyRequestError(
            error,
            {
              unanswered: t('customer.newTransaction.unanswered'),
              refused: (detail) => t('customer.form.failed', { detail }),
              fallback: t('customer.form.tryAgain'),
            },
            language,
          ),
        );
      },
    });
  };

  return (
    <Stack gap="5" maxW="2xl">
      <PageHeader title={t('customer.form.pageTitle')} description={t('customer.form.pageSubtitle')} />
      <Card.Root size={{ base: 'sm', md: 'md' }}>
        <Card.Body>
          <TransactionForm
            variant="page"
            initialValues={draft ?? EMPTY_TRANSACTION_FORM}
            notice={
              draft ? (
                <Alert.Root status="info" size="sm" data-testid="draft-restored">
                  <Alert.Indicator />
                  <Alert.Description>{t('customer.form.restored')}</Alert.Description>
                </Alert.Root>
              ) : null
            }
            outcome={
              formError ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{formError}</Alert.Title>
                </Alert.Root>
              ) : null
            }
            ownPhone={user?.phone_number}
            isSending={create.isPending}
            serverErrors={serverErrors}
            onSubmit={submit}
            onChange={(values) => {
              typed.current = values;
            }}
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
