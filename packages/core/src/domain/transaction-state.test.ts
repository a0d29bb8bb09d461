import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  answersWithdrawal,
  type Actor,
  type SubState,
  availableActions,
  checkTransition,
  isActorOf,
  isTerminal,
  isWithdrawalAnswerable,
  isWithdrawalOverdue,
  withdrawalFacts,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TRANSITIONS,
  WITHDRAWAL_ANSWERABLE_STATUSES,
} from './transaction-state.ts';

describe('transaction state machine', () => {
  it('follows the contract happy path', () => {
    expect(checkTransition('pending', 'fund', 'system', 'standard')).toEqual({ ok: true, to: 'funded' });
    expect(checkTransition('funded', 'dispatch', 'seller', 'standard')).toEqual({ ok: true, to: 'dispatched' });
    expect(checkTransition('dispatched', 'release', 'buyer', 'standard')).toEqual({ ok: true, to: 'completed' });
  });

  it('lets only the seller release with the code, from funded or dispatched', () => {
    expect(checkTransition('funded', 'release_with_code', 'seller', 'standard')).toEqual({ ok: true, to: 'completed' });
    expect(checkTransition('dispatched', 'release_with_code', 'seller', 'lipa_mdogo_mdogo')).toEqual({ ok: true, to: 'completed' });
    expect(checkTransition('funded', 'release_with_code', 'buyer', 'standard')).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(checkTransition('pending', 'release_with_code', 'seller', 'standard')).toEqual({ ok: false, reason: 'INVALID_STATE' });
    expect(checkTransition('disputed', 'release_with_code', 'seller', 'standard')).toEqual({ ok: false, reason: 'INVALID_STATE' });
    expect(checkTransition('funded', 'release_with_code', 'seller', 'lipa_mdogo_mdogo', { hasPendingWithdrawal: true })).toEqual({
      ok: false,
      reason: 'INVALID_STATE',
    });
    expect(availableActions('funded', 'seller', 'standard')).toContain('release_with_code');
    expect(availableActions('funded', 'buyer', 'standard')).not.toContain('release_with_code');
  });

  it('tells a wrong party from a wrong state', () => {
    expect(checkTransition('funded', 'dispatch', 'buyer', 'standard')).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(checkTransition('pending', 'dispatch', 'seller', 'standard')).toEqual({ ok: false, reason: 'INVALID_STATE' });
    expect(checkTransition('completed', 'cancel', 'buyer', 'standard')).toEqual({ ok: false, reason: 'INVALID_STATE' });
  });

  it('names who may ever take an action, whatever the state', () => {
    expect(isActorOf('accept_withdrawal', 'seller', 'lipa_mdogo_mdogo')).toBe(true);
    expect(isActorOf('accept_withdrawal', 'buyer', 'lipa_mdogo_mdogo')).toBe(false);
    expect(isActorOf('decline_withdrawal', 'system', 'lipa_mdogo_mdogo')).toBe(true);
    expect(isActorOf('decline_withdrawal', 'seller', 'standard')).toBe(false);
    expect(isActorOf('rule_split', 'admin', 'standard')).toBe(true);
    expect(isActorOf('rule_split', 'seller', 'standard')).toBe(false);
  });

  it('knows where the seller can answer a withdrawal request: a plan being paid off or fully paid, not yet dispatched', () => {
    expect([...WITHDRAWAL_ANSWERABLE_STATUSES].sort()).toEqual(['funded', 'installment']);
    expect(isWithdrawalAnswerable('installment', 'lipa_mdogo_mdogo')).toBe(true);
    expect(isWithdrawalAnswerable('disputed', 'lipa_mdogo_mdogo')).toBe(false);
    expect(isWithdrawalAnswerable('funded', 'standard')).toBe(false);
  });

  it('knows which actions answer a waiting withdrawal request (the others that leave those states close it)', () => {
    expect(answersWithdrawal('accept_withdrawal')).toBe(true);
    expect(answersWithdrawal('decline_withdrawal')).toBe(true);
    expect(answersWithdrawal('dispute')).toBe(false);
    expect(answersWithdrawal('cancel')).toBe(false);
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
    expect(availableActions('installment', 'buyer', 'lipa_mdogo_mdogo').sort()).toEqual(['dispute', 'pay', 'request_withdrawal']);
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

describe('the lifecycle model, for any state, type, actor and sub-state', () => {
  const inputs = fc.record({
    status: fc.constantFrom(...TRANSACTION_STATUSES),
    type: fc.constantFrom(...TRANSACTION_TYPES),
    actor: fc.constantFrom<Actor>('buyer', 'seller', 'admin', 'system'),
    sub: fc.record(
      {
        hasPendingWithdrawal: fc.boolean(),
        isWithdrawalOverdue: fc.boolean(),
        isAwaitingReturn: fc.boolean(),
        wasDispatched: fc.boolean(),
        isPartPaidPlan: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  });

  it('offers no action in a terminal state', () => {
    fc.assert(
      fc.property(inputs, ({ status, type, actor, sub }) => {
        if (isTerminal(status)) expect(availableActions(status, actor, type, sub)).toEqual([]);
      }),
    );
  });

  it('every action offered is a transition the table allows, to a known state', () => {
    fc.assert(
      fc.property(inputs, ({ status, type, actor, sub }) => {
        for (const action of availableActions(status, actor, type, sub)) {
          const check = checkTransition(status, action, actor, type, sub);
          expect(check.ok).toBe(true);
          if (check.ok) expect(TRANSACTION_STATUSES).toContain(check.to);
        }
      }),
    );
  });

  it('an action not offered is refused by checkTransition in that sub-state', () => {
    const actions = [...new Set(TRANSITIONS.map((row) => row.action))];
    fc.assert(
      fc.property(inputs, fc.constantFrom(...actions), ({ status, type, actor, sub: given }, action) => {
        // Every fact stated: a fact left out counts as false for what is offered and as holding for a
        // check (the caller knows no better), so only a whole sub-state makes the two answer alike.
        const sub = {
          hasPendingWithdrawal: false,
          isWithdrawalOverdue: false,
          isAwaitingReturn: false,
          wasDispatched: false,
          isPartPaidPlan: false,
          ...given,
        } satisfies Required<SubState>;
        if (!availableActions(status, actor, type, sub).includes(action))
          expect(checkTransition(status, action, actor, type, sub).ok).toBe(false);
      }),
    );
  });

  it('guards decide where a ruling leads, not the use-case', () => {
    const lmm = 'lipa_mdogo_mdogo' as const;
    expect(checkTransition('disputed', 'rule_release_seller', 'admin', lmm, { isPartPaidPlan: true })).toEqual({
      ok: true,
      to: 'installment',
    });
    expect(checkTransition('disputed', 'rule_release_seller', 'admin', lmm, { isPartPaidPlan: false })).toEqual({
      ok: true,
      to: 'completed',
    });
    expect(checkTransition('disputed', 'rule_refund_buyer', 'admin', 'standard', { wasDispatched: true })).toEqual({
      ok: true,
      to: 'disputed',
    });
    expect(checkTransition('disputed', 'rule_refund_buyer', 'admin', 'standard', { wasDispatched: false })).toEqual({
      ok: true,
      to: 'refunded',
    });
    expect(checkTransition('disputed', 'rule_split', 'admin', lmm, { isPartPaidPlan: true, wasDispatched: true })).toEqual({
      ok: true,
      to: 'completed',
    });
  });

  it('offers the seller no answer to a withdrawal request past its respond-by: only the system declines it then', () => {
    const lmm = 'lipa_mdogo_mdogo' as const;
    const respondBy = new Date('2026-12-30T12:00:00.000Z');
    expect(isWithdrawalOverdue(respondBy, new Date(respondBy.getTime() - 1))).toBe(false);
    // At the instant itself it has passed, as the sweep's `respond_by <= now` and the answer's 409 have it.
    expect(isWithdrawalOverdue(respondBy, respondBy)).toBe(true);
    expect(withdrawalFacts(null, respondBy)).toEqual({ hasPendingWithdrawal: false, isWithdrawalOverdue: false });
    for (const status of ['installment', 'funded'] as const) {
      const late = withdrawalFacts(respondBy, respondBy);
      expect(availableActions(status, 'seller', lmm, late)).not.toContain('accept_withdrawal');
      expect(availableActions(status, 'seller', lmm, late)).not.toContain('decline_withdrawal');
      expect(availableActions(status, 'system', lmm, late)).toContain('decline_withdrawal');
      const inTime = withdrawalFacts(respondBy, new Date(respondBy.getTime() - 1));
      expect(availableActions(status, 'seller', lmm, inTime)).toEqual(expect.arrayContaining(['accept_withdrawal', 'decline_withdrawal']));
      expect(availableActions(status, 'system', lmm, inTime)).not.toContain('decline_withdrawal');
      // A request still waiting past its respond-by still stops a second request and a release by code.
      expect(availableActions(status, 'buyer', lmm, late)).not.toContain('request_withdrawal');
    }
    expect(availableActions('funded', 'seller', lmm, withdrawalFacts(respondBy, respondBy))).not.toContain('release_with_code');
    // Nor a dispatch, in time or past it: the server refuses both until the request is answered or reviewed.
    for (const now of [new Date(respondBy.getTime() - 1), respondBy]) {
      expect(availableActions('funded', 'seller', lmm, withdrawalFacts(respondBy, now))).not.toContain('dispatch');
      expect(checkTransition('funded', 'dispatch', 'seller', lmm, withdrawalFacts(respondBy, now))).toEqual({
        ok: false,
        reason: 'INVALID_STATE',
      });
    }
    expect(availableActions('funded', 'seller', lmm, withdrawalFacts(null, respondBy))).toEqual(
      expect.arrayContaining(['dispatch', 'release_with_code']),
    );
  });

  it('guards decide the sub-state actions', () => {
    const lmm = 'lipa_mdogo_mdogo' as const;
    expect(availableActions('installment', 'buyer', lmm, { hasPendingWithdrawal: true })).not.toContain('request_withdrawal');
    expect(availableActions('installment', 'seller', lmm, {})).not.toContain('accept_withdrawal');
    expect(availableActions('installment', 'seller', lmm, { hasPendingWithdrawal: true })).toEqual(
      expect.arrayContaining(['accept_withdrawal', 'decline_withdrawal']),
    );
    // A waiting withdrawal does not stop the plan: the buyer may keep paying (an accepted withdrawal refunds
    // that too), since a decline opens a dispute a ruling may end with the plan going on (docs/adr/0004-refund-and-dispute-policy.md).
    expect(availableActions('installment', 'buyer', lmm, { hasPendingWithdrawal: true })).toEqual(['pay', 'dispute']);
    expect(availableActions('disputed', 'seller', 'standard', {})).toEqual([]);
    expect(availableActions('disputed', 'seller', 'standard', { isAwaitingReturn: true })).toEqual(['confirm_return']);
    expect(checkTransition('disputed', 'confirm_return', 'buyer', 'standard', { isAwaitingReturn: true })).toEqual({
      ok: false,
      reason: 'FORBIDDEN',
    });
    expect(checkTransition('disputed', 'confirm_return', 'admin', 'standard', { isAwaitingReturn: false })).toEqual({
      ok: false,
      reason: 'INVALID_STATE',
    });
  });
});
