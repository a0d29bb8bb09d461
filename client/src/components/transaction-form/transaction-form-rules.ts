/**
 * The one transaction form's rules. Whether a value is acceptable is the contract's answer
 * (`createTransactionBody` in packages/core/src/contract/transactions.ts, the schema the server validates
 * the same request with), plus the plan rules of the domain core and what M-Pesa and the server would
 * refuse anyway (whole shillings, a seller other than yourself). This file maps a refusal to the words the
 * reader sees (the i18n catalog).
 *
 * The contract's checks are restated here with the domain's plain functions (`contractRefusals`) rather than
 * run through the schema: the form is the home page's hero, and the schema would bring zod (26 kB gzip, a
 * sixth of the page's JavaScript) into the first load. transaction-form-rules.test.ts runs both on the same
 * values and fails when they disagree, so a change to the contract shows up there.
 */
import { checkPlanRules, DEFAULT_PLAN_TERM, minimumDeposit, PLAN_TERMS } from '@escrow/core/domain/installment-plan';
import { CENTS_PER_SHILLING, formatKes, parseAmount, type Cents } from '@escrow/core/domain/money';
import { normalizePhone } from '@escrow/core/domain/phone';
import { TRANSACTION_TYPES, type TransactionType } from '@escrow/core/domain/transaction-state';
import type { z } from 'zod';
import type { createTransactionBody } from '@escrow/core/contract/transactions';
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

/** The contract's bounds (packages/core/src/contract/transactions.ts and common.ts), in shillings and characters. */
const MONEY_MIN = 1n * CENTS_PER_SHILLING;
const MONEY_MAX = 500_000n * CENTS_PER_SHILLING;
const TEXT_INPUT_MAX = 20;

/** Whether `boundedMoney(1, 500_000)` takes the amount (a string of at most 20 characters or a number). */
const inBounds = (value: unknown, cents: Cents) =>
  !(typeof value === 'string' && value.length > TEXT_INPUT_MAX) && cents >= MONEY_MIN && cents <= MONEY_MAX;

/**
 * The wire fields `createTransactionBody` refuses for this request, as the schema decides: each field on
 * its own, then the Lipa Mdogo Mdogo total (missing, or not above the initial payment). The schema makes
 * that last check only when no field failed to be read at all (a phone, an amount, a type or a number of
 * months it cannot make sense of); a value out of bounds or a name too long does not stop it.
 */
export function contractRefusals(request: CreateTransactionRequest): Set<keyof CreateTransactionRequest> {
  const refused = new Set<keyof CreateTransactionRequest>();
  let unreadable = false;
  const phone = request.seller_phone;
  if (typeof phone !== 'string' || phone.length > TEXT_INPUT_MAX || !normalizePhone(phone)) {
    refused.add('seller_phone');
    unreadable = true;
  }
  const amount = parseAmount(request.amount);
  if (amount === null) unreadable = true;
  if (amount === null || !inBounds(request.amount, amount)) refused.add('amount');
  const name = typeof request.product_name === 'string' ? request.product_name.trim() : '';
  if (name.length < 1 || name.length > PRODUCT_NAME_MAX) refused.add('product_name');
  if (!(TRANSACTION_TYPES as readonly string[]).includes(request.transaction_type)) {
    refused.add('transaction_type');
    unreadable = true;
  }
  const total = request.total_cost === undefined ? undefined : parseAmount(request.total_cost);
  if (total === null) unreadable = true;
  if (total === null || (total !== undefined && !inBounds(request.total_cost, total))) refused.add('total_cost');
  if (request.installment_months !== undefined) {
    const months = Number(request.installment_months);
    if (Number.isNaN(months)) unreadable = true;
    if (!(PLAN_TERMS as readonly number[]).includes(months)) refused.add('installment_months');
  }
  if (unreadable || request.transaction_type !== 'lipa_mdogo_mdogo') return refused;
  if (total === undefined || (amount !== null && total !== null && total <= amount)) refused.add('total_cost');
  return refused;
}

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
  for (const wireField of contractRefusals(toCreateRequest(values))) {
    const field = WIRE_FIELDS[wireField];
    if (field && !errors[field]) errors[field] = refusal(field, values);
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
