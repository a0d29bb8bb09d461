/**
 * The facts an event of the transaction timeline carries (its `data`), for people: money and dates
 * formatted, enum values in words, ids shortened (the full id goes in a title), `false` flags and
 * machine duplicates (a rail's code beside its name) left out.
 */
import { formatDateTime, formatMoney, humanize } from '@/lib/format';
import { enumLabel } from '../labels';

export interface EventFact {
  key: string;
  label: string;
  value: string;
  /** The full value when `value` shortens it (an id). */
  title?: string;
}

/** Keys that repeat another key in machine form, when that other key is present. */
const DUPLICATE_OF: Record<string, string> = { rail: 'rail_name', response: 'response_text', dispute_type: 'reason' };
const LABELS: Record<string, string> = {
  rail_name: 'Paid through',
  mpesa_receipt: 'M-Pesa receipt',
  is_late: 'Late',
  response_text: 'Response',
  dispute_description: 'Description',
};
// `seller_payout` (a ruling's event) is money too: without `payout` it read '8921.00' beside 'KES 9,000'.
const MONEY_KEY = /amount|fee|price|total|paid|refund|payout/;
const MONEY = /^-?\d+(\.\d{1,2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ENUM = /^[a-z]+(_[a-z0-9]+)*$/;

export function eventFacts(data: Record<string, unknown>): EventFact[] {
  const facts: EventFact[] = [];
  for (const [key, raw] of Object.entries(data)) {
    if (raw === null || raw === undefined || typeof raw === 'object') continue;
    if (DUPLICATE_OF[key] && data[DUPLICATE_OF[key]] !== undefined && data[DUPLICATE_OF[key]] !== null) continue;
    const label = LABELS[key] ?? humanize(key.replace(/_at$/, ''));
    if (typeof raw === 'boolean') {
      // A flag that is off says nothing; one that is on reads as a word.
      if (raw) facts.push({ key, label, value: 'Yes' });
      continue;
    }
    const text = String(raw);
    if (key === 'id' || key.endsWith('_id')) {
      facts.push({ key, label: humanize(key.replace(/_?id$/, '')) || 'Id', value: `…${text.replace(/-/g, '').slice(-8)}`, title: text });
    } else if (MONEY_KEY.test(key) && MONEY.test(text)) {
      facts.push({ key, label, value: formatMoney(text) });
    } else if (ISO_DATE.test(text)) {
      facts.push({ key, label, value: formatDateTime(text) });
    } else if (typeof raw === 'string' && ENUM.test(text)) {
      facts.push({ key, label, value: enumLabel(text) });
    } else {
      facts.push({ key, label, value: text });
    }
  }
  return facts;
}
