import { describe, expect, it } from 'vitest';
import { isRuled, responseState } from './dispute-deadline';

const NOW = Date.parse('2026-11-28T09:00:00.000Z');
const open = { outcome: null, respond_by: '2026-11-30T09:00:00.000Z', responded_at: null };

describe('a dispute’s answer, for the admin list', () => {
  it('is a deadline while the answer is awaited, late once it has passed', () => {
    expect(responseState(open, NOW)).toEqual({ kind: 'due', at: open.respond_by, isLate: false });
    expect(responseState({ ...open, respond_by: '2026-11-27T09:00:00.000Z' }, NOW)).toMatchObject({ isLate: true });
  });

  it('says when the party answered, not a deadline, once they have', () => {
    expect(responseState({ ...open, responded_at: '2026-11-28T08:00:00.000Z' }, NOW)).toEqual({
      kind: 'answered',
      at: '2026-11-28T08:00:00.000Z',
    });
  });

  it('is ruled (read-only, "View") once there is a ruling, also while the item is on its way back', () => {
    const awaitingReturn = { ...open, outcome: 'refund_buyer' };
    expect(isRuled(awaitingReturn)).toBe(true);
    expect(isRuled(open)).toBe(false);
    expect(responseState(awaitingReturn, NOW)).toEqual({ kind: 'ruled' });
  });
});
