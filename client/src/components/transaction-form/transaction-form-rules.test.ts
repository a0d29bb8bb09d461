/**
 * The form restates the contract's checks without zod (transaction-form-rules.ts says why); these tests
 * run the contract's schema and the restatement on the same requests and expect the same refused fields.
 */
import { describe, expect, it } from 'vitest';
import { createTransactionBody } from '@escrow/core/contract/transactions';
import {
  contractRefusals,
  EMPTY_TRANSACTION_FORM,
  toCreateRequest,
  validateTransactionForm,
  type CreateTransactionRequest,
  type TransactionFormValues,
} from './transaction-form-rules';

function schemaRefusals(request: CreateTransactionRequest): string[] {
  const parsed = createTransactionBody.safeParse(request);
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].sort();
}

const phones = ['', '0722123456', '+254 722 123 456', '254722123456', '0722-123-456', '072212345', 'abc', '0'.repeat(21), '0112345678'];
const amounts = [
  '',
  '0',
  '0.5',
  '1',
  '1.00',
  '15,000',
  '15000.50',
  '15000.505',
  '500000',
  '500000.01',
  '500001',
  '-5',
  'abc',
  '1e3',
  'a'.repeat(21),
];
const names = ['', '   ', 'Phone', ' Samsung Galaxy A15 ', 'x'.repeat(100), 'x'.repeat(101), ` ${'x'.repeat(100)} `];
const totals = ['', '5000', '15000', '35000', '600000', 'abc', '35000.5'];
const months = ['3', '6', '12', '24', '5', '0', 'abc'];

function sample(): TransactionFormValues[] {
  const values: TransactionFormValues[] = [];
  for (const type of ['standard', 'protected', 'lipa_mdogo_mdogo'] as const) {
    for (const sellerPhone of phones) {
      for (const amount of amounts) values.push({ ...EMPTY_TRANSACTION_FORM, type, sellerPhone, amount, productName: 'Phone' });
    }
    for (const productName of names)
      values.push({ ...EMPTY_TRANSACTION_FORM, type, sellerPhone: '0722123456', amount: '7000', productName });
  }
  for (const sellerPhone of ['0722123456', 'abc']) {
    for (const amount of amounts) {
      for (const totalCost of totals) {
        for (const month of months) {
          values.push({ type: 'lipa_mdogo_mdogo', sellerPhone, productName: 'Phone', amount, totalCost, months: month });
        }
      }
    }
  }
  return values;
}

describe('contractRefusals', () => {
  it('refuses the same fields as createTransactionBody for what the form sends', () => {
    for (const values of sample()) {
      const request = toCreateRequest(values);
      expect([...contractRefusals(request)].sort(), JSON.stringify(request)).toEqual(schemaRefusals(request));
    }
  });

  it('refuses the same fields for requests the form does not build (numbers, a missing total, an odd type)', () => {
    const requests = [
      { seller_phone: '0722123456', product_name: 'Phone', amount: 1500, transaction_type: 'standard' },
      { seller_phone: '0722123456', product_name: 'Phone', amount: 0.1 + 0.2, transaction_type: 'standard' },
      { seller_phone: '0722123456', product_name: 'Phone', amount: '7000', transaction_type: 'lipa_mdogo_mdogo' },
      {
        seller_phone: '0722123456',
        product_name: 'Phone',
        amount: '7000',
        transaction_type: 'lipa_mdogo_mdogo',
        total_cost: 35000,
        installment_months: 6,
      },
      { seller_phone: '0722123456', product_name: 'Phone', amount: '7000', transaction_type: 'barter' },
      // Over 20 digits: refused. (For a plan the schema then compares the total with the raw text, which
      // is no rule anyone relies on, so plans with such amounts are left out of the comparison.)
      { seller_phone: '0722123456', product_name: 'Phone', amount: '9'.repeat(21), transaction_type: 'standard' },
    ] as CreateTransactionRequest[];
    for (const request of requests) expect([...contractRefusals(request)].sort(), JSON.stringify(request)).toEqual(schemaRefusals(request));
  });
});

describe('validateTransactionForm', () => {
  it('accepts a complete standard transaction and a valid plan', () => {
    expect(
      validateTransactionForm({ ...EMPTY_TRANSACTION_FORM, sellerPhone: '0722 123 456', productName: 'Phone', amount: '15,000' }),
    ).toEqual({});
    expect(
      validateTransactionForm({
        type: 'lipa_mdogo_mdogo',
        sellerPhone: '0722123456',
        productName: 'Phone',
        amount: '7000',
        totalCost: '35000',
        months: '6',
      }),
    ).toEqual({});
  });

  it('names each empty field, and the seller who is the buyer', () => {
    expect(validateTransactionForm(EMPTY_TRANSACTION_FORM)).toEqual({
      sellerPhone: { key: 'customer.form.errors.sellerPhoneRequired' },
      productName: { key: 'customer.form.errors.productNameRequired' },
      amount: { key: 'customer.form.errors.amountRequired' },
    });
    const own = { ...EMPTY_TRANSACTION_FORM, sellerPhone: '0722123456', productName: 'Phone', amount: '100' };
    expect(validateTransactionForm(own, '254722123456')).toEqual({ sellerPhone: { key: 'customer.form.errors.sellerIsYou' } });
  });
});
