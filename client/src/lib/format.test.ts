import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPhone, formatRelativeTime, humanize, relativeTime } from './format';

describe('formatMoney', () => {
  it('shows wire amounts in KES with 0 to 2 decimals', () => {
    expect(formatMoney('1500.00')).toBe('KES 1,500');
    expect(formatMoney('1234567.50')).toBe('KES 1,234,567.50');
    expect(formatMoney('-20.00')).toBe('-KES 20');
    expect(formatMoney(null)).toBe('KES 0');
  });
});

describe('formatRelativeTime (docs/product-rules.md §9)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says Just now under a minute, then minutes, hours and days under a week', () => {
    expect(formatRelativeTime(ago(59), now)).toBe('Just now');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(3599), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(7200), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(6 * 86400), now)).toBe('6 days ago');
  });

  it('shows a date from a week on, and reads deadlines in the future', () => {
    expect(formatRelativeTime(ago(7 * 86400), now)).toMatch(/14 Nov 2026/);
    expect(formatRelativeTime(ago(-3 * 3600), now)).toBe('in 3 hours');
    expect(formatRelativeTime('not a date', now)).toBe('—');
  });

  it('gives the unit and count for the catalogs to word (the customer area in English and Kiswahili)', () => {
    expect(relativeTime(ago(30), now)).toEqual({ unit: 'now', future: false });
    expect(relativeTime(ago(60), now)).toEqual({ unit: 'minute', count: 1, future: false });
    expect(relativeTime(ago(-2 * 86400), now)).toEqual({ unit: 'day', count: 2, future: true });
    expect(relativeTime(ago(8 * 86400), now)).toEqual({ unit: 'date', date: expect.stringMatching(/13 Nov 2026/) });
    expect(relativeTime(undefined, now)).toEqual({ unit: 'unknown' });
  });
});

describe('formatDate and formatDateTime', () => {
  it("name the month in the reader's language", () => {
    expect(formatDate('2026-12-27T09:00:00Z')).toBe('27 Dec 2026');
    expect(formatDate('2026-12-27T09:00:00Z', 'sw')).toBe('27 Des 2026');
    expect(formatDateTime('2027-08-03T09:00:00Z', 'sw')).toMatch(/^3 Ago 2027, \d\d:\d\d$/);
    expect(formatDate(undefined, 'sw')).toBe('—');
  });
});

describe('formatPhone and humanize', () => {
  it('formats stored phones and enum values for people', () => {
    expect(formatPhone('254722123456')).toBe('0722 123 456');
    expect(formatPhone('0722***456')).toBe('0722***456');
    expect(humanize('lipa_mdogo_mdogo')).toBe('Lipa mdogo mdogo');
  });
});
