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
    [0, '0 hours', 'saa 0'],
  ])('%i h reads "%s" / "%s"', (hours, en, sw) => {
    expect(inspectionWindowWords(hours, 'en')).toBe(en);
    expect(inspectionWindowWords(hours, 'sw')).toBe(sw);
  });

  it('names exactly the window, in both languages: the number read back times its unit is the hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 400 }), (hours) => {
        const en = /^(\d+) (day|hour)s?$/.exec(inspectionWindowWords(hours, 'en'));
        const sw = /^(siku|saa) (\d+)$/.exec(inspectionWindowWords(hours, 'sw'));
        expect(en).not.toBeNull();
        expect(sw).not.toBeNull();
        expect(Number(en![1]) * (en![2] === 'day' ? 24 : 1)).toBe(hours);
        expect(Number(sw![2]) * (sw![1] === 'siku' ? 24 : 1)).toBe(hours);
        // Singular only for one.
        expect(inspectionWindowWords(hours, 'en').endsWith('s')).toBe(Number(en![1]) !== 1);
      }),
    );
  });

  it('takes whole hours as the API states them', () => {
    expect(inspectionWindowHours(259_200)).toBe(72);
    expect(inspectionWindowHours(129_600)).toBe(36);
    expect(inspectionWindowHours(3600)).toBe(1);
  });
});
