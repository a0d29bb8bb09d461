import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import type { TransactionDetail } from '../api/transactions';
import { ApiError } from '@/lib/api';
import { guidance, isMissingTransaction } from './transaction-detail';

let sw: Translate;
let en: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

/** A plan whose buyer asked to withdraw, read by `role`; the event as request-withdrawal.ts records it. */
const withdrawalAsked = (role: 'buyer' | 'seller', data: Record<string, unknown>) =>
  ({
    transaction: { my_role: role, status: 'installment', quote: {} },
    timeline: [
      {
        event_type: 'withdrawal_initiated',
        description: `The buyer asked to withdraw from the plan: ${String(data.withdrawal_reason ?? '')}`,
        data,
      },
    ],
  }) as unknown as TransactionDetail;

describe('the seller’s guidance on a withdrawal request', () => {
  const reason = 'Nimepata friji nyingine kwa bei nafuu.';

  it('says the request once and quotes the buyer’s reason once, as typed, with no doubled period', () => {
    const said = guidance(withdrawalAsked('seller', { withdrawal_id: 'w1', withdrawal_reason: reason }), en);
    expect(said).toBe(
      'The buyer asked to withdraw from this plan. Accept to refund them, or decline and the mediation team reviews it. Their reason: “Nimepata friji nyingine kwa bei nafuu.”',
    );
    expect(said.match(/withdraw/g)).toHaveLength(1);
    expect(said.split(reason)).toHaveLength(2);
    expect(said).not.toContain('..');
    expect(guidance(withdrawalAsked('seller', { withdrawal_id: 'w1', withdrawal_reason: reason }), sw)).toBe(
      'Mnunuzi ameomba kujiondoa kwenye mpango huu. Kubali arudishiwe pesa, au kataa na timu ya usuluhishi itaamua. Sababu yake: “Nimepata friji nyingine kwa bei nafuu.”',
    );
  });

  it('leaves the reason out for a request recorded without it, and tells the buyer they are waiting', () => {
    expect(guidance(withdrawalAsked('seller', { withdrawal_id: 'w1' }), en)).toBe(
      'The buyer asked to withdraw from this plan. Accept to refund them, or decline and the mediation team reviews it.',
    );
    expect(guidance(withdrawalAsked('buyer', { withdrawal_reason: reason }), en)).toBe(
      'Your withdrawal request is waiting for the seller to accept or decline.',
    );
  });
});

describe('the seller’s guidance on a paid transaction', () => {
  const paid = { transaction: { my_role: 'seller', status: 'funded', quote: {} }, timeline: [] } as unknown as TransactionDetail;

  it('names the button the seller has to press, as the button reads', () => {
    expect(guidance(paid, sw)).toContain(`"${sw('customer.actions.dispatch.label')}"`);
  });
});

describe('a transaction that cannot be loaded', () => {
  it('is not found for a 404 and for an id that is no transaction id (a link cut short), so no retry is offered', () => {
    expect(isMissingTransaction(new ApiError('Transaction not found', 404, 'NOT_FOUND'))).toBe(true);
    expect(isMissingTransaction(new ApiError('id: Invalid id', 400, 'VALIDATION_ERROR', { id: ['Invalid id'] }))).toBe(true);
  });

  it('is a failure to retry for anything else', () => {
    expect(isMissingTransaction(new ApiError('Server error', 500, 'INTERNAL_ERROR'))).toBe(false);
    expect(isMissingTransaction(new ApiError('Bad query', 400, 'VALIDATION_ERROR', { page: ['Too big'] }))).toBe(false);
    expect(isMissingTransaction(new TypeError('Failed to fetch'))).toBe(false);
  });
});
