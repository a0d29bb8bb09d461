import { describe, expect, it } from 'vitest';
import { createPaymentLinkBody } from '@escrow/core/contract/payment-links';
import { PLAN_TERMS } from '@escrow/core/domain/installment-plan';
import { createLinkBody, quantityRefusal } from './payment-links';

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

describe("a new payment link's quantity", () => {
  const link = (quantity: string) => createLinkBody({ ...form, type: 'standard', amount: '2500', quantity });

  it('typed as words or with a comma is refused before it is sent, never read as unlimited', () => {
    for (const quantity of ['two', '1,000', '5 pieces']) {
      const body = link(quantity);
      // What JSON would carry: null, an unlimited link, which the server takes.
      expect(createPaymentLinkBody.safeParse(JSON.parse(JSON.stringify(body))).data?.quantity).toBeNull();
      expect(quantityRefusal(body), quantity).toBe('Quantity must be a whole number');
    }
    expect(quantityRefusal(link('2.5'))).toBe('Quantity must be a whole number');
    expect(quantityRefusal(link('0'))).toBe('Quantity must be at least 1');
  });

  it('is unlimited when left empty, as the form says, and taken when it is a whole number', () => {
    expect(link(' ').quantity).toBeNull();
    expect(quantityRefusal(link(''))).toBeNull();
    expect(link('3').quantity).toBe(3);
    expect(quantityRefusal(link('3'))).toBeNull();
  });
});
