/**
 * The buttons a party may press now. Which ones is the server's answer (`allowed_actions`, the state
 * machine's table); each opens a dialog that says in plain words what will happen to the money.
 */
import { Alert, Button, Field, NativeSelect, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { Ban, CircleCheck, FileWarning, PackageCheck, Truck, Undo2, X, Check } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { formatKes } from '@escrow/core/domain/money';
import { DISPUTE_REASONS } from '@escrow/core/contract/transactions';
import { formatDateTime } from '@/lib/format';
import { useTransactionAction, type DisputeType, type TransactionActionName, type TransactionActionRequest } from '../api/actions';
import type { TransactionDetail } from '../api/transactions';
import { cents } from '../money';
import { ActionDialog } from './action-dialog';
import { errorMessage } from './query-state';

export const DISPUTE_TYPE_LABELS: Record<DisputeType, string> = {
  non_delivery: 'Item or service not delivered',
  not_as_described: 'Not as described',
  quality_issue: 'Quality issues',
  payment_delay: 'Payment delay',
  other: 'Something else',
};

const REASON_MAX = 1000;
const DISPUTE_MAX = 2000;

interface ActionCopy {
  label: string;
  icon: ReactNode;
  tone: 'teal' | 'red' | 'orange';
  variant: 'solid' | 'outline';
  title: string;
  confirm: string;
  done: string;
}

function actionCopy(detail: TransactionDetail): Record<TransactionActionName, ActionCopy> {
  const txn = detail.transaction;
  return {
    dispatch: {
      label: 'Mark as dispatched',
      icon: <Truck aria-hidden />,
      tone: 'teal',
      variant: 'solid',
      title: 'Mark as dispatched?',
      confirm: 'Yes, it is dispatched',
      done: 'Marked as dispatched. The buyer has been told by SMS.',
    },
    release: {
      label: 'Confirm delivery & release payment',
      icon: <PackageCheck aria-hidden />,
      tone: 'teal',
      variant: 'solid',
      title: 'Confirm delivery and release payment?',
      confirm: `Release ${formatKes(cents(txn.amount))}`,
      done: 'Payment released to the seller. Thank you for using escrow.',
    },
    cancel: {
      label: 'Cancel transaction',
      icon: <Ban aria-hidden />,
      tone: 'red',
      variant: 'outline',
      title: 'Cancel this transaction?',
      confirm: 'Cancel transaction',
      done:
        txn.status === 'pending'
          ? 'Transaction cancelled.'
          : 'Transaction cancelled. The refund is on its way to the M-Pesa number that paid.',
    },
    dispute: {
      label: 'Raise a dispute',
      icon: <FileWarning aria-hidden />,
      tone: 'orange',
      variant: 'outline',
      title: 'Raise a dispute',
      confirm: 'Open dispute',
      done: 'Dispute opened. The money is frozen; add your evidence below.',
    },
    request_withdrawal: {
      label: 'Request withdrawal',
      icon: <Undo2 aria-hidden />,
      tone: 'orange',
      variant: 'outline',
      title: 'Withdraw from this plan?',
      confirm: 'Send request',
      done: 'Withdrawal requested. The seller will accept or decline.',
    },
    accept_withdrawal: {
      label: 'Accept withdrawal',
      icon: <Check aria-hidden />,
      tone: 'teal',
      variant: 'solid',
      title: 'Accept the withdrawal?',
      confirm: 'Accept and refund',
      done: 'Withdrawal accepted. The buyer is being refunded.',
    },
    decline_withdrawal: {
      label: 'Decline withdrawal',
      icon: <X aria-hidden />,
      tone: 'red',
      variant: 'outline',
      title: 'Decline the withdrawal?',
      confirm: 'Decline',
      done: 'Withdrawal declined. The mediation team will review the case.',
    },
    confirm_return: {
      label: 'Confirm item returned',
      icon: <CircleCheck aria-hidden />,
      tone: 'teal',
      variant: 'solid',
      title: 'Confirm the item came back?',
      confirm: 'Confirm return',
      done: 'Return confirmed. The buyer is being refunded.',
    },
  };
}

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

function Explanation({ action, detail }: { action: TransactionActionName; detail: TransactionDetail }) {
  const txn = detail.transaction;
  const refund = formatKes(cents(txn.quote.paid_in));
  const paidPrice = formatKes(cents(txn.amount_paid));
  switch (action) {
    case 'dispatch':
      return (
        <Text>
          Confirm that you have sent <strong>{txn.product_name}</strong> to {detail.buyer.display_name}. The buyer then inspects it and
          confirms delivery or raises a dispute; if they do neither, the payment is released to you automatically when the inspection period
          ends.
        </Text>
      );
    case 'release':
      return (
        <Text>
          Only confirm if you received <strong>{txn.product_name}</strong> as described. {formatKes(cents(txn.amount))} goes to{' '}
          {detail.seller.display_name} and <strong>this cannot be undone</strong>. If something is wrong, go back and raise a dispute
          instead.
        </Text>
      );
    case 'cancel':
      return txn.status === 'pending' ? (
        <Text>Nothing has been paid yet, so nothing needs refunding. Both of you will be told by SMS.</Text>
      ) : (
        <Text>
          Everything the buyer paid — <strong>{refund}</strong>, their half of the fee included — is refunded to the M-Pesa number that
          paid, and the transaction ends. Both of you will be told by SMS.
        </Text>
      );
    case 'dispute':
      return (
        <Text>
          A dispute freezes the money until our mediation team rules: release to the seller, refund to the buyer, or a split. You can add
          evidence (screenshots, chat history, delivery records) next. The ruling is final.
        </Text>
      );
    case 'request_withdrawal':
      return (
        <Text>
          You ask the seller to end this Lipa Mdogo Mdogo plan. If they accept, what you paid towards the item ({paidPrice}) is refunded at
          once; your half of the fee is kept. If they decline, our mediation team reviews the case.
        </Text>
      );
    case 'accept_withdrawal':
      return (
        <Text>
          The plan ends and the buyer gets back what they paid towards the item — <strong>{paidPrice}</strong> — to their M-Pesa, at once.
          The item stays with you.
        </Text>
      );
    case 'decline_withdrawal':
      return <Text>The case goes to our mediation team, whose ruling is final. The money stays in escrow until then.</Text>;
    case 'confirm_return':
      return (
        <Text>
          Confirm that <strong>{txn.product_name}</strong> came back to you in its original condition. The buyer is then refunded in full (
          {refund}, their half of the fee included). This cannot be undone.
        </Text>
      );
  }
}

export function TransactionActions({ detail, onDone }: { detail: TransactionDetail; onDone: (message: string) => void }) {
  const txn = detail.transaction;
  const mutation = useTransactionAction(txn.id);
  // The dialog's action stays set while it closes, so its content does not vanish mid-animation.
  const [dialogAction, setDialogAction] = useState<TransactionActionName | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const [reason, setReason] = useState('');
  const [disputeType, setDisputeType] = useState<DisputeType>('non_delivery');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const copy = actionCopy(detail);

  const allowed = new Set(txn.allowed_actions);
  const actions = ACTION_ORDER.filter((action) => allowed.has(action));
  if (actions.length === 0) return null;

  const openDialog = (action: TransactionActionName, trigger: HTMLButtonElement) => {
    triggerRef.current = trigger;
    mutation.reset();
    setReason('');
    setFieldError(null);
    setDialogAction(action);
    setIsOpen(true);
  };

  const confirm = () => {
    if (!dialogAction) return;
    let request: TransactionActionRequest;
    const text = reason.trim();
    if (dialogAction === 'dispute') {
      if (text.length < 3) return setFieldError('Describe the problem in a few words');
      request = { action: 'dispute', reason: text, disputeType };
    } else if (dialogAction === 'request_withdrawal') {
      if (text.length < 3) return setFieldError('Tell the seller why you want to withdraw');
      request = { action: 'request_withdrawal', reason: text };
    } else if (dialogAction === 'cancel') {
      request = { action: 'cancel', ...(text ? { reason: text } : {}) };
    } else {
      request = { action: dialogAction };
    }
    setFieldError(null);
    const action = dialogAction;
    mutation.mutate(request, {
      onSuccess: () => {
        setIsOpen(false);
        onDone(copy[action].done);
      },
    });
  };

  const current = dialogAction ? copy[dialogAction] : null;
  const hasReason = dialogAction === 'dispute' || dialogAction === 'request_withdrawal' || dialogAction === 'cancel';

  return (
    <Stack gap="3">
      <Wrap gap="2" data-testid="transaction-actions">
        {actions.map((action) => (
          <Button
            key={action}
            colorPalette={copy[action].tone}
            variant={copy[action].variant}
            onClick={(event) => openDialog(action, event.currentTarget)}
            data-action={action}
            flexGrow={{ base: 1, sm: 0 }}
          >
            {copy[action].icon}
            {copy[action].label}
          </Button>
        ))}
      </Wrap>
      {txn.status === 'dispatched' && txn.inspection_ends_at && allowed.has('release') ? (
        <Text fontSize="sm" color="fg.muted">
          If you neither confirm nor dispute, the payment is released automatically on {formatDateTime(txn.inspection_ends_at)}.
        </Text>
      ) : null}
      {current && dialogAction ? (
        <ActionDialog
          open={isOpen}
          onClose={() => setIsOpen(false)}
          finalFocusEl={() => triggerRef.current}
          title={current.title}
          confirmLabel={current.confirm}
          tone={current.tone}
          isBusy={mutation.isPending}
          error={mutation.isError ? errorMessage(mutation.error, 'That did not work. Please try again.') : null}
          onConfirm={confirm}
        >
          <Explanation action={dialogAction} detail={detail} />
          {dialogAction === 'dispute' ? (
            <Field.Root required>
              <Field.Label>What went wrong?</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={disputeType} onChange={(event) => setDisputeType(event.target.value as DisputeType)}>
                  {DISPUTE_REASONS.map((value) => (
                    <option key={value} value={value}>
                      {DISPUTE_TYPE_LABELS[value]}
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
                  ? 'Describe the problem'
                  : dialogAction === 'request_withdrawal'
                    ? 'Why do you want to withdraw?'
                    : 'Reason (optional)'}
              </Field.Label>
              <Textarea
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={dialogAction === 'dispute' ? DISPUTE_MAX : dialogAction === 'cancel' ? 500 : REASON_MAX}
                rows={4}
                autoFocus
              />
              {dialogAction === 'dispute' ? (
                <Field.HelperText>What you expected, what happened, and what you have tried.</Field.HelperText>
              ) : null}
              <Field.ErrorText>{fieldError}</Field.ErrorText>
            </Field.Root>
          ) : null}
          {dialogAction === 'release' || dialogAction === 'confirm_return' || dialogAction === 'accept_withdrawal' ? (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title>Money moves as soon as you confirm.</Alert.Title>
            </Alert.Root>
          ) : null}
        </ActionDialog>
      ) : null}
    </Stack>
  );
}
