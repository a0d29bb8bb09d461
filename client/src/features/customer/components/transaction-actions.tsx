/**
 * The buttons a party may press now. Which ones is the server's answer (`allowed_actions`, the state
 * machine's table); each opens a dialog that says in plain words what will happen to the money.
 */
import { Alert, Button, CloseButton, Field, Input, NativeSelect, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { Ban, CircleCheck, FileWarning, PackageCheck, Truck, Undo2, X, Check } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatKes } from '@escrow/core/domain/money';
import { inspectionWindowWords } from '@escrow/core/domain/inspection-window';
import { DISPUTE_REASONS } from '@escrow/core/contract/transactions';
import { useT, type Language, type Translate } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { useTransactionAction, type DisputeType, type TransactionActionName, type TransactionActionRequest } from '../api/actions';
import type { TransactionDetail } from '../api/transactions';
import { customerKeys } from '../api/keys';
import { cents, whatARefundReturns } from '../money';
import { ActionDialog } from './action-dialog';
import { actionWentThrough } from './action-outcome';
import { errorMessage } from './query-state';
import { statusLabel } from '@/components/status-badge';

const REASON_MAX = 1000;
const DISPUTE_MAX = 2000;

interface ActionLook {
  icon: ReactNode;
  tone: 'teal' | 'red' | 'orange';
  variant: 'solid' | 'outline';
}

const LOOKS: Record<TransactionActionName, ActionLook> = {
  dispatch: { icon: <Truck aria-hidden />, tone: 'teal', variant: 'solid' },
  release: { icon: <PackageCheck aria-hidden />, tone: 'teal', variant: 'solid' },
  cancel: { icon: <Ban aria-hidden />, tone: 'red', variant: 'outline' },
  dispute: { icon: <FileWarning aria-hidden />, tone: 'orange', variant: 'outline' },
  request_withdrawal: { icon: <Undo2 aria-hidden />, tone: 'orange', variant: 'outline' },
  accept_withdrawal: { icon: <Check aria-hidden />, tone: 'teal', variant: 'solid' },
  decline_withdrawal: { icon: <X aria-hidden />, tone: 'red', variant: 'outline' },
  confirm_return: { icon: <CircleCheck aria-hidden />, tone: 'teal', variant: 'solid' },
};

/** The words of a dispute type, in the reader's language. */
export const disputeTypeLabel = (t: Translate, type: string) =>
  (DISPUTE_REASONS as readonly string[]).includes(type) ? t(`customer.actions.disputeTypes.${type as DisputeType}`) : null;

/** The order buttons appear in: the expected next step first, the exits last. */
const ACTION_ORDER: TransactionActionName[] = [
  'dispatch',
  'release',
  'accept_withdrawal',
  'confirm_return',
  'decline_withdrawal',
  'request_withdrawal',
  'dispute',
  'cancel',
];

/** What the action does to the money, with the quote's figures. */
export function explanation(action: TransactionActionName, detail: TransactionDetail, t: Translate, language: Language): string {
  const txn = detail.transaction;
  const common = {
    product: txn.product_name,
    buyer: detail.buyer.display_name,
    seller: detail.seller.display_name,
    window: inspectionWindowWords(txn.inspection_window_hours, language),
  };
  switch (action) {
    case 'dispatch':
      return t('customer.actions.dispatch.explain', common);
    case 'release':
      // What the seller is paid, not only what leaves escrow: the seller's fee comes out of the price.
      return t('customer.actions.release.explain', {
        ...common,
        amount: formatKes(cents(txn.quote.held)),
        sellerReceives: formatKes(cents(txn.quote.seller_receives)),
        sellerFee: formatKes(cents(txn.seller_fee)),
      });
    case 'cancel':
      return txn.status === 'pending'
        ? t('customer.actions.cancel.explainUnpaid')
        : t('customer.actions.cancel.explainPaid', { amount: formatKes(whatARefundReturns(txn)) });
    case 'dispute':
      return t('customer.actions.dispute.explain');
    case 'request_withdrawal':
      return t('customer.actions.request_withdrawal.explain', { amount: formatKes(cents(txn.quote.held)) });
    case 'accept_withdrawal':
      return t('customer.actions.accept_withdrawal.explain', { amount: formatKes(cents(txn.quote.held)) });
    case 'decline_withdrawal':
      return t('customer.actions.decline_withdrawal.explain');
    case 'confirm_return':
      return t('customer.actions.confirm_return.explain', { ...common, amount: formatKes(whatARefundReturns(txn)) });
  }
}

/** What the page says once the action is done (a funded cancellation: where the refund goes). */
export function doneMessage(action: TransactionActionName, detail: TransactionDetail, t: Translate): string {
  if (action === 'cancel' && detail.transaction.status !== 'pending') return t('customer.actions.cancel.doneRefund');
  return t(`customer.actions.${action}.done`);
}

export function TransactionActions({
  detail,
  onDone,
}: {
  detail: TransactionDetail;
  /** The confirmation to show, and the status the action left the transaction in. */
  onDone: (message: string, status: string) => void;
}) {
  const { t, language } = useT();
  const txn = detail.transaction;
  const mutation = useTransactionAction(txn.id);
  // The dialog's action stays set while it closes, so its content does not vanish mid-animation.
  const [dialogAction, setDialogAction] = useState<TransactionActionName | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const [reason, setReason] = useState('');
  const [disputeType, setDisputeType] = useState<DisputeType>('non_delivery');
  const [dispatchDetails, setDispatchDetails] = useState({ courier: '', trackingNumber: '', note: '' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  // A refused action's error stays on the page after its dialog closes, until dismissed or retried.
  const [pageError, setPageError] = useState<string | null>(null);

  const allowed = new Set(txn.allowed_actions);
  const actions = ACTION_ORDER.filter((action) => allowed.has(action));
  // The page refreshed under an open dialog (the other party acted, a job ran): say so instead of trying.
  const isStale = isOpen && dialogAction !== null && !allowed.has(dialogAction) && !mutation.isPending && !mutation.isSuccess;
  // The transaction as it was when the person confirmed: what the dialog said, and where the action starts.
  const confirmed = useRef<TransactionDetail | null>(null);
  const queryClient = useQueryClient();
  const wentThroughTo = (error: unknown, now: TransactionDetail | undefined) =>
    !!dialogAction &&
    !!confirmed.current &&
    !!now &&
    actionWentThrough({
      action: dialogAction,
      error,
      before: confirmed.current.transaction.status,
      after: now.transaction.status,
      type: now.transaction.transaction_type,
      role: now.transaction.my_role,
    });
  // The answer was lost after the server did the work (the page, fetched again, shows its result): it is
  // done, not "no longer possible", and the dialog must not read the new figures ("Release KES 0").
  const wentThrough = isStale && mutation.isError && wentThroughTo(mutation.error, detail);
  useEffect(() => {
    if (!wentThrough || !dialogAction || !confirmed.current) return;
    setIsOpen(false);
    setPageError(null);
    onDone(doneMessage(dialogAction, confirmed.current, t), detail.transaction.status);
    mutation.reset();
    // Only the moment it is seen matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wentThrough]);
  const shown = isStale && confirmed.current ? confirmed.current : detail;

  const openDialog = (action: TransactionActionName, trigger: HTMLButtonElement) => {
    triggerRef.current = trigger;
    confirmed.current = detail;
    mutation.reset();
    setReason('');
    setDispatchDetails({ courier: '', trackingNumber: '', note: '' });
    setFieldError(null);
    setPageError(null);
    setDialogAction(action);
    setIsOpen(true);
  };

  const confirm = () => {
    if (!dialogAction) return;
    let request: TransactionActionRequest;
    const text = reason.trim();
    if (dialogAction === 'dispute') {
      if (text.length < 3) return setFieldError(t('customer.actions.fields.describeError'));
      request = { action: 'dispute', reason: text, disputeType };
    } else if (dialogAction === 'request_withdrawal') {
      if (text.length < 3) return setFieldError(t('customer.actions.fields.withdrawError'));
      request = { action: 'request_withdrawal', reason: text };
    } else if (dialogAction === 'cancel') {
      request = { action: 'cancel', ...(text ? { reason: text } : {}) };
    } else if (dialogAction === 'dispatch') {
      request = {
        action: 'dispatch',
        courier: dispatchDetails.courier.trim() || undefined,
        trackingNumber: dispatchDetails.trackingNumber.trim() || undefined,
        note: dispatchDetails.note.trim() || undefined,
      };
    } else {
      request = { action: dialogAction };
    }
    setFieldError(null);
    const action = dialogAction;
    confirmed.current = detail;
    mutation.mutate(request, {
      onSuccess: (transaction) => {
        setIsOpen(false);
        onDone(doneMessage(action, detail, t), transaction.status);
      },
      onError: (error) => {
        if (wentThroughTo(error, queryClient.getQueryData<TransactionDetail>(customerKeys.transaction(txn.id)))) return;
        setPageError(errorMessage(error, t('customer.actions.genericError'), language));
      },
    });
  };

  const hasReason = dialogAction === 'dispute' || dialogAction === 'request_withdrawal' || dialogAction === 'cancel';
  const dialogError = isStale
    ? t('customer.actions.stale', { status: statusLabel(t, txn.status) })
    : mutation.isError
      ? errorMessage(mutation.error, t('customer.actions.genericError'), language)
      : null;

  return (
    <Stack gap="3">
      {pageError ? (
        <Alert.Root status="error" role="alert" data-testid="action-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('customer.actions.errorTitle')}</Alert.Title>
            <Alert.Description>{pageError}</Alert.Description>
          </Alert.Content>
          <CloseButton size="xs" aria-label={t('customer.actions.dismissError')} onClick={() => setPageError(null)} />
        </Alert.Root>
      ) : null}
      {actions.length > 0 ? (
        <Wrap gap="2" data-testid="transaction-actions">
          {actions.map((action) => (
            <Button
              key={action}
              colorPalette={LOOKS[action].tone}
              variant={LOOKS[action].variant}
              onClick={(event) => openDialog(action, event.currentTarget)}
              data-action={action}
              flexGrow={{ base: 1, sm: 0 }}
            >
              {LOOKS[action].icon}
              {t(`customer.actions.${action}.label`)}
            </Button>
          ))}
        </Wrap>
      ) : null}
      {txn.status === 'dispatched' && txn.inspection_ends_at && allowed.has('release') ? (
        <Text fontSize="sm" color="fg.muted" data-testid="auto-release">
          {t('customer.payout.autoReleaseBuyer', { date: formatDateTime(txn.inspection_ends_at, language) })}
        </Text>
      ) : null}
      {dialogAction ? (
        <ActionDialog
          open={isOpen}
          onClose={() => setIsOpen(false)}
          finalFocusEl={() => triggerRef.current}
          title={t(`customer.actions.${dialogAction}.title`)}
          confirmLabel={
            dialogAction === 'release'
              ? t('customer.actions.release.confirm', { amount: formatKes(cents(shown.transaction.quote.held)) })
              : t(`customer.actions.${dialogAction}.confirm`)
          }
          tone={LOOKS[dialogAction].tone}
          isBusy={mutation.isPending}
          canConfirm={!isStale}
          error={dialogError}
          onConfirm={confirm}
        >
          <Text>{explanation(dialogAction, shown, t, language)}</Text>
          {dialogAction === 'dispatch' ? (
            <>
              <Field.Root>
                <Field.Label>{t('customer.dispatch.courier')}</Field.Label>
                <Input
                  name="courier"
                  maxLength={60}
                  value={dispatchDetails.courier}
                  onChange={(event) => setDispatchDetails((current) => ({ ...current, courier: event.target.value }))}
                />
                <Field.HelperText>{t('customer.dispatch.courierHelp')}</Field.HelperText>
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('customer.dispatch.tracking')}</Field.Label>
                <Input
                  name="tracking_number"
                  maxLength={60}
                  value={dispatchDetails.trackingNumber}
                  onChange={(event) => setDispatchDetails((current) => ({ ...current, trackingNumber: event.target.value }))}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('customer.dispatch.note')}</Field.Label>
                <Textarea
                  name="note"
                  maxLength={500}
                  rows={3}
                  value={dispatchDetails.note}
                  onChange={(event) => setDispatchDetails((current) => ({ ...current, note: event.target.value }))}
                />
                <Field.HelperText>{t('customer.dispatch.noteHelp')}</Field.HelperText>
              </Field.Root>
            </>
          ) : null}
          {dialogAction === 'dispute' ? (
            <Field.Root required>
              <Field.Label>{t('customer.actions.fields.whatWentWrong')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={disputeType} onChange={(event) => setDisputeType(event.target.value as DisputeType)}>
                  {DISPUTE_REASONS.map((value) => (
                    <option key={value} value={value}>
                      {t(`customer.actions.disputeTypes.${value}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null}
          {hasReason ? (
            <Field.Root required={dialogAction !== 'cancel'} invalid={!!fieldError}>
              <Field.Label>
                {dialogAction === 'dispute'
                  ? t('customer.actions.fields.describe')
                  : dialogAction === 'request_withdrawal'
                    ? t('customer.actions.fields.whyWithdraw')
                    : t('customer.actions.fields.reasonOptional')}
              </Field.Label>
              <Textarea
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={dialogAction === 'dispute' ? DISPUTE_MAX : dialogAction === 'cancel' ? 500 : REASON_MAX}
                rows={4}
                autoFocus
              />
              {dialogAction === 'dispute' ? <Field.HelperText>{t('customer.actions.fields.describeHelp')}</Field.HelperText> : null}
              <Field.ErrorText>{fieldError}</Field.ErrorText>
            </Field.Root>
          ) : null}
          {dialogAction === 'release' || dialogAction === 'confirm_return' || dialogAction === 'accept_withdrawal' ? (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('customer.actions.moneyMoves')}</Alert.Title>
            </Alert.Root>
          ) : null}
        </ActionDialog>
      ) : null}
    </Stack>
  );
}
