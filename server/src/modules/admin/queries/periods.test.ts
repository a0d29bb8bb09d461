import { describe, expect, it } from 'vitest';
import { addPeriods, periodStart } from './analytics.ts';
import { likeEscape, nairobiMidnight, nairobiToday, phoneFragment } from './shared.ts';

describe('analytics periods', () => {
  it('starts days on themselves, weeks on Monday and months on the 1st', () => {
    expect(periodStart('2026-11-21', 'day')).toBe('2026-11-21');
    expect(periodStart('2026-11-21', 'week')).toBe('2026-11-16'); // a Saturday → its Monday
    expect(periodStart('2026-11-16', 'week')).toBe('2026-11-16');
    expect(periodStart('2026-11-22', 'week')).toBe('2026-11-16'); // Sunday ends the ISO week
    expect(periodStart('2026-11-21', 'month')).toBe('2026-11-01');
  });

  it('steps across month and year ends', () => {
    expect(addPeriods('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(addPeriods('2026-12-28', 'week', 1)).toBe('2027-01-04');
    expect(addPeriods('2026-01-01', 'month', -11)).toBe('2025-02-01');
    expect(addPeriods('2026-11-01', 'month', 2)).toBe('2027-01-01');
  });
});

describe('Nairobi days', () => {
  it('turns at 21:00 UTC (UTC+3, no daylight saving)', () => {
    expect(nairobiMidnight(new Date('2026-11-21T20:59:00Z')).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(nairobiMidnight(new Date('2026-11-21T21:00:00Z')).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(nairobiToday(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22');
  });
});

describe('search terms', () => {
  it('reads phone fragments in their stored form', () => {
    expect(phoneFragment('0722 123')).toBe('254722123');
    expect(phoneFragment('+254722')).toBe('254722');
    expect(phoneFragment('123-456')).toBe('123456');
    expect(phoneFragment('12')).toBe(null);
    expect(phoneFragment('ESC-7KQ2')).toBe(null);
  });

  it('escapes LIKE wildcards', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
