/**
 * The "New transaction" form's rules: the hero form's (docs/product-rules.md §5) — seller phone required, 0 or 254 then
 * 9 digits; product name required, ≤ 100 characters; amount 1–500,000 KES; for Lipa Mdogo Mdogo a total
 * cost above the amount and ≤ 500,000 — plus what the server would refuse anyway, checked early: whole
 * shillings (M-Pesa), a seller other than yourself, and the plan rules (item over KES 10,000, deposit
 * at least 20 %, terms 3/6/12/24) from the shared domain core.
 */
import { normalizePhone } from '@escrow/core/domain/phone';
import { parseAmount, type Cents } from '@escrow/core/domain/money';
import { checkPlanRules, DEFAULT_PLAN_TERM, PLAN_TERMS } from '@escrow/core/domain/installment-plan';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import type { CreateTransactionRequest } from './api/transactions';

export interface NewTransactionValues {
  type: TransactionType;
  sellerPhone: string;
  productName: string;
  amount: string;
  totalCost: string;
  months: string;
}

export type NewTransactionErrors = Partial<Record<keyof NewTransactionValues, string>>;

export const EMPTY_NEW_TRANSACTION: NewTransactionValues = {
  type: 'standard',
  sellerPhone: '',
  productName: '',
  amount: '',
  totalCost: '',
  months: String(DEFAULT_PLAN_TERM),
};

export const TRANSACTION_TYPE_OPTIONS: { value: TransactionType; label: string; hint: string }[] = [
  { value: 'standard', label: 'Standard Escrow', hint: 'Payment is held until you confirm delivery.' },
  { value: 'protected', label: 'Protected Escrow', hint: 'Escrow with dispute resolution coverage.' },
  { value: 'lipa_mdogo_mdogo', label: 'Lipa Mdogo Mdogo', hint: 'Pay a costly item in installments; it is dispatched once fully paid.' },
];

export const MAX_AMOUNT = 500_000;
export const PRODUCT_NAME_MAX = 100;
const SELLER_PHONE_PATTERN = /^(0|254)\d{9}$/;

/** Spaces, dashes and a leading + are allowed while typing: "+254 722 123 456". */
export const compactPhone = (phone: string) => phone.replace(/[\s-]/g, '').replace(/^\+/, '');

const kes = (shillings: number) => `KES ${shillings.toLocaleString('en-KE')}`;

/** A typed amount as cents ("35,000" → 3500000n); null when it is not a non-negative number with ≤ 2 decimals. */
export const typedCents = (text: string): Cents | null => parseAmount(text.replace(/,/g, '').trim());

function checkAmount(text: string, label: string, min: number): string | undefined {
  if (!text.trim()) return `${label} is required`;
  const cents = typedCents(text);
  if (cents === null) return `${label} must be a number`;
  if (cents % 100n !== 0n) return `${label} must be in whole shillings`;
  if (cents < BigInt(min) * 100n) return `${label} must be at least ${kes(min)}`;
  if (cents > BigInt(MAX_AMOUNT) * 100n) return `${label} cannot exceed ${kes(MAX_AMOUNT)}`;
  return undefined;
}

export function validateNewTransaction(values: NewTransactionValues, ownPhone?: string | null): NewTransactionErrors {
  const errors: NewTransactionErrors = {};
  const phone = compactPhone(values.sellerPhone);
  if (!phone) errors.sellerPhone = 'Seller phone is required';
  else if (!SELLER_PHONE_PATTERN.test(phone)) errors.sellerPhone = 'Phone must start with 0 or 254 followed by 9 digits (e.g. 0722123456)';
  else if (ownPhone && normalizePhone(phone) === ownPhone) errors.sellerPhone = 'You cannot be the seller of your own transaction';

  const productName = values.productName.trim();
  if (!productName) errors.productName = 'Product or service name is required';
  else if (productName.length > PRODUCT_NAME_MAX) errors.productName = `Product name must be at most ${PRODUCT_NAME_MAX} characters`;

  const isInstallment = values.type === 'lipa_mdogo_mdogo';
  const amountError = checkAmount(values.amount, isInstallment ? 'Initial payment' : 'Amount', 1);
  if (amountError) errors.amount = amountError;
  if (!isInstallment) return errors;

  const amount = amountError ? null : typedCents(values.amount);
  const totalError = checkAmount(values.totalCost, 'Total cost', amount !== null ? Number(amount / 100n) + 1 : 2);
  if (totalError) errors.totalCost = totalError;
  const months = Number(values.months);
  if (!(PLAN_TERMS as readonly number[]).includes(months)) errors.months = 'Installment terms are 3, 6, 12 or 24 months';
  if (amount !== null && !totalError && !errors.months) {
    const violation = checkPlanRules({ total: typedCents(values.totalCost)!, deposit: amount, months });
    if (violation?.rule === 'TOTAL_TOO_LOW') errors.totalCost = violation.message;
    else if (violation) errors.amount = violation.message;
  }
  return errors;
}

/** The POST /api/transactions body for valid values. */
export function toCreateRequest(values: NewTransactionValues): CreateTransactionRequest {
  const isInstallment = values.type === 'lipa_mdogo_mdogo';
  return {
    seller_phone: compactPhone(values.sellerPhone),
    product_name: values.productName.trim(),
    amount: values.amount.replace(/,/g, '').trim(),
    transaction_type: values.type,
    ...(isInstallment ? { total_cost: values.totalCost.replace(/,/g, '').trim(), installment_months: Number(values.months) } : {}),
  };
}

/** Server field names → form field names, for a 400's `errors`. */
export const SERVER_FIELD: Record<string, keyof NewTransactionValues> = {
  seller_phone: 'sellerPhone',
  product_name: 'productName',
  amount: 'amount',
  total_cost: 'totalCost',
  installment_months: 'months',
  transaction_type: 'type',
};
