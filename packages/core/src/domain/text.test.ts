import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText, firstGrapheme } from './text.ts';

const hasLoneSurrogate = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('cutText', () => {
  it('leaves text that fits as it is', () => {
    expect(cutText('Samsung A54', 11)).toBe('Samsung A54');
  });

  it('never ends inside an emoji: a cut that would halve one ends before it', () => {
    expect(cutText('iPhone📱 13', 7)).toBe('iPhone');
    expect(cutText('iPhone📱 13', 8)).toBe('iPhone📱');
    // A flag and a family are one character each to a reader.
    expect(cutText('Kenya 🇰🇪 flag', 9)).toBe('Kenya ');
    expect(cutText('👨‍👩‍👧 toy', 5)).toBe('');
  });

  it('returns the longest whole-character start within the limit, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(60), (text, max) => {
        const cut = cutText(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut)).toBe(true);
        expect(hasLoneSurrogate(cut)).toBe(false);
        expect(() => JSON.parse(JSON.stringify(cut))).not.toThrow();
        // Longest: the next grapheme would not have fitted.
        const rest = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.slice(cut.length))];
        if (rest.length > 0) expect(cut.length + rest[0]!.segment.length).toBeGreaterThan(max);
      }),
    );
  });
});

describe('firstGrapheme', () => {
  it('is the first character as a reader sees it', () => {
    expect(firstGrapheme('Otieno')).toBe('O');
    expect(firstGrapheme('😀nyango')).toBe('😀');
    expect(firstGrapheme('')).toBe('');
  });
});
