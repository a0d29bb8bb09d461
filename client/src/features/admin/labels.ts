/**
 * Enum values as the admin area names them: `humanize` ("lipa_mdogo_mdogo" → "Lipa mdogo mdogo"),
 * except for names that have their own spelling (Lipa Mdogo Mdogo, M-Pesa).
 */
import { humanize } from '@/lib/format';

const PROPER_NAMES: Record<string, string> = {
  lipa_mdogo_mdogo: 'Lipa Mdogo Mdogo',
  mpesa: 'M-Pesa',
  airtel_money: 'Airtel Money',
  ussd: 'USSD',
  sms: 'SMS',
};

export function enumLabel(value: string | null | undefined): string {
  return (value && PROPER_NAMES[value]) ?? humanize(value);
}
