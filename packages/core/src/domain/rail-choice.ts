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
