import { describe, expect, it } from 'vitest';
import { enumLabel } from './labels';

describe('enumLabel', () => {
  it('spells proper names as they are written and humanizes the rest', () => {
    expect(enumLabel('lipa_mdogo_mdogo')).toBe('Lipa Mdogo Mdogo');
    expect(enumLabel('mpesa')).toBe('M-Pesa');
    expect(enumLabel('not_as_described')).toBe('Not as described');
    expect(enumLabel(null)).toBe('');
  });
});
