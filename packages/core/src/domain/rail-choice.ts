/**
 * Which mobile-money rail a phone pays and is paid through. In Kenya, numbers starting 073x, 075x, 078x
 * and 010x are Airtel's (Airtel Money); every other mobile number is Safaricom's (M-Pesa). The payer may
 * choose otherwise (a dual-SIM phone, a wallet on the other network): that choice wins.
 */
import { normalizePhone } from './phone.ts';

export const RAIL_CHOICES = ['mpesa', 'airtel'] as const;
export type RailChoice = (typeof RAIL_CHOICES)[number];

/** How payers know each rail, in SMS, screens and USSD. */
export const RAIL_DISPLAY_NAMES: Record<RailChoice, string> = { mpesa: 'M-Pesa', airtel: 'Airtel Money' };

const AIRTEL_PREFIXES = /^254(73|75|78|10)\d{7}$/;

/** The rail of a phone by its network prefix; `chosen` (the payer's pick) overrides it. */
export function railForPhone(phone: string, chosen?: RailChoice): RailChoice {
  if (chosen) return chosen;
  const msisdn = normalizePhone(phone) ?? phone;
  return AIRTEL_PREFIXES.test(msisdn) ? 'airtel' : 'mpesa';
}

/**
 * The rail a payout goes out on, decided here alone (docs/adr/0008-payment-rail-port.md, "Which rail pays
 * back"). A refund of a pay-in goes back on the rail that pay-in came through, to the phone that paid: the
 * money sits in that rail's cash account, and the payer proved a wallet on that rail with that phone — a
 * dual-SIM payer who picked Airtel Money on a Safaricom number is paid back on Airtel Money, not sent to an
 * M-Pesa wallet they may not use. A seller's payout follows no pay-in: it goes by the seller's prefix.
 */
export function payoutRail(payout: { recipientPhone: string; refundOfPayInOn?: RailChoice }): RailChoice {
  return payout.refundOfPayInOn ?? railForPhone(payout.recipientPhone);
}
