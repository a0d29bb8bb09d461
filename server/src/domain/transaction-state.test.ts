import { describe, expect, it } from 'vitest';
import { allowedActions, checkTransition, TRANSACTION_STATUSES, TRANSITIONS } from './transaction-state.ts';

describe('transaction state machine', () => {
  it('follows the contract happy path', () => {
    expect(checkTransition('pending', 'fund', 'system', 'standard')).toEqual({ ok: true, to: 'funded' });
    expect(checkTransition('funded', 'dispatch', 'seller', 'standard')).toEqual({ ok: true, to: 'dispatched' });
    expect(checkTransition('dispatched', 'release', 'buyer', 'standard')).toEqual({ ok: true, to: 'completed' });
  });

  it('tells a wrong party from a wrong state', () => {
    expect(checkTransition('funded', 'dispatch', 'buyer', 'standard')).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(checkTransition('pending', 'dispatch', 'seller', 'standard')).toEqual({ ok: false, reason: 'INVALID_STATE' });
    expect(checkTransition('completed', 'cancel', 'buyer', 'standard')).toEqual({ ok: false, reason: 'INVALID_STATE' });
  });

  it('cancels before payment to cancelled and after funding to refunded', () => {
    expect(checkTransition('pending', 'cancel', 'seller', 'protected')).toEqual({ ok: true, to: 'cancelled' });
    expect(checkTransition('funded', 'cancel', 'buyer', 'protected')).toEqual({ ok: true, to: 'refunded' });
    expect(checkTransition('dispatched', 'cancel', 'buyer', 'protected').ok).toBe(false);
  });

  it('keeps installment actions to Lipa Mdogo Mdogo', () => {
    expect(checkTransition('pending', 'pay_part', 'system', 'standard').ok).toBe(false);
    expect(checkTransition('installment', 'cancel', 'seller', 'lipa_mdogo_mdogo')).toEqual({ ok: true, to: 'refunded' });
    expect(checkTransition('installment', 'cancel', 'buyer', 'lipa_mdogo_mdogo')).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(allowedActions('installment', 'buyer', 'lipa_mdogo_mdogo').sort()).toEqual(['dispute', 'request_withdrawal']);
    expect(checkTransition('funded', 'cancel', 'buyer', 'lipa_mdogo_mdogo')).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(checkTransition('funded', 'cancel', 'seller', 'lipa_mdogo_mdogo')).toEqual({ ok: true, to: 'refunded' });
  });

  it('has no exits from terminal states', () => {
    for (const status of ['completed', 'cancelled', 'refunded'] as const) {
      expect(TRANSITIONS.filter((row) => row.from === status)).toEqual([]);
    }
    expect(TRANSACTION_STATUSES).toHaveLength(8);
  });
});
