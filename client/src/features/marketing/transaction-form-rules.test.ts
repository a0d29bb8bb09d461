import { describe, expect, it } from 'vitest';
import { EMPTY_TRANSACTION_FORM, validateTransactionForm, type TransactionFormValues } from './transaction-form-rules';

const valid: TransactionFormValues = { ...EMPTY_TRANSACTION_FORM, sellerPhone: '0722123456', productName: 'Samsung A15', amount: '15000' };
const installment: TransactionFormValues = { ...valid, type: 'lipa_mdogo_mdogo', amount: '7000', totalCost: '35000' };

describe('validateTransactionForm (docs/product-rules.md §5)', () => {
  it('accepts a valid standard and installment form', () => {
    expect(validateTransactionForm(valid)).toEqual({});
    expect(validateTransactionForm(installment)).toEqual({});
    expect(validateTransactionForm({ ...valid, sellerPhone: '254722123456' })).toEqual({});
    expect(validateTransactionForm({ ...valid, sellerPhone: '+254 722 123-456' })).toEqual({});
  });

  it('requires every field', () => {
    expect(validateTransactionForm({ ...EMPTY_TRANSACTION_FORM, type: 'lipa_mdogo_mdogo' })).toEqual({
      sellerPhone: 'Seller phone is required',
      productName: 'Product or service name is required',
      amount: 'Initial payment is required',
      totalCost: 'Total cost is required',
    });
  });

  it('checks the phone pattern: 0 or 254 then exactly 9 digits', () => {
    for (const phone of ['072212345', '07221234567', '722123456', '25472212345', '0722abc456', '1722123456']) {
      expect(validateTransactionForm({ ...valid, sellerPhone: phone }).sellerPhone, phone).toMatch(/start with 0 or 254/);
    }
  });

  it('limits the product name to 100 characters', () => {
    expect(validateTransactionForm({ ...valid, productName: 'x'.repeat(100) }).productName).toBeUndefined();
    expect(validateTransactionForm({ ...valid, productName: 'x'.repeat(101) }).productName).toBe(
      'Product name must be at most 100 characters',
    );
    expect(validateTransactionForm({ ...valid, productName: '   ' }).productName).toBe('Product or service name is required');
  });

  it('bounds the amount to 1–500,000 whole shillings', () => {
    expect(validateTransactionForm({ ...valid, amount: '1' }).amount).toBeUndefined();
    expect(validateTransactionForm({ ...valid, amount: '500000' }).amount).toBeUndefined();
    expect(validateTransactionForm({ ...valid, amount: '500,000' }).amount).toBeUndefined();
    expect(validateTransactionForm({ ...valid, amount: '0' }).amount).toBe('Amount must be at least KES 1');
    expect(validateTransactionForm({ ...valid, amount: '500001' }).amount).toBe('Amount cannot exceed KES 500,000');
    expect(validateTransactionForm({ ...valid, amount: '-5' }).amount).toBe('Amount must be a number');
    expect(validateTransactionForm({ ...valid, amount: 'abc' }).amount).toBe('Amount must be a number');
    expect(validateTransactionForm({ ...valid, amount: '10.50' }).amount).toBe('Amount must be in whole shillings');
  });

  it('requires the total cost above the initial payment and at most 500,000', () => {
    expect(validateTransactionForm({ ...installment, totalCost: '7000' }).totalCost).toBe('Total cost must be at least KES 7,001');
    expect(validateTransactionForm({ ...installment, totalCost: '7001' }).totalCost).toBeUndefined();
    expect(validateTransactionForm({ ...installment, totalCost: '500001' }).totalCost).toBe('Total cost cannot exceed KES 500,000');
    // Standard escrow ignores the total cost.
    expect(validateTransactionForm({ ...valid, totalCost: 'junk' }).totalCost).toBeUndefined();
  });
});
