/**
 * Display formatting shared by the dashboards: money from the wire ("1500.00" → "KES 1,500"), relative
 * times as docs/product-rules.md §9 describes them, dates in the Kenyan locale, phones and enum labels.
 */
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { displayPhone } from '@escrow/core/domain/phone';
import type { Language } from '@/i18n/paths';

/** Dates name their month in the reader's language ("27 Des 2026" in Kiswahili). */
const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };
/**
 * Every date and time is Nairobi's, whatever the browser's zone: the product is Kenyan, and its SMS and
 * deadlines speak Nairobi time (a reader abroad would otherwise see "15:09" where the SMS says 18:09).
 */
export const TIME_ZONE = 'Africa/Nairobi';

/** A wire amount ("1500.00") as "KES 1,500" (0 to 2 decimals); "KES 0" for anything unreadable. */
export function formatMoney(wire: string | null | undefined): string {
  const negative = typeof wire === 'string' && wire.startsWith('-');
  const cents = parseAmount(negative ? wire.slice(1) : (wire ?? '')) ?? 0n;
  return negative ? `-${formatKes(cents)}` : formatKes(cents);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago (or until) a moment is, in the unit docs/product-rules.md §9 shows it in. */
export type RelativeTime =
  | { unit: 'now'; future: boolean }
  | { unit: 'minute' | 'hour' | 'day'; count: number; future: boolean }
  | { unit: 'date'; date: string }
  | { unit: 'unknown' };

/**
 * Spec §9: under 60 seconds "now", then minutes, hours and days (under 7 days), then a date. Times in the
 * future (a deadline) count the same way. The words are the caller's: English below, the customer area's
 * catalogs through client/src/hooks/use-relative-time.ts.
 */
export function relativeTime(iso: string | null | undefined, now: Date = new Date(), language: Language = 'en'): RelativeTime {
  if (!iso) return { unit: 'unknown' };
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return { unit: 'unknown' };
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  const future = seconds < 0;
  const elapsed = Math.abs(seconds);
  if (elapsed < MINUTE) return { unit: 'now', future };
  if (elapsed < HOUR) return { unit: 'minute', count: Math.floor(elapsed / MINUTE), future };
  if (elapsed < DAY) return { unit: 'hour', count: Math.floor(elapsed / HOUR), future };
  if (elapsed < 7 * DAY) return { unit: 'day', count: Math.floor(elapsed / DAY), future };
  return { unit: 'date', date: formatDate(iso, language) };
}

/** relativeTime in English: "Just now", "5 minutes ago", "in 3 hours", "21 Nov 2026" (the admin dashboard's words). */
export function formatRelativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  const time = relativeTime(iso, now);
  switch (time.unit) {
    case 'unknown':
      return '—';
    case 'date':
      return time.date;
    case 'now':
      return time.future ? 'In a moment' : 'Just now';
    default: {
      const text = `${time.count} ${time.unit}${time.count === 1 ? '' : 's'}`;
      return time.future ? `in ${text}` : `${text} ago`;
    }
  }
}

/** "21 Nov 2026". */
export function formatDate(iso: string | null | undefined, language: Language = 'en'): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
}

/** "21 Nov 2026, 14:05". */
export function formatDateTime(iso: string | null | undefined, language: Language = 'en'): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
}

/** 254722123456 → "0722 123 456"; masked or unknown forms are shown as they are. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  return /^254\d{9}$/.test(phone) ? displayPhone(phone) : phone;
}

/** snake_case enum values as words: "lipa_mdogo_mdogo" → "Lipa mdogo mdogo". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '';
  const words = value.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
