import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('keeps formulas as text but leaves negative numbers alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+254722')).toBe("'+254722");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.50')).toBe('-12.50');
  });

  it('joins rows with CRLF after a header', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
