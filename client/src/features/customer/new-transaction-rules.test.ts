import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_TRANSACTION, toCreateRequest, validateNewTransaction, type NewTransactionValues } from './new-transaction-rules';

const standard: NewTransactionValues = { ...EMPTY_NEW_TRANSACTION, sellerPhone: '0722123456', productName: 'Phone', amount: '1500' };
const plan: NewTransactionValues = { ...standard, type: 'lipa_mdogo_mdogo', amount: '7000', totalCost: '35000', months: '6' };

describe('validateNewTransaction', () => {
  it('accepts a valid standard and a valid Lipa Mdogo Mdogo transaction', () => {
    expect(validateNewTransaction(standard)).toEqual({});
    expect(validateNewTransaction({ ...standard, type: 'protected', sellerPhone: '254722123456' })).toEqual({});
    expect(validateNewTransaction(plan)).toEqual({});
  });

  it('requires every field with the docs/product-rules.md §5 messages', () => {
    const errors = validateNewTransaction({ ...EMPTY_NEW_TRANSACTION, type: 'lipa_mdogo_mdogo' });
    expect(errors).toEqual({
      sellerPhone: 'Seller phone is required',
      productName: 'Product or service name is required',
      amount: 'Initial payment is required',
      totalCost: 'Total cost is required',
    });
  });

  it('checks the phone pattern and refuses the buyer as seller', () => {
    expect(validateNewTransaction({ ...standard, sellerPhone: '072212345' }).sellerPhone).toMatch(/0 or 254/);
    expect(validateNewTransaction({ ...standard, sellerPhone: '+254 722 123 456' })).toEqual({});
    expect(validateNewTransaction(standard, '254722123456').sellerPhone).toMatch(/your own/);
  });

  it('bounds the amount to 1–500,000 whole shillings and the name to 100 characters', () => {
    expect(validateNewTransaction({ ...standard, amount: '0' }).amount).toBe('Amount must be at least KES 1');
    expect(validateNewTransaction({ ...standard, amount: '500001' }).amount).toBe('Amount cannot exceed KES 500,000');
    expect(validateNewTransaction({ ...standard, amount: '500,000' })).toEqual({});
    expect(validateNewTransaction({ ...standard, amount: '10.50' }).amount).toMatch(/whole shillings/);
    expect(validateNewTransaction({ ...standard, amount: 'abc' }).amount).toMatch(/number/);
    expect(validateNewTransaction({ ...standard, productName: 'x'.repeat(101) }).productName).toMatch(/100/);
  });

  it('needs a total cost above the initial payment and applies the plan rules', () => {
    expect(validateNewTransaction({ ...plan, totalCost: '7000' }).totalCost).toBe('Total cost must be at least KES 7,001');
    expect(validateNewTransaction({ ...plan, amount: '2000', totalCost: '9000' }).totalCost).toMatch(/over KES 10,000/);
    expect(validateNewTransaction({ ...plan, amount: '5000' }).amount).toMatch(/20%/);
    expect(validateNewTransaction({ ...plan, months: '5' }).months).toMatch(/3, 6, 12 or 24/);
  });
});

describe('toCreateRequest', () => {
  it('builds the wire body', () => {
    expect(toCreateRequest({ ...standard, sellerPhone: '+254 722-123-456', productName: ' Phone ' })).toEqual({
      seller_phone: '254722123456',
      product_name: 'Phone',
      amount: '1500',
      transaction_type: 'standard',
    });
    expect(toCreateRequest({ ...plan, totalCost: '35,000' })).toMatchObject({
      total_cost: '35000',
      installment_months: 6,
      transaction_type: 'lipa_mdogo_mdogo',
    });
  });
});
