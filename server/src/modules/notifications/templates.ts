/**
 * Every SMS the platform sends, in English and Kiswahili, kept under 160 characters where possible
 * (one SMS part). Parameters are formatted strings (amounts via formatKes, phones via displayPhone),
 * except dates: those are `SmsDate`s, named in the recipient's language when the message is rendered
 * ("30 Dec 2026" in English, "30 Des 2026" in Kiswahili).
 */
import { cutText } from '@escrow/core/domain/text';
import { isPaymentFailureKind, paymentFailureSentence, payoutFailureSentence } from '@escrow/core/domain/payment-failure';

export type Language = 'en' | 'sw';

/**
 * A person's or a rail's text cut to fit an SMS: at a word where one ends close enough, marked with
 * "..." (GSM-7; "…" would turn the whole message into UCS-2 and halve its length).
 */
export function smsExcerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = cutText(clean, max - 3);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace >= max / 2 ? cut.slice(0, lastSpace) : cut}...`;
}

/** A date (or date and time) in an SMS, shown in Nairobi time. */
export interface SmsDate {
  at: Date;
  show: 'date' | 'dateTime';
}
export const smsDate = (at: Date): SmsDate => ({ at, show: 'date' });
export const smsDateTime = (at: Date): SmsDate => ({ at, show: 'dateTime' });
export type SmsParams = Record<string, string | SmsDate>;

const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', sw: 'sw-KE' };

/** Also the USSD screens' dates, so a date reads the same on the screen as in the SMS that follows. */
export function formatSmsDate({ at, show }: SmsDate, language: Language): string {
  const day = { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric' } as const;
  return at.toLocaleString(DATE_LOCALES[language], show === 'date' ? day : { ...day, hour: '2-digit', minute: '2-digit' });
}

type Params = Record<string, string>;
type Template = Record<Language, (p: Params) => string>;

/** Callers pass the acting party in English ('buyer' / 'seller'); Kiswahili messages name it in Kiswahili. */
const SW_PARTY: Record<string, string> = { buyer: 'mnunuzi', seller: 'muuzaji', admin: 'msimamizi', system: 'mfumo' };
const party = (by: string | undefined) => SW_PARTY[by ?? ''] ?? by ?? '';
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/**
 * A failure's plain sentence from the `kind` and `rail` params, in the recipient's language: an unknown kind
 * reads as 'other', an unnamed rail as M-Pesa. `sentence` is the payment's or the payout's wording.
 */
const failureWords =
  (sentence: typeof paymentFailureSentence | typeof payoutFailureSentence) =>
  (p: Params, language: Language): string =>
    sentence(isPaymentFailureKind(p.kind) ? p.kind : 'other', language, p.rail ?? 'M-Pesa');
const failureSentence = failureWords(paymentFailureSentence);
const payoutFailure = failureWords(payoutFailureSentence);

/**
 * A dispute's type in words, for a dispute opened with no words of the opener's own (a reason picked from the
 * USSD list): each reader gets the type in their language. The same words as the web's dispute types
 * (client/src/i18n/{en,sw}/customer.ts, `customer.actions.disputeTypes`).
 */
const DISPUTE_TYPE_WORDS: Record<string, Record<Language, string>> = {
  non_delivery: { en: 'Item or service not delivered', sw: 'Bidhaa au huduma haikufika' },
  not_as_described: { en: 'Not as described', sw: 'Si kama ilivyoelezwa' },
  quality_issue: { en: 'Quality issues', sw: 'Ubora duni' },
  payment_delay: { en: 'Payment delay', sw: 'Malipo yamechelewa' },
  withdrawal_declined: { en: 'Withdrawal declined', sw: 'Ombi la kujiondoa limekataliwa' },
  withdrawal_lapsed: { en: 'Seller did not answer the withdrawal in time', sw: 'Muuzaji hakujibu ombi la kujiondoa kwa wakati' },
  other: { en: 'Something else', sw: 'Jambo lingine' },
};
export const disputeTypeWords = (type: string, language: Language) => (DISPUTE_TYPE_WORDS[type] ?? DISPUTE_TYPE_WORDS.other!)[language];
/** A reason as a person typed it, set inside a sentence that adds its own full stop: "broken." would read "broken..". */
const typedReason = (reason: string | undefined) => reason?.trim().replace(/\.+$/, '');
/** What a dispute is about: the opener's words (`reason`), or else its type (`type`) in the recipient's language. */
const disputeAbout = (p: Params, language: Language) => typedReason(p.reason) || disputeTypeWords(p.type ?? 'other', language);

/** What a ruling did, as the SMS tell each party. */
export const RULINGS = ['for_seller', 'plan_goes_on', 'for_buyer', 'for_buyer_after_return', 'split'] as const;
export type Ruling = (typeof RULINGS)[number];
type RulingSentences = Record<'buyer' | 'seller', Record<Language, (p: Params) => string>>;

const RULING_SENTENCES: Record<Ruling, RulingSentences> = {
  for_seller: {
    buyer: {
      en: (p) => `for the seller. ${p.sellerAmount} is paid to them.`,
      sw: (p) => `muuzaji ameshinda; analipwa ${p.sellerAmount}.`,
    },
    seller: {
      en: (p) => `for you. ${p.sellerAmount} is on its way to your ${p.rail ?? 'M-Pesa'}.`,
      sw: (p) => `umeshinda; ${p.sellerAmount} inatumwa kwa ${p.rail ?? 'M-Pesa'} yako.`,
    },
  },
  plan_goes_on: {
    buyer: {
      en: () => `for the seller. Your plan goes on: keep paying to receive the item.`,
      sw: () => `malalamiko yamekataliwa na mpango unaendelea. Endelea kulipa ili upokee bidhaa.`,
    },
    seller: {
      en: () => `for you. The plan goes on: dispatch once it is fully paid.`,
      sw: () => `malalamiko ya mnunuzi yamekataliwa na mpango unaendelea. Tuma bidhaa ikishalipwa yote.`,
    },
  },
  for_buyer: {
    buyer: {
      en: (p) => `for you. ${p.buyerAmount} is refunded to the phone that paid.`,
      sw: (p) => `umeshinda; ${p.buyerAmount} inarudishwa kwa simu iliyolipa.`,
    },
    seller: {
      en: (p) => `for the buyer. ${p.buyerAmount} is refunded to them.`,
      sw: (p) => `mnunuzi ameshinda; anarudishiwa ${p.buyerAmount}.`,
    },
  },
  for_buyer_after_return: {
    buyer: {
      en: (p) => `for you. Return the item to the seller; ${p.buyerAmount} is refunded once they confirm it is back.`,
      sw: (p) => `umeshinda. Mrudishie muuzaji bidhaa; ${p.buyerAmount} itarudishwa akithibitisha ameipokea.`,
    },
    seller: {
      en: (p) => `for the buyer. When the item is back, confirm it on the web; then ${p.buyerAmount} is refunded to them.`,
      sw: (p) => `mnunuzi ameshinda. Bidhaa ikirudi, thibitisha mtandaoni; kisha atarudishiwa ${p.buyerAmount}.`,
    },
  },
  split: {
    buyer: {
      en: (p) => `split. ${p.buyerAmount} to you, ${p.sellerAmount} to the seller.`,
      sw: (p) => `mgawanyo. ${p.buyerAmount} kwako, ${p.sellerAmount} kwa muuzaji.`,
    },
    seller: {
      en: (p) => `split. ${p.sellerAmount} to you, ${p.buyerAmount} to the buyer.`,
      sw: (p) => `mgawanyo. ${p.sellerAmount} kwako, ${p.buyerAmount} kwa mnunuzi.`,
    },
  },
};

const isRuling = (value: string | undefined): value is Ruling => (RULINGS as readonly string[]).includes(value ?? '');
function rulingSentence(p: Params, language: Language): string {
  if (!isRuling(p.ruling)) throw new Error(`dispute_ruled: unknown ruling ${p.ruling}`);
  return RULING_SENTENCES[p.ruling][p.role === 'seller' ? 'seller' : 'buyer'][language](p);
}

/**
 * Why a payment that came in is given back, all of it or (`over`) the part beyond what was owed: the
 * transaction's state when the money landed, or its amount (payments/use-cases/apply-stk-result.ts decides).
 * A bare "is being refunded" read as a contradiction after "No money was taken" (a prompt reported cancelled
 * whose money arrived after the escrow was cancelled), or as an error after a payment made twice.
 */
export const PAYMENT_REFUND_CAUSES = ['cancelled', 'closed', 'paid', 'disputed', 'short', 'over'] as const;
export type PaymentRefundCause = (typeof PAYMENT_REFUND_CAUSES)[number];

const PAYMENT_REFUND_WHY: Record<PaymentRefundCause, Record<Language, (p: Params) => string>> = {
  cancelled: {
    en: () => `arrived after the escrow was cancelled, so it is being refunded to the phone that paid it.`,
    sw: () => `yamefika baada ya escrow kughairiwa, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
  },
  closed: {
    en: () => `arrived after the escrow was closed, so it is being refunded to the phone that paid it.`,
    sw: () => `yamefika baada ya escrow kufungwa, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
  },
  paid: {
    en: () => `arrived after the escrow was fully paid, so it is being refunded to the phone that paid it.`,
    sw: () => `yamefika baada ya escrow kulipwa kikamilifu, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
  },
  disputed: {
    en: () => `arrived while the escrow is in dispute, so it is being refunded to the phone that paid it.`,
    sw: () => `yamefika wakati escrow ina malalamiko, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
  },
  short: {
    en: () => `was less than asked, so all of it is being refunded to the phone that paid it.`,
    sw: () => `yalikuwa chini ya kiasi kilichoombwa, kwa hivyo yote yanarudishwa kwa simu iliyolipa.`,
  },
  over: {
    en: (p) => `was more than was owed: the extra ${p.amount} is being refunded to the phone that paid it.`,
    sw: (p) => `yamezidi kiasi ulichodaiwa: ziada ya ${p.amount} inarudishwa kwa simu iliyolipa.`,
  },
};
const isPaymentRefundCause = (value: string | undefined): value is PaymentRefundCause =>
  (PAYMENT_REFUND_CAUSES as readonly string[]).includes(value ?? '');
function paymentRefundWhy(p: Params, language: Language): string {
  if (!isPaymentRefundCause(p.cause)) throw new Error(`payment_refunded: unknown cause ${p.cause}`);
  return PAYMENT_REFUND_WHY[p.cause][language](p);
}

export const SMS_TEMPLATES = {
  verification_code: {
    en: (p) => `Your Escrow Kenya code is ${p.code}. It expires in 10 minutes. Do not share it with anyone.`,
    // "Nambari ya uthibitisho", as the web's verify screen names it: "your Escrow Kenya number" read as an account number.
    sw: (p) => `Nambari yako ya uthibitisho ya Escrow Kenya ni ${p.code}. Itaisha baada ya dakika 10. Usimpe mtu yeyote.`,
  },
  password_reset_code: {
    en: (p) => `Your Escrow Kenya password reset code is ${p.code}. It expires in 10 minutes. If you did not ask, ignore this.`,
    sw: (p) => `Nambari ya kubadilisha nenosiri la Escrow Kenya ni ${p.code}. Itaisha baada ya dakika 10. Kama hukuomba, puuza.`,
  },
  transaction_created_buyer: {
    // A Lipa Mdogo Mdogo plan's first payment does not fund it (funded is the full price held): said as what it is.
    en: (p) =>
      p.plan
        ? `Escrow ${p.ref} created: ${p.product}, ${p.amount} to ${p.seller}. Pay the first payment, ${p.due}, by ${p.rail ?? 'M-Pesa'}.`
        : `Escrow ${p.ref} created: ${p.product}, ${p.amount} to ${p.seller}. Pay ${p.due} by ${p.rail ?? 'M-Pesa'} to fund it.`,
    sw: (p) => `Escrow ${p.ref} imeundwa: ${p.product}, ${p.amount} kwa ${p.seller}. Lipa ${p.due} kwa ${p.rail ?? 'M-Pesa'}.`,
  },
  transaction_created_seller: {
    en: (p) => `${p.buyer} opened escrow ${p.ref} with you: ${p.product}, ${p.amount}. We'll SMS you when paid. Dial *384*40#`,
    sw: (p) => `${p.buyer} ameanzisha escrow ${p.ref} nawe: ${p.product}, ${p.amount}. Tutakujulisha ikilipwa. Piga *384*40#.`,
  },
  /**
   * To a seller phone with no account: it is paid only once registered (the waiting escrows attach to the
   * phone's new account, auth/accounts.ts). English, as *384*40# greets a phone with no account in English
   * (ussd/answer-ussd-request.ts): a phone's language is unknown until its holder picks one, and both
   * languages with the buyer, amount, reference and the way to register do not fit one 160-character part.
   * `amount` is the price, before the seller's fee: "to pay you" it would overstate what the seller gets.
   */
  seller_invite: {
    en: (p) =>
      `${p.buyer} buys from you for ${p.amount} by escrow ${p.ref}: we hold the money until delivery. Register this number on *384*40# to be paid.`,
    sw: (p) =>
      `${p.buyer} ananunua kwako kwa ${p.amount}, escrow ${p.ref}: tunashikilia pesa hadi bidhaa ifike. Sajili nambari hii kwa *384*40# ulipwe.`,
  },
  /** `receipt` is absent when the rail reported none: the rail is named alone. */
  payment_received_buyer: {
    en: (p) =>
      `We received ${p.amount} for ${p.ref} ${p.receipt ? `(${p.rail ?? 'M-Pesa'} ${p.receipt})` : `by ${p.rail ?? 'M-Pesa'}`}. It is held safely until you confirm delivery.`,
    sw: (p) =>
      `Tumepokea ${p.amount} kwa ${p.ref} ${p.receipt ? `(${p.rail ?? 'M-Pesa'} ${p.receipt})` : `kupitia ${p.rail ?? 'M-Pesa'}`}. Pesa imehifadhiwa hadi uthibitishe kupokea.`,
  },
  /** The Kiswahili names the step as the web's button and the USSD menu do ("Thibitisha umetuma"). */
  payment_received_seller: {
    en: (p) => `${p.ref} is fully paid: ${p.amount} is held in escrow. Please dispatch ${p.product} and mark it dispatched.`,
    sw: (p) => `${p.ref} imelipwa kikamilifu: ${p.amount} imehifadhiwa. Tafadhali tuma ${p.product}, kisha thibitisha umetuma.`,
  },
  /**
   * To a seller phone with no verified account when its escrow is fully paid: it cannot mark the item
   * dispatched, nor be paid, until it registers (the waiting escrows attach on verification,
   * auth/accounts.ts). "Dispatch and mark it dispatched" sent goods off from a phone that could do neither.
   * A phone with no account reads English, as `seller_invite` says; an unverified account, its language.
   */
  payment_received_seller_invite: {
    en: (p) =>
      `${p.ref} is fully paid: ${p.amount} is held in escrow. Register this number on *384*40# or our website before you dispatch: only then can you be paid.`,
    sw: (p) =>
      `${p.ref} imelipwa kikamilifu: ${p.amount} imehifadhiwa. Sajili nambari hii kwa *384*40# au tovuti kabla ya kutuma bidhaa, ili uweze kulipwa.`,
  },
  installment_received: {
    // `amount` is what the phone paid, `fee` the part of it that is the buyer's fee (absent once the fee is
    // paid: "KES 0 fee" on every later installment said nothing): `paid` counts the price alone. `late` (set
    // when the next installment is overdue, core's isInstallmentOverdue) says so: "Next: … by 27 Nov" read
    // on 28 Nov named a date gone by as the one to pay by.
    en: (p) =>
      `${p.ref}: ${p.amount} received${p.fee ? ` (${p.fee} fee)` : ''}. Paid ${p.paid} of ${p.total}.${p.next ? (p.late ? ` Overdue: ${p.next}, due ${p.nextDate}.` : ` Next: ${p.next} by ${p.nextDate}.`) : ''}`,
    sw: (p) =>
      `${p.ref}: ${p.amount} imepokelewa${p.fee ? ` (ada ${p.fee})` : ''}. Umelipa ${p.paid} kati ya ${p.total}.${p.next ? (p.late ? ` Imechelewa: ${p.next}, ilipaswa ${p.nextDate}.` : ` Yajayo: ${p.next} ifikapo ${p.nextDate}.`) : ''}`,
  },
  installment_received_seller: {
    en: (p) =>
      `The buyer paid ${p.amount} towards ${p.ref}: ${p.paid} of ${p.total} is now held in escrow. Dispatch once it is fully paid.`,
    sw: (p) => `Mnunuzi amelipa ${p.amount} kwa ${p.ref}: ${p.paid} kati ya ${p.total} imehifadhiwa. Tuma bidhaa ikishalipwa yote.`,
  },
  /**
   * To a seller phone with no verified account, for each part of a plan before the last: "Dispatch once it is
   * fully paid" asked it to send goods it could not be paid for. As `payment_received_seller_invite`.
   */
  installment_received_seller_invite: {
    en: (p) =>
      `The buyer paid ${p.amount} towards ${p.ref}: ${p.paid} of ${p.total} is held in escrow. Register this number on *384*40# to be paid.`,
    sw: (p) =>
      `Mnunuzi amelipa ${p.amount} kwa ${p.ref}: ${p.paid} kati ya ${p.total} imehifadhiwa. Sajili nambari hii kwa *384*40# ulipwe.`,
  },
  payment_failed: {
    en: (p) => `Payment for ${p.ref} did not go through. ${failureSentence(p, 'en')}`,
    sw: (p) => `Malipo ya ${p.ref} hayakufaulu. ${failureSentence(p, 'sw')}`,
  },
  /**
   * A payment the rail never confirmed, closed by the mediation team as not received: not "no money was
   * taken" (nobody knows), and a success the rail reports later is still credited (apply-stk-result.ts).
   */
  payment_closed_unconfirmed: {
    en: (p) =>
      `${p.ref}: we could not confirm your ${p.rail ?? 'M-Pesa'} payment of ${p.amount}. You may pay again. If the money was taken, it will be credited or refunded.`,
    sw: (p) =>
      `${p.ref}: hatukuweza kuthibitisha malipo yako ya ${p.rail ?? 'M-Pesa'} ya ${p.amount}. Unaweza kulipa tena. Pesa ikiwa ilichukuliwa, itahesabiwa au kurudishwa.`,
  },
  /**
   * `deadline`: the end of the inspection period, when the payment is released with no word from the buyer.
   * Said as what happens if the buyer does neither: "dispute by …; then they are paid" read as if a dispute
   * paid the seller.
   */
  dispatched_buyer: {
    en: (p) => `${p.seller} sent ${p.product} (${p.ref}). Confirm delivery or dispute; else they are paid on ${p.deadline}.`,
    sw: (p) => `${p.seller} ametuma ${p.product} (${p.ref}). Thibitisha kupokea au lalamika; la sivyo atalipwa ${p.deadline}.`,
  },
  released_seller: {
    en: (p) => `Payment for ${p.ref} released: ${p.amount} is on its way to your ${p.rail ?? 'M-Pesa'}.`,
    sw: (p) => `Malipo ya ${p.ref} yametolewa: ${p.amount} yanatumwa kwa ${p.rail ?? 'M-Pesa'} yako.`,
  },
  released_buyer: {
    en: (p) => `You confirmed delivery of ${p.ref}. The seller is being paid. Thank you for using Escrow Kenya.`,
    sw: (p) => `Umethibitisha kupokea ${p.ref}. Muuzaji analipwa. Asante kwa kutumia Escrow Kenya.`,
  },
  auto_released: {
    en: (p) => `The inspection period for ${p.ref} ended with no dispute, so payment was released to the seller.`,
    sw: (p) => `Muda wa ukaguzi wa ${p.ref} umeisha bila malalamiko, hivyo malipo yametolewa kwa muuzaji.`,
  },
  payout_sent: {
    en: (p) => `${p.rail ?? 'M-Pesa'} ${p.receipt}: ${p.amount} sent to you for ${p.ref}.`,
    sw: (p) => `${p.rail ?? 'M-Pesa'} ${p.receipt}: ${p.amount} umetumiwa kwa ${p.ref}.`,
  },
  payout_failed: {
    en: (p) =>
      `We could not send ${p.amount} for ${p.ref} to your ${p.rail ?? 'M-Pesa'}: ${payoutFailure(p, 'en')}. Our team will contact you.`,
    sw: (p) =>
      `Hatukuweza kutuma ${p.amount} kwa ${p.ref} kwa ${p.rail ?? 'M-Pesa'} yako: ${payoutFailure(p, 'sw')}. Timu yetu itawasiliana nawe.`,
  },
  /** A seller payout the rail could not make, returned to the buyer by the mediation team (`amount`: all of it). */
  payout_returned_buyer: {
    en: (p) => `${p.ref}: we could not pay the seller, so ${p.amount} (fees included) is being refunded to the phone that paid it.`,
    sw: (p) => `${p.ref}: hatukuweza kumlipa muuzaji, kwa hivyo ${p.amount} (pamoja na ada) inarudishwa kwa simu iliyolipa.`,
  },
  /**
   * The same return, to the seller: `amount` is the payout they were due (the price less their fee), `refund`
   * what the buyer gets back (all they paid, fees included), the figure the transaction page shows as
   * refunded. Naming only the payout read as a different sum from the page's.
   */
  payout_returned_seller: {
    en: (p) =>
      `${p.ref}: we could not send ${p.amount} to your ${p.rail ?? 'M-Pesa'}, so the buyer gets back all they paid, ${p.refund} with fees. Questions? Call 0709 384 400.`,
    sw: (p) =>
      `${p.ref}: hatukuweza kutuma ${p.amount} kwa ${p.rail ?? 'M-Pesa'} yako; mnunuzi anarudishiwa alicholipa, ${p.refund} pamoja na ada. Maswali? Piga 0709 384 400.`,
  },
  cancelled: {
    en: (p) => `Escrow ${p.ref} (${p.product}) was cancelled by the ${p.by}. No money was taken.`,
    sw: (p) => `Escrow ${p.ref} (${p.product}) imeghairiwa na ${party(p.by)}. Hakuna pesa iliyochukuliwa.`,
  },
  payment_prompt_not_sent: {
    en: (p) => `No payment prompt was sent for ${p.ref}: too many payment prompts in the last hour. Dial *384*40# later to pay.`,
    sw: (p) => `Ombi la malipo la ${p.ref} halikutumwa: maombi mengi ya malipo ndani ya saa moja. Piga *384*40# baadaye kulipa.`,
  },
  cancelled_refunding: {
    en: (p) => `Escrow ${p.ref} (${p.product}) was cancelled by the ${p.by}. The buyer is being refunded.`,
    sw: (p) => `Escrow ${p.ref} (${p.product}) imeghairiwa na ${party(p.by)}. Mnunuzi anarudishiwa pesa.`,
  },
  refunded: {
    en: (p) => `${p.ref}: ${p.amount} is being refunded to the phone that paid it.`,
    sw: (p) => `${p.ref}: ${p.amount} inarudishwa kwa simu iliyolipa.`,
  },
  /**
   * To the buyer when a payment that came in is given back by itself: `payment` is what the phone paid,
   * `amount` what goes back (all of it, but for `over`), `cause` (a `PaymentRefundCause`) why.
   */
  payment_refunded: {
    en: (p) => `${p.ref}: your ${p.rail ?? 'M-Pesa'} payment of ${p.payment} ${paymentRefundWhy(p, 'en')}`,
    sw: (p) => `${p.ref}: malipo yako ya ${p.rail ?? 'M-Pesa'} ya ${p.payment} ${paymentRefundWhy(p, 'sw')}`,
  },
  /** To the seller when the mediation team confirms, for them, that the disputed item came back. */
  return_confirmed_for_seller: {
    en: (p) =>
      `${p.ref}: our mediation team confirmed the item is back with you. ${p.amount} is being refunded to the buyer; the case is closed.`,
    sw: (p) => `${p.ref}: wapatanishi wetu wamethibitisha bidhaa imekurudia. ${p.amount} inarudishwa kwa mnunuzi; kesi imefungwa.`,
  },
  /** To the party who opened the dispute. */
  dispute_opened: {
    en: (p) => `You opened a dispute on ${p.ref}: ${disputeAbout(p, 'en')}. The money is frozen until our mediators rule.`,
    sw: (p) => `Umefungua malalamiko kwa ${p.ref}: ${disputeAbout(p, 'sw')}. Pesa imezuiwa hadi wapatanishi waamue.`,
  },
  /** To the other party, who has until `deadline` to give their side (the web's dispute card, or the USSD disputes menu). */
  dispute_opened_respond: {
    en: (p) => `The ${p.by} disputes ${p.ref}: ${disputeAbout(p, 'en')}. Money frozen. Answer on the web or *384*40# by ${p.deadline}.`,
    sw: (p) =>
      `${capitalised(party(p.by))} analalamikia ${p.ref}: ${disputeAbout(p, 'sw')}. Pesa imezuiwa. Jibu mtandaoni au *384*40# kabla ya ${p.deadline}.`,
  },
  /** `ruling` (a `Ruling`) and `role` (the recipient's side) choose the sentence; `buyerAmount`, `sellerAmount`. */
  dispute_ruled: {
    en: (p) => `Ruling on ${p.ref}: ${rulingSentence(p, 'en')} The decision is final.`,
    sw: (p) => `Uamuzi kwa ${p.ref}: ${rulingSentence(p, 'sw')} Uamuzi huu ni wa mwisho.`,
  },
  /**
   * To the seller: answer by `deadline` (the request's respond-by), or the mediators decide (the request
   * lapses into the dispute a decline opens). The buyer's reason is on the answer screens, web and USSD:
   * with the deadline and what follows it, it does not fit one SMS part.
   */
  withdrawal_requested: {
    en: (p) =>
      `The buyer asks to leave plan ${p.ref}. Accept or decline on the web or *384*40# by ${p.deadline}; if you do not answer, our mediators will decide.`,
    sw: (p) =>
      `Mnunuzi anaomba kujiondoa kwenye mpango ${p.ref}. Kubali au kataa mtandaoni au *384*40# kabla ya ${p.deadline}; usipojibu, wapatanishi wataamua.`,
  },
  /**
   * To the buyer whose withdrawal the seller accepted: the price paid (`amount`) comes back, the buyer's fee
   * share (`fee`, absent when none was paid) does not.
   */
  withdrawal_accepted: {
    en: (p) =>
      `The seller accepted your withdrawal from plan ${p.ref}: ${p.amount} is being refunded to the phone that paid it.${p.fee ? ` Your ${p.fee} fee is not refunded.` : ''}`,
    sw: (p) =>
      `Muuzaji amekubali ombi lako la kujiondoa kwenye mpango ${p.ref}: ${p.amount} inarudishwa kwa simu iliyolipa.${p.fee ? ` Ada yako ya ${p.fee} hairudishwi.` : ''}`,
  },
  /** To the seller who accepted: the plan ends, nothing is paid to them, and the buyer's money (`amount`) goes back. */
  withdrawal_accepted_seller: {
    en: (p) =>
      `You accepted the withdrawal from plan ${p.ref}: the plan is closed and ${p.amount} is being refunded to the buyer. Do not send the item.`,
    sw: (p) =>
      `Umekubali mnunuzi ajiondoe kwenye mpango ${p.ref}: mpango umefungwa na ${p.amount} inarudishwa kwa mnunuzi. Usitume bidhaa.`,
  },
  /**
   * To the buyer whose withdrawal the seller declined, or (`lapsed`) did not answer by its respond-by, which
   * counts as declined. The Kiswahili names the request (ombi) that was declined: "amekataa kujiondoa" says
   * the seller refused to withdraw.
   */
  withdrawal_declined: {
    en: (p) =>
      p.lapsed
        ? `The seller did not answer your withdrawal from ${p.ref} in time. Our mediators will review it as a dispute.`
        : `The seller declined the withdrawal from ${p.ref}. Our mediators will review it as a dispute.`,
    sw: (p) =>
      p.lapsed
        ? `Muuzaji hakujibu ombi lako la kujiondoa kwenye ${p.ref} kwa wakati. Wapatanishi wetu watalishughulikia kama malalamiko.`
        : `Muuzaji amekataa ombi lako la kujiondoa kwenye ${p.ref}. Wapatanishi wetu watalishughulikia kama malalamiko.`,
  },
  /**
   * To the seller who declined, or (`lapsed`) did not answer in time: the dispute that follows is the buyer's,
   * and the seller answers it by `deadline`.
   */
  withdrawal_declined_seller: {
    en: (p) =>
      p.lapsed
        ? `You did not answer the withdrawal from ${p.ref} in time: our mediators will review it as a dispute. Answer on the web or *384*40# by ${p.deadline}.`
        : `You declined the withdrawal from ${p.ref}, so our mediators will review it as a dispute. Answer on the web or *384*40# by ${p.deadline}.`,
    sw: (p) =>
      p.lapsed
        ? `Hukujibu ombi la kujiondoa kwa ${p.ref} kwa wakati; wapatanishi watalishughulikia kama malalamiko. Jibu mtandaoni au *384*40# kabla ya ${p.deadline}.`
        : `Umekataa ombi la kujiondoa kwa ${p.ref}; wapatanishi watalishughulikia kama malalamiko. Jibu mtandaoni au *384*40# kabla ya ${p.deadline}.`,
  },
  installment_due: {
    en: (p) => `Reminder: ${p.amount} for ${p.ref} is due on ${p.date}. Pay on the web or dial *384*40#.`,
    sw: (p) => `Kumbusho: ${p.amount} kwa ${p.ref} inapaswa kulipwa tarehe ${p.date}. Lipa mtandaoni au kwa *384*40#.`,
  },
  /**
   * Past `grace` the plan is flagged to the mediation team, never ended by itself (docs/adr/0004): said as
   * that, not as a threat to the plan ("to keep your plan active") that nothing carries out.
   */
  installment_missed: {
    en: (p) => `${p.amount} for ${p.ref} was due on ${p.date}. Please pay by ${p.grace}; after that our team will review your plan.`,
    sw: (p) =>
      `${p.amount} kwa ${p.ref} ilipaswa kulipwa ${p.date}. Tafadhali lipa kabla ya ${p.grace}; baada ya hapo timu yetu itakagua mpango wako.`,
  },
  payment_link_created: {
    en: (p) => `Your escrow payment link for ${p.product} (${p.amount}): ${p.url} Share it with your buyers.`,
    sw: (p) => `Kiungo cha malipo ya escrow kwa ${p.product} (${p.amount}): ${p.url} Watumie wanunuzi wako.`,
  },
  release_code: {
    en: (p) =>
      `${p.ref} is paid. Your release code is ${p.code}. Give it to the seller or rider ONLY when you have ${p.product}: it pays them.`,
    sw: (p) =>
      `${p.ref} imelipwa. Nambari yako ya kuachilia ni ${p.code}. Mpe muuzaji au msafirishaji TU ukishapokea ${p.product}: inamlipa.`,
  },
  released_with_code_buyer: {
    en: (p) => `Your release code was used: ${p.ref} is complete and the seller is being paid. Not you? Call 0709 384 400 now.`,
    sw: (p) => `Nambari yako ya kuachilia imetumika: ${p.ref} imekamilika na muuzaji analipwa. Si wewe? Piga 0709 384 400 sasa.`,
  },
  release_code_burnt: {
    // A new code is sent from the transaction page on the web, or under the transaction in the USSD My transactions.
    en: (p) =>
      `5 wrong release codes were entered for ${p.ref}, so your code no longer works. Get a new one on our website or *384*40# (My transactions).`,
    sw: (p) =>
      `Nambari 5 zisizo sahihi ziliwekwa kwa ${p.ref}, kwa hivyo nambari yako haifanyi kazi. Pata mpya kwenye tovuti au *384*40# (Miamala yangu).`,
  },
  ussd_welcome: {
    en: (p) => `Welcome to Escrow Kenya, ${p.name}! Dial *384*40# any time to buy or sell safely.`,
    sw: (p) => `Karibu Escrow Kenya, ${p.name}! Piga *384*40# wakati wowote kununua au kuuza kwa usalama.`,
  },
  ussd_pin_locked: {
    en: (p) => `Your Escrow Kenya USSD PIN was locked after 3 wrong tries until ${p.until}. Not you? Call 0709 384 400.`,
    sw: (p) => `PIN yako ya USSD ya Escrow Kenya imefungwa hadi ${p.until} baada ya makosa 3. Si wewe? Piga 0709 384 400.`,
  },
  web_password_dropped: {
    en: () =>
      `Escrow Kenya: your number is verified. A web password set for it before no longer works. To use the website, choose yours with Forgot password.`,
    sw: () =>
      `Escrow Kenya: nambari yako imethibitishwa. Nenosiri la tovuti lililowekwa awali halifanyi kazi tena. Chagua lako kwa "Umesahau nenosiri?".`,
  },
  ussd_pin_removed: {
    en: () =>
      `Your Escrow Kenya USSD PIN was removed on the website. Dial *384*40# to choose a new one. If this was not you, call 0709 384 400 now.`,
    sw: () =>
      `PIN yako ya USSD ya Escrow Kenya imeondolewa kwenye tovuti. Piga *384*40# kuchagua mpya. Kama si wewe, piga 0709 384 400 sasa.`,
  },
  // Customer care removed it on a call, after checking who was calling: the holder learns it if that was not them.
  ussd_pin_removed_by_support: {
    en: () =>
      `Your Escrow Kenya USSD PIN was removed by our customer care. Dial *384*40# to choose a new one. If you did not call us, call 0709 384 400 now.`,
    sw: () =>
      `PIN yako ya USSD ya Escrow Kenya imeondolewa na huduma kwa wateja. Piga *384*40# kuchagua mpya. Kama hukutupigia, piga 0709 384 400 sasa.`,
  },
  ussd_pin_changed: {
    en: () => `Your Escrow Kenya USSD PIN was changed. If this was not you, call 0709 384 400 now.`,
    sw: () => `PIN yako ya USSD ya Escrow Kenya imebadilishwa. Kama si wewe, piga 0709 384 400 sasa.`,
  },
} satisfies Record<string, Template>;

export type SmsTemplate = keyof typeof SMS_TEMPLATES;

/** Templates whose message carries a one-time code (verification, password reset, first USSD PIN, release). */
const ONE_TIME_CODE_TEMPLATES: ReadonlySet<string> = new Set<SmsTemplate>([
  'verification_code',
  'password_reset_code',
  // The buyer's release code pays the seller: the seller must not read it anywhere, nor staff.
  'release_code',
]);
export const MASKED_CODE = '******';

/**
 * The message as staff may read it: one-time codes masked, so no admin can take over an account with a
 * live code (docs/SECURITY.md). Only the phone itself (or, in demo mode, the SMS mock's inbox) sees them.
 */
export function messageForStaff(template: string, message: string): string {
  return ONE_TIME_CODE_TEMPLATES.has(template) ? message.replace(/\d{6}/g, MASKED_CODE) : message;
}

export function renderSms(template: SmsTemplate, language: Language, params: SmsParams): string {
  const formatted = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value : formatSmsDate(value, language)]),
  );
  return SMS_TEMPLATES[template][language](formatted);
}
