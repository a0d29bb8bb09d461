/**
 * A timeline event's sentence in the reader's language, built from its type and the data the server stored
 * with it (server/src/modules/escrow-core/timeline.ts). English readers keep the server's own description,
 * which the English templates mirror; so does anyone reading an event recorded before its data carried what
 * its sentence needs. What people wrote (reasons, dispute texts, file names, couriers, product names) is
 * quoted as they wrote it.
 */
import { parseAmount } from '@escrow/core/domain/money';
import { isPaymentFailureKind, paymentFailureSentence, payoutFailureSentence } from '@escrow/core/domain/payment-failure';
import type { TimelineEventType } from '@escrow/core/domain/timeline-events';
import { DISPUTE_REASONS } from '@escrow/core/contract/transactions';
import type { Language, MessageKey, MessageParams, Translate } from '@/i18n';
import type { Catalog } from '@/i18n/en';
import { formatDate, formatMoney } from '@/lib/format';
import type { TimelineEntry } from '../api/transactions';

type Entry = Pick<TimelineEntry, 'event_type' | 'description' | 'data'>;
type Data = Record<string, unknown>;
type SentenceKey = Exclude<keyof Catalog['customer']['timeline']['sentences'], 'party'>;
type Build = (data: Data, t: Translate, language: Language) => string | null;

const PARTIES = ['buyer', 'seller', 'admin'] as const;
const EVIDENCE_KINDS = ['screenshot', 'chat_history', 'delivery_record', 'statement', 'other'] as const;

const text = (data: Data, key: string) => {
  const value = data[key];
  return typeof value === 'string' && value.trim() ? value : null;
};
const money = (data: Data, key: string) => {
  const value = data[key];
  return typeof value === 'string' && parseAmount(value) !== null ? formatMoney(value) : null;
};
const date = (data: Data, key: string, language: Language = 'en') => {
  const value = data[key];
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDate(value, language) : null;
};
const count = (data: Data, key: string) => {
  const value = data[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
};
const oneOf = <T extends string>(data: Data, key: string, values: readonly T[]) => {
  const value = data[key];
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;
};
/** A receipt, or the words for none when the event recorded none (null); undefined when it never said. */
const receipt = (data: Data, t: Translate, none: SentenceKey) => {
  if (data.mpesa_receipt === null) return t(`customer.timeline.sentences.${none}`);
  return text(data, 'mpesa_receipt');
};
const party = (data: Data, t: Translate) => {
  const actor = oneOf(data, 'actor', PARTIES);
  return actor ? t(`customer.timeline.sentences.party.${actor}`) : null;
};

/** A failed payout's or refund's rail, amount and reason as its payee is told it (the SMS's words). */
function payoutFailureParams(data: Data, language: Language) {
  const rail = text(data, 'rail_name');
  const kind = data.failure_code;
  const reason = rail && isPaymentFailureKind(kind) ? payoutFailureSentence(kind, language, rail) : null;
  return { rail, amount: money(data, 'amount'), reason };
}

/** The sentence `key` with `params`, or null when one of them is missing. */
function say(t: Translate, key: SentenceKey, params: Record<string, string | number | null> = {}): string | null {
  if (Object.values(params).some((value) => value === null)) return null;
  return t(`customer.timeline.sentences.${key}` as MessageKey, params as MessageParams);
}

const SENTENCES: Record<TimelineEventType, Build> = {
  transaction_initiated: (data, t) => {
    const type = text(data, 'transaction_type');
    if (!type) return null;
    return say(t, type === 'lipa_mdogo_mdogo' ? 'planCreated' : 'created', { product: text(data, 'product_name') });
  },
  payment_initiated: (data, t) => say(t, 'paymentRequested', { rail: text(data, 'rail_name'), amount: money(data, 'amount') }),
  payment_completed: (data, t) => {
    if (typeof data.late !== 'boolean') return null;
    // No receipt: said as what reported the success (events from before `confirmed_by` came by the query).
    const none = data.confirmed_by === 'callback' ? 'noReceipt' : 'receiptByQuery';
    const params = { rail: text(data, 'rail_name'), amount: money(data, 'amount'), receipt: receipt(data, t, none) };
    return say(t, data.late ? 'paymentReceivedLate' : 'paymentReceived', params);
  },
  payment_failed: (data, t, language) => {
    const rail = text(data, 'rail_name');
    const status = oneOf(data, 'payment_status', ['failed', 'cancelled'] as const);
    const kind = data.failure_code;
    if (!rail || !status || !isPaymentFailureKind(kind)) return null;
    const reason = paymentFailureSentence(kind, language, rail);
    return say(t, status === 'cancelled' ? 'paymentCancelled' : 'paymentFailed', { rail, amount: money(data, 'amount'), reason });
  },
  installment_paid: (data, t) => say(t, 'installmentPaid', { sequence: count(data, 'sequence'), amount: money(data, 'amount') }),
  transaction_funded: (data, t) => say(t, 'funded', { amount: money(data, 'amount') }),
  dispatch_confirmed: (data, t) => {
    if (data.via === 'release_code') return say(t, 'handedOver');
    // A dispatch by the seller always recorded its inspection window; a hand-over by code did not.
    if (!date(data, 'inspection_ends_at')) return null;
    const courier = text(data, 'courier');
    const tracking = text(data, 'tracking_number');
    if (!courier) return say(t, 'dispatched');
    return tracking ? say(t, 'dispatchedWithTracking', { courier, tracking }) : say(t, 'dispatchedWith', { courier });
  },
  delivery_confirmed: (_data, t) => say(t, 'deliveryConfirmed'),
  auto_release_confirmed: (_data, t) => say(t, 'autoReleased'),
  payment_released: (data, t) => {
    const by = oneOf(data, 'released_by', ['buyer', 'auto_release', 'release_code', 'ruling'] as const);
    if (!by) return null;
    return say(t, by === 'ruling' ? 'releasedByRuling' : 'released');
  },
  payout_initiated: (data, t) => say(t, data.retried === true ? 'payoutRetried' : 'payoutStarted', { amount: money(data, 'amount') }),
  payout_completed: (data, t) =>
    say(t, 'payoutSent', { amount: money(data, 'amount'), rail: text(data, 'rail_name'), receipt: receipt(data, t, 'noReceipt') }),
  payout_failed: (data, t, language) => say(t, 'payoutFailed', payoutFailureParams(data, language)),
  transaction_cancelled: (data, t) => {
    const reason = text(data, 'cancel_reason');
    return reason ? say(t, 'cancelledWithReason', { party: party(data, t), reason }) : say(t, 'cancelled', { party: party(data, t) });
  },
  refund_initiated: (data, t) => say(t, data.retried === true ? 'refundRetried' : 'refundStarted', { amount: money(data, 'amount') }),
  refund_completed: (data, t) =>
    say(t, 'refundSent', { amount: money(data, 'amount'), rail: text(data, 'rail_name'), receipt: receipt(data, t, 'noReceipt') }),
  refund_failed: (data, t, language) => say(t, 'refundFailed', payoutFailureParams(data, language)),
  dispute_initiated: (data, t) => {
    if (data.after_withdrawal === true) return say(t, data.lapsed === true ? 'disputeAfterWithdrawalLapsed' : 'disputeAfterWithdrawal');
    // No words of the opener's own (a reason picked from the USSD list): the type, in the reader's language.
    const type = data.dispute_description === null ? oneOf(data, 'reason', DISPUTE_REASONS) : null;
    const words = type ? t(`customer.actions.disputeTypes.${type}`) : text(data, 'dispute_description');
    return say(t, 'disputeOpened', { party: party(data, t), text: words });
  },
  dispute_evidence_added: (data, t) => {
    if (data.response === true) {
      if (typeof data.is_late !== 'boolean') return null;
      return say(t, data.is_late ? 'respondedLate' : 'responded', { party: party(data, t), text: text(data, 'response_text') });
    }
    const kind = oneOf(data, 'kind', EVIDENCE_KINDS);
    if (!kind) return null;
    const kindName = lowerFirst(t(`customer.dispute.kinds.${kind}`));
    const file = text(data, 'file_name');
    return file
      ? say(t, 'evidenceAddedFile', { party: party(data, t), kind: kindName, file })
      : say(t, 'evidenceAdded', { party: party(data, t), kind: kindName });
  },
  dispute_resolved: (data, t) => {
    if (data.return_confirmed === true) {
      const actor = oneOf(data, 'actor', ['seller', 'admin'] as const);
      if (!actor) return null;
      return say(t, actor === 'admin' ? 'returnConfirmedByTeam' : 'returnConfirmed', { amount: money(data, 'buyer_amount') });
    }
    switch (data.outcome) {
      case 'release_seller':
        if (data.plan_goes_on === true) return say(t, 'ruledPlanGoesOn');
        return say(t, 'ruledForSeller', { payout: money(data, 'seller_payout'), released: money(data, 'seller_amount') });
      case 'refund_buyer':
        if (typeof data.awaiting_return !== 'boolean') return null;
        return say(t, data.awaiting_return ? 'ruledForBuyerOnReturn' : 'ruledForBuyer', { amount: money(data, 'buyer_amount') });
      case 'split':
        return say(t, 'ruledSplit', {
          refunded: money(data, 'buyer_amount'),
          payout: money(data, 'seller_payout'),
          released: money(data, 'seller_amount'),
        });
      default:
        return null;
    }
  },
  withdrawal_initiated: (data, t) => say(t, 'withdrawalRequested', { reason: text(data, 'withdrawal_reason') }),
  withdrawal_confirmed: (data, t) => say(t, 'withdrawalAccepted', { amount: money(data, 'amount') }),
  withdrawal_declined: (_data, t) => say(t, 'withdrawalDeclined'),
  withdrawal_lapsed: (_data, t) => say(t, 'withdrawalLapsed'),
  // What ended a request left waiting (escrow-core/run-action.ts); with no cause recorded, just that it closed.
  withdrawal_closed: (data, t) => {
    const closedBy = oneOf(data, 'closed_by', ['dispute', 'cancel'] as const);
    if (!closedBy) return say(t, 'withdrawalClosed');
    return say(t, closedBy === 'dispute' ? 'withdrawalClosedByDispute' : 'withdrawalClosedByCancel');
  },
  installment_reminder_sent: (data, t, language) =>
    say(t, 'reminderSent', { sequence: count(data, 'sequence'), amount: money(data, 'amount'), date: date(data, 'due_date', language) }),
  installment_missed: (data, t, language) => {
    if (data.flagged === true) return say(t, 'planFlagged', { amount: money(data, 'overdue_amount'), days: count(data, 'grace_days') });
    return say(t, 'installmentMissed', {
      sequence: count(data, 'sequence'),
      amount: money(data, 'amount'),
      date: date(data, 'due_date', language),
      grace: date(data, 'grace_ends_at', language),
    });
  },
  release_code_sent: (data, t) => {
    const reason = oneOf(data, 'reason', ['funded', 'resend'] as const);
    return reason ? say(t, reason === 'resend' ? 'codeResent' : 'codeSent') : null;
  },
  release_code_rejected: (_data, t) => say(t, 'codeRejected'),
  release_code_burnt: (data, t) => say(t, 'codeBurnt', { count: count(data, 'failed_attempts') }),
  released_with_code: (_data, t) => say(t, 'releasedWithCode'),
  payout_returned: (data, t) => say(t, 'payoutReturned', { amount: money(data, 'amount') }),
};

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const lowerFirst = (value: string) => value.charAt(0).toLowerCase() + value.slice(1);

/** The event's sentence in `t`'s language, or null when the event type is unknown or its data lacks what it needs. */
export function timelineSentence(entry: Pick<Entry, 'event_type' | 'data'>, t: Translate, language: Language): string | null {
  if (!(entry.event_type in SENTENCES)) return null;
  const sentence = SENTENCES[entry.event_type as TimelineEventType](entry.data ?? {}, t, language);
  return sentence ? upperFirst(sentence) : null;
}

/** What the timeline shows under an event's title: the server's English, or the sentence in the reader's language. */
export function timelineDescription(entry: Entry, t: Translate, language: Language): string {
  if (language === 'en') return entry.description;
  return timelineSentence(entry, t, language) ?? entry.description;
}

/**
 * The line under a failed event: a failed payment's reason in the reader's language (the shared sentences of
 * packages/core/src/domain/payment-failure.ts), else the reason as recorded. Null when the event's sentence
 * (`shown`) already says it: a failed payment's sentence ends with its reason; and for a failed payout or
 * refund whose sentence gives the payee's reason, since what the rail recorded is its own English, for staff.
 */
export function timelineFailure(entry: Pick<Entry, 'event_type' | 'data'>, language: Language, shown = ''): string | null {
  const data = entry.data ?? {};
  if ((entry.event_type === 'payout_failed' || entry.event_type === 'refund_failed') && isPaymentFailureKind(data.failure_code))
    return null;
  const recorded = text(data, 'failure_reason');
  const line =
    language === 'en' || !recorded || entry.event_type !== 'payment_failed' || !isPaymentFailureKind(data.failure_code)
      ? recorded
      : // Events before rails had names were all M-Pesa.
        paymentFailureSentence(data.failure_code, language, text(data, 'rail_name') ?? 'M-Pesa');
  return line && shown.includes(line) ? null : line;
}
