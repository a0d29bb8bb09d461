import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { actionWentThrough } from './action-outcome';

const lost = new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'NETWORK');
const gatewayTimeout = new ApiError('The service is briefly unavailable. Please try again in a moment.', 504, 'UNKNOWN');
const refused = new ApiError('Transaction cannot be dispatched in its current state', 409, 'INVALID_STATE');

describe('an action whose answer was lost', () => {
  it('went through when the transaction is now where that action leads, by the state machine', () => {
    expect(
      actionWentThrough({ action: 'release', error: lost, before: 'dispatched', after: 'completed', type: 'standard', role: 'buyer' }),
    ).toBe(true);
    expect(
      actionWentThrough({
        action: 'dispatch',
        error: gatewayTimeout,
        before: 'funded',
        after: 'dispatched',
        type: 'protected',
        role: 'seller',
      }),
    ).toBe(true);
    expect(
      actionWentThrough({ action: 'dispute', error: lost, before: 'dispatched', after: 'disputed', type: 'standard', role: 'buyer' }),
    ).toBe(true);
    // A funded escrow cancelled by its buyer is refunded, an unpaid one cancelled.
    expect(actionWentThrough({ action: 'cancel', error: lost, before: 'funded', after: 'refunded', type: 'standard', role: 'buyer' })).toBe(
      true,
    );
    expect(
      actionWentThrough({ action: 'cancel', error: lost, before: 'pending', after: 'cancelled', type: 'standard', role: 'buyer' }),
    ).toBe(true);
  });

  it('did not when the transaction went elsewhere (the other party, a job, an admin acted)', () => {
    // The seller opened a dispute while the buyer's release was on its way.
    expect(
      actionWentThrough({ action: 'release', error: lost, before: 'dispatched', after: 'disputed', type: 'standard', role: 'buyer' }),
    ).toBe(false);
    // Only the seller dispatches: a buyer's page cannot take "dispatched" as its own doing.
    expect(
      actionWentThrough({ action: 'dispatch', error: lost, before: 'funded', after: 'dispatched', type: 'standard', role: 'buyer' }),
    ).toBe(false);
    // A buyer of a plan withdraws rather than cancels once it is funded.
    expect(
      actionWentThrough({ action: 'cancel', error: lost, before: 'funded', after: 'refunded', type: 'lipa_mdogo_mdogo', role: 'buyer' }),
    ).toBe(false);
  });

  it('is never assumed after a refusal: the server answered', () => {
    expect(
      actionWentThrough({ action: 'dispatch', error: refused, before: 'funded', after: 'dispatched', type: 'standard', role: 'seller' }),
    ).toBe(false);
    expect(
      actionWentThrough({
        action: 'dispatch',
        error: new Error('x'),
        before: 'funded',
        after: 'dispatched',
        type: 'standard',
        role: 'seller',
      }),
    ).toBe(false);
  });
});
