/**
 * The one transaction form's rules. Whether a value is acceptable is the contract's answer
 * (`createTransactionBody`, the schema the server validates the same request with), plus the plan rules
 * of the domain core and what M-Pesa and the server would refuse anyway (whole shillings, a seller other
 * than yourself). This file only maps a refusal to the words the reader sees (the i18n catalog).
 */
import { createTransactionBody } from '@escrow/core/contract/transactions';
import { checkPlanRules, DEFAULT_PLAN_TERM, minimumDeposit } from '@escrow/core/domain/installment-plan';
import { formatKes, parseAmount, type Cents } from '@escrow/core/domain/money';
import { normalizePhone } from '@escrow/core/domain/phone';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import type { z } from 'zod';
import type { MessageKey, MessageParams } from '@/i18n';

export interface TransactionFormValues {
  type: TransactionType;
  sellerPhone: string;
  productName: string;
  amount: string;
  totalCost: string;
  months: string;
}

export type TransactionFormField = keyof TransactionFormValues;
/** A field's problem as a catalog key and its parameters. */
export type FieldError = { key: MessageKey; params?: MessageParams };
export type TransactionFormErrors = Partial<Record<TransactionFormField, FieldError>>;
export type CreateTransactionRequest = z.input<typeof createTransactionBody>;

export const FIELD_ORDER: TransactionFormField[] = ['type', 'sellerPhone', 'productName', 'amount', 'totalCost', 'months'];
export const PRODUCT_NAME_MAX = 100;

export const EMPTY_TRANSACTION_FORM: TransactionFormValues = {
  type: 'standard',
  sellerPhone: '',
  productName: '',
  amount: '',
  totalCost: '',
  months: String(DEFAULT_PLAN_TERM),
};

/** Spaces, dashes, commas and a leading + are allowed while typing: "+254 722 123 456", "35,000". */
const compact = (text: string) => text.replace(/[\s,]/g, '');
export const compactPhone = (phone: string) => phone.replace(/[\s-]/g, '').replace(/^\+/, '');
/** A typed amount as cents ("35,000" → 3500000n); null when it is not a number with at most 2 decimals. */
export const typedCents = (text: string): Cents | null => parseAmount(compact(text));

/** Whole shillings as cents (M-Pesa moves no cents); null when empty or not a whole non-negative number. */
export function wholeShillings(text: string): Cents | null {
  const cents = typedCents(text);
  return cents !== null && cents % 100n === 0n ? cents : null;
}

/** The request body for the values, as the server takes it. */
export function toCreateRequest(values: TransactionFormValues): CreateTransactionRequest {
  const isInstallment = values.type === 'lipa_mdogo_mdogo';
  return {
    seller_phone: compactPhone(values.sellerPhone),
    product_name: values.productName.trim(),
    amount: compact(values.amount),
    transaction_type: values.type,
    ...(isInstallment ? { total_cost: compact(values.totalCost), installment_months: Number(values.months) } : {}),
  };
}

/** Server field names → form field names, for a 400's `errors` and for the schema's issues. */
export const WIRE_FIELDS: Record<string, TransactionFormField> = {
  seller_phone: 'sellerPhone',
  product_name: 'productName',
  amount: 'amount',
  total_cost: 'totalCost',
  installment_months: 'months',
  transaction_type: 'type',
};

function refusal(field: TransactionFormField, values: TransactionFormValues): FieldError {
  const isEmpty = !values[field].trim();
  switch (field) {
    case 'sellerPhone':
      return { key: isEmpty ? 'customer.form.errors.sellerPhoneRequired' : 'customer.form.errors.sellerPhone' };
    case 'productName':
      return { key: isEmpty ? 'customer.form.errors.productNameRequired' : 'customer.form.errors.productName' };
    case 'amount':
      return { key: isEmpty ? 'customer.form.errors.amountRequired' : 'customer.form.errors.amount' };
    case 'totalCost':
      return { key: isEmpty ? 'customer.form.errors.totalCostRequired' : 'customer.form.errors.totalCost' };
    case 'months':
    case 'type':
      return { key: 'customer.form.errors.months' };
  }
}

export function validateTransactionForm(values: TransactionFormValues, ownPhone?: string | null): TransactionFormErrors {
  const errors: TransactionFormErrors = {};
  const parsed = createTransactionBody.safeParse(toCreateRequest(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = WIRE_FIELDS[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = refusal(field, values);
    }
  }
  if (!errors.sellerPhone && ownPhone && normalizePhone(compactPhone(values.sellerPhone)) === ownPhone) {
    errors.sellerPhone = { key: 'customer.form.errors.sellerIsYou' };
  }
  const amount = typedCents(values.amount);
  if (!errors.amount && amount !== null && amount % 100n !== 0n) errors.amount = { key: 'customer.form.errors.wholeShillings' };
  if (values.type !== 'lipa_mdogo_mdogo' || errors.amount || errors.totalCost || errors.months || amount === null) return errors;

  const total = typedCents(values.totalCost);
  if (total !== null && total % 100n !== 0n) return { ...errors, totalCost: { key: 'customer.form.errors.wholeShillings' } };
  const violation = total === null ? null : checkPlanRules({ total, deposit: amount, months: Number(values.months) });
  if (!violation || total === null) return errors;
  const error: FieldError = {
    key: `customer.form.errors.${violation.rule}`,
    ...(violation.rule === 'DEPOSIT_TOO_LOW' ? { params: { minimum: formatKes(minimumDeposit(total)) } } : {}),
  };
  return violation.rule === 'TOTAL_TOO_LOW' ? { ...errors, totalCost: error } : { ...errors, amount: error };
}
