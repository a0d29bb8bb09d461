/**
 * The server's messages in the customer area in the reader's language (./en/customer-messages.ts), apart
 * from ./index.tsx so that the public pages' first load does not carry them.
 */
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
 * Like `localizeMessage`, knowing the customer area's messages too; a `{{status}}` is named as its badge. A
 * message prefixed with its field is said with the field as its form labels it ("Kiasi: …"), or without it
 * when the message already begins with that name; with the field's JSON name it stays as it came.
 */
export function localizeCustomerMessage(message: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message;
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
