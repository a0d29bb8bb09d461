/** SMS to the parties of a transaction, with the parameters every template shares. */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { formatKes } from '@escrow/core/domain/money';
import { displayPhone } from '@escrow/core/domain/phone';
import { railNameForPhone } from '@escrow/core/domain/rail-choice';
import { queueSms } from '../notifications/notify.ts';
import type { SmsTemplate } from '../notifications/templates.ts';
import type { LockedTransaction } from './access.ts';

type Message = [SmsTemplate, Record<string, string>?];

export async function notifyParties(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  messages: { buyer?: Message; seller?: Message },
): Promise<void> {
  const base = {
    ref: txn.referenceNumber,
    product: txn.productName.length > 40 ? `${txn.productName.slice(0, 37)}...` : txn.productName,
    amount: formatKes(txn.amountCents),
    buyer: `${txn.buyer.firstName} (${displayPhone(txn.buyer.phoneNumber)})`,
    seller: txn.seller ? `${txn.seller.firstName} (${displayPhone(txn.sellerPhone)})` : displayPhone(txn.sellerPhone),
  };
  if (messages.buyer) {
    const [template, params] = messages.buyer;
    await queueSms(ctx, tx, {
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
    await queueSms(ctx, tx, {
      phone: txn.sellerPhone,
      template,
      // A seller is paid out on their own network's rail (payoutRail in @escrow/core/domain/rail-choice).
      params: { ...base, rail: railNameForPhone(txn.sellerPhone), ...params },
      transactionId: txn.id,
      // A seller without an account yet: queueSms looks the phone up.
      ...(txn.seller ? { language: txn.seller.language } : {}),
    });
  }
}
