import { describe, expect, it } from 'vitest';
import { USSD_SCREEN_MAX } from '@escrow/core/contract/ussd';
import { clip, con, end, options, renderReply, ScreenTooLongError } from './screen.ts';

describe('the USSD screen builder', () => {
  it('prefixes CON or END', () => {
    expect(renderReply(con('Welcome\n1. Register'), { strict: true })).toBe('CON Welcome\n1. Register');
    expect(renderReply(end('Bye'), { strict: true })).toBe('END Bye');
  });

  it(`accepts ${USSD_SCREEN_MAX} characters and fails on one more outside production`, () => {
    expect(renderReply(con('x'.repeat(USSD_SCREEN_MAX)), { strict: true })).toHaveLength(USSD_SCREEN_MAX + 4);
    expect(() => renderReply(con('x'.repeat(USSD_SCREEN_MAX + 1)), { strict: true })).toThrow(ScreenTooLongError);
  });

  it('cuts an over-long screen in production rather than lose the answer', () => {
    expect(renderReply(end('y'.repeat(300)), { strict: false })).toBe(`END ${'y'.repeat(USSD_SCREEN_MAX)}`);
  });

  it('clips user text to fit a line, and numbers options', () => {
    expect(clip('Samsung 55-inch Smart TV', 10)).toBe('Samsung..');
    expect(clip('  Sofa   set ', 10)).toBe('Sofa set');
    expect(options(['Buyer', 'Seller'])).toBe('1. Buyer\n2. Seller');
  });
});
