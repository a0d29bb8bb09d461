/**
 * The server's messages in the customer area in the reader's language (./en/customer-messages.ts), apart
 * from ./index.tsx so that the public pages' first load does not carry them.
 */
import { PAYMENT_FAILURE_KINDS, paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
import { customerFieldNames, customerMessages } from './en/customer-messages';
import { customer } from './en/customer';
import { DEFAULT_LANGUAGE, localizeMessage, messagePatterns, translator, type Language } from '.';

const CUSTOMER_MESSAGES = messagePatterns('customer.messages', customerMessages);
type Status = keyof typeof customer.status;
const isStatus = (value: string): value is Status => Object.hasOwn(customer.status, value);
type FieldName = keyof typeof customerFieldNames;
const isFieldName = (value: string): value is FieldName => Object.hasOwn(customerFieldNames, value);
/**
 * A refusal that names its field first, as the server words a request it could not validate
 * (`amount: Must not be negative`, server/src/plugins/error-handler.ts): the field's JSON name, then the message.
 */
const FIELD_PREFIXED = /^([a-z][a-z0-9_]*): (.+)$/s;

/** The catalog key of a server message of the customer area ('customer.messages.codeBurnt'), or null. */
export function customerMessageKey(message: string): string | null {
  return CUSTOMER_MESSAGES.find((known) => known.pattern.test(message))?.key ?? null;
}

/**
 * A payment failure's sentence in `language`, when `message` is one in English: a prompt the rail refused is
 * answered with its kind's sentence (server/src/modules/payments/use-cases/initiate-payment.ts), which the
 * core words in both languages.
 */
function paymentFailureIn(message: string, language: Language): string | null {
  for (const kind of PAYMENT_FAILURE_KINDS) {
    for (const rail of Object.values(RAIL_DISPLAY_NAMES)) {
      if (paymentFailureSentence(kind, 'en', rail) === message) return paymentFailureSentence(kind, language, rail);
    }
  }
  return null;
}

/**
 * Like `localizeMessage`, knowing the customer area's messages too (and the payment failures' sentences); a `{{status}}` is named as its badge. A
 * message prefixed with its field is said with the field as its form labels it ("Kiasi: …"), or without it
 * when the message already begins with that name; with the field's JSON name it stays as it came.
 */
export function localizeCustomerMessage(message: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message;
  const failure = paymentFailureIn(message, language);
  if (failure) return failure;
  const t = translator(language);
  for (const known of CUSTOMER_MESSAGES) {
    const match = known.pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(
      known.names.map((name, index) => {
        const value = match[index + 1]!;
        return [name, name === 'status' && isStatus(value) ? t(`customer.status.${value}`) : value];
      }),
    );
    return t(known.key, params);
  }
  const prefixed = FIELD_PREFIXED.exec(message);
  if (prefixed) {
    const [, field, inner] = prefixed as unknown as [string, string, string];
    const said = localizeCustomerMessage(inner, language);
    if (said === inner) return message;
    if (!isFieldName(field)) return said;
    const label = t(`customer.fieldNames.${field}`);
    return said.toLocaleLowerCase().startsWith(label.toLocaleLowerCase()) ? said : `${label}: ${said}`;
  }
  return localizeMessage(message, language);
}
