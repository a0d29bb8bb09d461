/** SMS to the parties of a transaction, with the parameters every template shares. */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { formatKes } from '@escrow/core/domain/money';
import { displayPhone } from '@escrow/core/domain/phone';
import { railNameForPhone } from '@escrow/core/domain/rail-choice';
import { uuid7 } from '../../db/uuid7.ts';
import type { JobSpec } from '../../jobs/queue.ts';
import { queueSms, smsJob, type SmsRequest } from '../notifications/notify.ts';
import { renderSms, smsExcerpt, type Language, type SmsParams, type SmsTemplate } from '../notifications/templates.ts';

export type { Language, Ruling } from '../notifications/templates.ts';
export { disputeTypeWords, smsDate, smsDateTime, smsExcerpt } from '../notifications/templates.ts';

export type PartyMessage = [SmsTemplate, SmsParams?];

/** What the party SMS read of a transaction (a locked row, or one being created). */
export interface NotifiedTransaction {
  id: string;
  referenceNumber: string;
  productName: string;
  amountCents: bigint;
  sellerPhone: string;
  buyer: { firstName: string; phoneNumber: string; language: Language };
  seller: { firstName: string; language: Language } | null;
}

/**
 * The SMS to each party, with the parameters every template shares. A seller without an account has no
 * language here: `queueSms` looks the phone up.
 */
export function partyMessages(txn: NotifiedTransaction, messages: { buyer?: PartyMessage; seller?: PartyMessage }): SmsRequest[] {
  const base = {
    ref: txn.referenceNumber,
    product: smsExcerpt(txn.productName, 40),
    amount: formatKes(txn.amountCents),
    buyer: `${txn.buyer.firstName} (${displayPhone(txn.buyer.phoneNumber)})`,
    seller: txn.seller ? `${txn.seller.firstName} (${displayPhone(txn.sellerPhone)})` : displayPhone(txn.sellerPhone),
  };
  const requests: SmsRequest[] = [];
  if (messages.buyer) {
    const [template, params] = messages.buyer;
    requests.push({
      phone: txn.buyer.phoneNumber,
      template,
      // The rail a person's own network pays by, unless the message names the rail the money moved on.
      params: { ...base, rail: railNameForPhone(txn.buyer.phoneNumber), ...params },
      transactionId: txn.id,
      language: txn.buyer.language,
    });
  }
  if (messages.seller) {
    const [template, params] = messages.seller;
    requests.push({
      phone: txn.sellerPhone,
      template,
      // A seller is paid out on their own network's rail (payoutRail in @escrow/core/domain/rail-choice).
      params: { ...base, rail: railNameForPhone(txn.sellerPhone), ...params },
      transactionId: txn.id,
      ...(txn.seller ? { language: txn.seller.language } : {}),
    });
  }
  return requests;
}

export async function notifyParties(
  ctx: AppContext,
  tx: Tx,
  txn: NotifiedTransaction,
  messages: { buyer?: PartyMessage; seller?: PartyMessage },
): Promise<void> {
  for (const request of partyMessages(txn, messages)) await queueSms(ctx, tx, request);
}

/**
 * The party SMS as outbox rows rendered now, each with its delivery job, for a hand-written statement
 * that writes them with the change they report (transactions/create-query.ts). `phoneLanguage` is the
 * language of the account holding a phone that has no language here (as `queueSms` looks it up).
 */
export function partyOutbox(
  txn: NotifiedTransaction,
  messages: { buyer?: PartyMessage; seller?: PartyMessage },
  options: { phoneLanguage: Language | null; createdAt: Date },
): { sms: { id: string; phoneNumber: string; template: SmsTemplate; message: string }[]; jobs: JobSpec[] } {
  const sms = partyMessages(txn, messages).map((request) => ({
    id: uuid7(options.createdAt.getTime()),
    phoneNumber: request.phone,
    template: request.template,
    message: renderSms(request.template, request.language ?? options.phoneLanguage ?? 'en', request.params),
  }));
  return { sms, jobs: sms.map((row) => smsJob(row.id)) };
}
