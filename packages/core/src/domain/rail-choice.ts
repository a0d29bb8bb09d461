/**
 * Which mobile-money rail a phone pays and is paid through. In Kenya, numbers starting 073x, 0750–0756,
 * 078x and 010x are Airtel's (Airtel Money); every other mobile number is Safaricom's (M-Pesa), 0757–0759
 * included: RAIL_PREFIXES below. The payer may choose otherwise (a dual-SIM phone, a wallet on the other network): that choice wins.
 * RAIL_CHOICES is the one list of rails: the server's port (server/src/rails/port.ts), the API contract,
 * the USSD menu and the pay screen derive theirs from it.
 */
import { normalizePhone } from './phone.ts';

export const RAIL_CHOICES = ['mpesa', 'airtel'] as const;
export type RailChoice = (typeof RAIL_CHOICES)[number];

/** How payers know each rail, in SMS, screens and USSD. */
export const RAIL_DISPLAY_NAMES: Record<RailChoice, string> = { mpesa: 'M-Pesa', airtel: 'Airtel Money' };

/** The rail of a number that no row of RAIL_PREFIXES claims: Safaricom's M-Pesa, Kenya's default network. */
export const DEFAULT_RAIL = 'mpesa' satisfies RailChoice;

/**
 * Every other rail's network prefixes: the digits after 254 (after 0 in the local form) that its numbers
 * start with, as the Communications Authority assigned them. A rail added to RAIL_CHOICES adds its row
 * here (the type requires one). Airtel's 075 block stops at 0756: 0757, 0758 and 0759 are Safaricom's.
 */
const RAIL_PREFIXES: Record<Exclude<RailChoice, typeof DEFAULT_RAIL>, readonly string[]> = {
  airtel: ['73', '750', '751', '752', '753', '754', '755', '756', '78', '10'],
};
const PREFIX_ROWS = Object.entries(RAIL_PREFIXES) as [RailChoice, readonly string[]][];

const MSISDN = /^254\d{9}$/;

/** Prefixes as people write them: "073x" for a block, "0750" for one prefix, a run of them as "0750–0756". */
function prefixesText(prefixes: readonly string[]): string {
  const shown = (prefix: string) => `0${prefix}${prefix.length === 2 ? 'x' : ''}`;
  const parts: string[] = [];
  for (let first = 0; first < prefixes.length;) {
    let last = first;
    const follows = (next: string | undefined) =>
      next !== undefined && prefixes[last]!.length === 3 && next.length === 3 && Number(next) === Number(prefixes[last]) + 1;
    while (follows(prefixes[last + 1])) last += 1;
    parts.push(last > first ? `${shown(prefixes[first]!)}–${shown(prefixes[last]!)}` : shown(prefixes[first]!));
    first = last + 1;
  }
  return parts.join(', ');
}

/** The prefixes in words, for API descriptions: "073x, 0750–0756, 078x, 010x: Airtel Money; others: M-Pesa". */
export const RAIL_PREFIXES_TEXT = [
  ...PREFIX_ROWS.map(([rail, prefixes]) => `${prefixesText(prefixes)}: ${RAIL_DISPLAY_NAMES[rail]}`),
  `others: ${RAIL_DISPLAY_NAMES[DEFAULT_RAIL]}`,
].join('; ');

/** The rail of a phone by its network prefix; `chosen` (the payer's pick) overrides it. */
export function railForPhone(phone: string, chosen?: RailChoice): RailChoice {
  if (chosen) return chosen;
  const msisdn = normalizePhone(phone) ?? phone;
  if (!MSISDN.test(msisdn)) return DEFAULT_RAIL;
  const national = msisdn.slice(3);
  return PREFIX_ROWS.find(([, prefixes]) => prefixes.some((prefix) => national.startsWith(prefix)))?.[0] ?? DEFAULT_RAIL;
}

/** The name of the rail a phone pays and is paid by when nobody picked another: "M-Pesa", "Airtel Money". */
export function railNameForPhone(phone: string): string {
  return RAIL_DISPLAY_NAMES[railForPhone(phone)];
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
