import { describe, expect, it } from 'vitest';
import { createPaymentLinkBody } from '@escrow/core/contract/payment-links';
import { PLAN_TERMS } from '@escrow/core/domain/installment-plan';
import { createLinkBody } from './payment-links';

const form = {
  product: 'Samsung TV 55 inch',
  amount: '35000',
  type: 'lipa_mdogo_mdogo',
  months: '6',
  description: '',
  quantity: '1',
  expires: '',
};

describe('a new payment link', () => {
  it('sends the Lipa Mdogo Mdogo plan length the seller picked', () => {
    for (const months of PLAN_TERMS) {
      const body = createLinkBody({ ...form, months: String(months) });
      expect(body.installment_months).toBe(months);
      expect(createPaymentLinkBody.safeParse(body).success).toBe(true);
    }
  });

  it('sends no plan length for a standard or protected link', () => {
    expect(createLinkBody({ ...form, type: 'standard', amount: '2500', months: '12' })).not.toHaveProperty('installment_months');
    expect(createLinkBody({ ...form, type: 'protected', amount: '2500', months: '12' })).not.toHaveProperty('installment_months');
  });
});
