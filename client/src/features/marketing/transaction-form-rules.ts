/**
 * The hero form's rules, exactly docs/product-rules.md §5: seller phone required and 0 or 254 followed by 9 digits;
 * product name required, at most 100 characters; amount 1–500,000 KES; for Lipa Mdogo Mdogo a total
 * cost above the amount and at most 500,000. M-Pesa moves whole shillings, so amounts are whole.
 * The server checks the same and more (deposit ≥ 20 %, item over KES 10,000) and names the field.
 */
import { parseAmount, type Cents } from '@escrow/core/domain/money';

export type FormTransactionType = 'standard' | 'lipa_mdogo_mdogo';

export interface TransactionFormValues {
  type: FormTransactionType;
  sellerPhone: string;
  productName: string;
  amount: string;
  totalCost: string;
  months: string;
}

export type TransactionFormErrors = Partial<Record<keyof TransactionFormValues, string>>;

export const EMPTY_TRANSACTION_FORM: TransactionFormValues = {
  type: 'standard',
  sellerPhone: '',
  productName: '',
  amount: '',
  totalCost: '',
  months: '6',
};

export const MAX_AMOUNT = 500_000;
export const PRODUCT_NAME_MAX = 100;
const SELLER_PHONE_PATTERN = /^(0|254)\d{9}$/;

/** Spaces, dashes and a leading + are allowed while typing: "+254 722 123 456". */
export const compactPhone = (phone: string) => phone.replace(/[\s-]/g, '').replace(/^\+/, '');

const ksh = (shillings: number) => `KES ${shillings.toLocaleString('en-KE')}`;

/** Whole shillings in the form, as cents; null when empty or not a whole non-negative number. */
export function wholeShillings(text: string): Cents | null {
  const cents = parseAmount(text.replace(/,/g, ''));
  return cents !== null && cents % 100n === 0n ? cents : null;
}

function checkAmount(text: string, label: string, min: number): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return `${label} is required`;
  const cents = parseAmount(trimmed.replace(/,/g, ''));
  if (cents === null) return `${label} must be a number`;
  if (cents % 100n !== 0n) return `${label} must be in whole shillings`;
  if (cents < BigInt(min) * 100n) return `${label} must be at least ${ksh(min)}`;
  if (cents > BigInt(MAX_AMOUNT) * 100n) return `${label} cannot exceed ${ksh(MAX_AMOUNT)}`;
  return undefined;
}

export function validateTransactionForm(values: TransactionFormValues): TransactionFormErrors {
  const errors: TransactionFormErrors = {};
  const phone = compactPhone(values.sellerPhone);
  if (!phone) errors.sellerPhone = 'Seller phone is required';
  else if (!SELLER_PHONE_PATTERN.test(phone)) errors.sellerPhone = 'Phone must start with 0 or 254 followed by 9 digits (e.g. 0722123456)';

  const productName = values.productName.trim();
  if (!productName) errors.productName = 'Product or service name is required';
  else if (productName.length > PRODUCT_NAME_MAX) errors.productName = `Product name must be at most ${PRODUCT_NAME_MAX} characters`;

  const isInstallment = values.type === 'lipa_mdogo_mdogo';
  const amountLabel = isInstallment ? 'Initial payment' : 'Amount';
  const amountError = checkAmount(values.amount, amountLabel, 1);
  if (amountError) errors.amount = amountError;

  if (isInstallment) {
    const amount = wholeShillings(values.amount);
    const minimum = !amountError && amount !== null ? Number(amount / 100n) + 1 : 2;
    const totalError = checkAmount(values.totalCost, 'Total cost', minimum);
    if (totalError) errors.totalCost = totalError;
  }
  return errors;
}
