import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectionWindowHours, inspectionWindowWords } from './inspection-window.ts';

describe('inspectionWindowWords', () => {
  it.each([
    [72, '3 days', 'siku 3'],
    [168, '7 days', 'siku 7'],
    [24, '1 day', 'siku 1'],
    [36, '36 hours', 'saa 36'],
    [12, '12 hours', 'saa 12'],
    [1, '1 hour', 'saa 1'],
    [45 / 60, '45 minutes', 'dakika 45'],
    [20 / 60, '20 minutes', 'dakika 20'],
    [1 / 60, '1 minute', 'dakika 1'],
    [0, '0 minutes', 'dakika 0'],
  ])('%d h reads "%s" / "%s"', (hours, en, sw) => {
    expect(inspectionWindowWords(hours, 'en')).toBe(en);
    expect(inspectionWindowWords(hours, 'sw')).toBe(sw);
  });

  it('names exactly the window the API states, in both languages: the number read back times its unit is the window', () => {
    const MINUTES = { day: 24 * 60, hour: 60, minute: 1, siku: 24 * 60, saa: 60, dakika: 1 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * 3600 }), (seconds) => {
        const hours = inspectionWindowHours(seconds);
        const en = /^(\d+) (day|hour|minute)s?$/.exec(inspectionWindowWords(hours, 'en'));
        const sw = /^(siku|saa|dakika) (\d+)$/.exec(inspectionWindowWords(hours, 'sw'));
        expect(en).not.toBeNull();
        expect(sw).not.toBeNull();
        expect(Number(en![1]) * MINUTES[en![2] as 'day']).toBe(Math.round(hours * 60));
        expect(Number(sw![2]) * MINUTES[sw![1] as 'siku']).toBe(Math.round(hours * 60));
        // Singular only for one.
        expect(inspectionWindowWords(hours, 'en').endsWith('s')).toBe(Number(en![1]) !== 1);
      }),
    );
  });

  it('takes whole hours as the API states them, and minutes under an hour, rounded down', () => {
    expect(inspectionWindowHours(259_200)).toBe(72);
    expect(inspectionWindowHours(129_600)).toBe(36);
    expect(inspectionWindowHours(131_400)).toBe(36);
    expect(inspectionWindowHours(3600)).toBe(1);
    expect(inspectionWindowHours(45 * 60)).toBe(0.75);
    expect(inspectionWindowHours(20 * 60)).toBe(20 / 60);
    expect(inspectionWindowHours(60)).toBe(1 / 60);
    expect(inspectionWindowHours(59)).toBe(0);
    expect(inspectionWindowHours(0)).toBe(0);
  });

  it('never states more time than the buyer has: auto-release comes no sooner than the words say', () => {
    const MINUTES = { day: 24 * 60, hour: 60, minute: 1 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * 3600 }), (seconds) => {
        const [, count, unit] = /^(\d+) (day|hour|minute)s?$/.exec(inspectionWindowWords(inspectionWindowHours(seconds), 'en'))!;
        expect(Number(count) * MINUTES[unit as 'day'] * 60).toBeLessThanOrEqual(seconds);
      }),
    );
    // A 90-minute window read "2 hours" when rounded to the nearest hour.
    expect(inspectionWindowWords(inspectionWindowHours(90 * 60), 'en')).toBe('1 hour');
    expect(inspectionWindowWords(inspectionWindowHours(59 * 60 + 30), 'en')).toBe('59 minutes');
    expect(inspectionWindowWords(inspectionWindowHours(30 * 60), 'sw')).toBe('dakika 30');
  });
});
