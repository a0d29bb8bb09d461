/**
 * Why a payment did not go through, in plain words a payer can act on, in English and Kiswahili. The one
 * place these sentences live: the payment's `failure_reason` on the wire, the payment_failed SMS and the
 * web pages all read them from here. The rails' own texts ("The initiator information is invalid.") stay
 * in `result_desc`, for staff.
 */

/** What went wrong, whatever the rail (the rail adapters translate their codes into these). */
export const PAYMENT_FAILURE_KINDS = [
  'insufficient_funds',
  'cancelled_by_payer',
  'wrong_pin',
  'timeout',
  'payer_busy',
  'unregistered',
  'refused',
  'not_sent',
  'unconfirmed',
  'other',
] as const;
export type PaymentFailureKind = (typeof PAYMENT_FAILURE_KINDS)[number];

export type FailureLanguage = 'en' | 'sw';

export function isPaymentFailureKind(value: unknown): value is PaymentFailureKind {
  return typeof value === 'string' && (PAYMENT_FAILURE_KINDS as readonly string[]).includes(value);
}

/**
 * One sentence per kind: what happened, then what to do. `rail` is how the payer knows the rail
 * ("M-Pesa", "Airtel Money"). Each stays short enough to fit one SMS part with the payment_failed frame.
 */
const SENTENCES: Record<PaymentFailureKind, Record<FailureLanguage, (rail: string) => string>> = {
  insufficient_funds: {
    // Fuliza is M-Pesa's overdraft: Airtel Money has none to offer.
    en: (rail) => `There was not enough money in your ${rail}. Top up${rail === 'M-Pesa' ? ' or use Fuliza' : ''}, then try again.`,
    sw: (rail) => `Salio la ${rail} halikutosha. Ongeza pesa${rail === 'M-Pesa' ? ' au tumia Fuliza' : ''}, kisha ujaribu tena.`,
  },
  cancelled_by_payer: {
    en: (rail) => `The ${rail} prompt was cancelled on the phone. Try again when you are ready to pay.`,
    sw: (rail) => `Ombi la ${rail} lilikataliwa kwenye simu. Jaribu tena ukiwa tayari kulipa.`,
  },
  wrong_pin: {
    en: (rail) => `The ${rail} PIN was wrong. Try again and enter your PIN carefully.`,
    sw: (rail) => `PIN ya ${rail} haikuwa sahihi. Jaribu tena na uweke PIN yako kwa makini.`,
  },
  timeout: {
    en: (rail) => `You did not answer the ${rail} prompt in time. Try again with your phone unlocked and near you.`,
    sw: (rail) => `Hukujibu ombi la ${rail} kwa wakati. Jaribu tena simu ikiwa karibu na wazi.`,
  },
  payer_busy: {
    en: (rail) => `Your phone was busy with another ${rail} payment. Wait a minute, then try again.`,
    sw: (rail) => `Simu yako ilikuwa na malipo mengine ya ${rail}. Subiri dakika moja, kisha ujaribu tena.`,
  },
  unregistered: {
    en: (rail) => `This phone number is not registered for ${rail}. Pay from a number that has ${rail}.`,
    sw: (rail) => `Nambari hii haijasajiliwa kwa ${rail}. Lipa kwa nambari iliyo na ${rail}.`,
  },
  // The rail answered the request itself with a refusal: no prompt was sent, and the same request may be
  // refused again (a number or an amount the rail will not take), so the payer is told what to check.
  refused: {
    en: (rail) => `${rail} refused the payment request. No money was taken. Check the number and amount, or try again later.`,
    sw: (rail) => `${rail} ilikataa ombi la malipo. Hakuna pesa iliyochukuliwa. Hakikisha nambari na kiasi, au ujaribu tena baadaye.`,
  },
  not_sent: {
    en: (rail) => `We could not reach ${rail} to send the prompt. No money was taken. Please try again.`,
    sw: (rail) => `Hatukuweza kufikia ${rail} kutuma ombi. Hakuna pesa iliyochukuliwa. Tafadhali jaribu tena.`,
  },
  // The rail never confirmed the payment either way, and the mediation team closed it: whether money was
  // taken is not known, so this one does not say "No money was taken".
  unconfirmed: {
    en: (rail) => `${rail} never confirmed this payment. If money was taken, it will be credited or refunded. You may pay again.`,
    sw: (rail) => `${rail} haikuthibitisha malipo haya. Pesa ikiwa ilichukuliwa, itahesabiwa au kurudishwa. Unaweza kulipa tena.`,
  },
  other: {
    en: (rail) => `${rail} could not complete the payment. No money was taken. Please try again.`,
    sw: (rail) => `${rail} haikukamilisha malipo. Hakuna pesa iliyochukuliwa. Tafadhali jaribu tena.`,
  },
};

/** The plain sentence for a failure of `kind` on `rail`, in `language`. */
export function paymentFailureSentence(kind: PaymentFailureKind, language: FailureLanguage, rail: string): string {
  return SENTENCES[kind][language](rail);
}

/**
 * Why a payout (money we send) did not reach its recipient, said to the recipient, who can do nothing about
 * the rail's reasons but one: a number that has no account on the rail. The rail's own words stay with
 * the payout for staff; they are English and cut short, and read to a payee as noise.
 */
export function payoutFailureSentence(kind: PaymentFailureKind, language: FailureLanguage, rail: string): string {
  if (kind === 'unregistered')
    return language === 'en' ? `this number is not registered for ${rail}` : `nambari hii haijasajiliwa kwa ${rail}`;
  return language === 'en' ? `${rail} did not accept the payment` : `${rail} haikukubali malipo`;
}
