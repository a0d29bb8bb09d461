/**
 * The server's messages in the customer area in the reader's language (./en/customer-messages.ts), apart
 * from ./index.tsx so that the public pages' first load does not carry them.
 */
import { customerMessages } from './en/customer-messages';
import { customer } from './en/customer';
import { DEFAULT_LANGUAGE, localizeMessage, messagePatterns, translator, type Language } from '.';

const CUSTOMER_MESSAGES = messagePatterns('customer.messages', customerMessages);
type Status = keyof typeof customer.status;
const isStatus = (value: string): value is Status => Object.hasOwn(customer.status, value);

/** The catalog key of a server message of the customer area ('customer.messages.codeBurnt'), or null. */
export function customerMessageKey(message: string): string | null {
  return CUSTOMER_MESSAGES.find((known) => known.pattern.test(message))?.key ?? null;
}

/** Like `localizeMessage`, knowing the customer area's messages too; a `{{status}}` is named as its badge. */
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
  return localizeMessage(message, language);
}
