/**
 * Every SMS template, rendered in English and Kiswahili with realistic parameters: one SMS part each
 * (≤ 160 GSM-7 characters), no missing parameter, no character that would switch the message to UCS-2
 * (70 characters a part). The test names carry each message's length for review.
 */
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_REFUND_CAUSES,
  renderSms,
  RULINGS,
  smsDate,
  smsDateTime,
  smsExcerpt,
  SMS_TEMPLATES,
  type Language,
  type SmsParams,
  type SmsTemplate,
} from './templates.ts';

/** Typical values, formatted as the callers format them (formatKes, displayPhone; dates as SmsDate). */
const TYPICAL: SmsParams = {
  code: '482913',
  ref: 'ESC-7KQ2-9HDX',
  product: 'Samsung 55-inch Smart TV',
  amount: 'KES 65,000',
  due: 'KES 65,402',
  fee: 'KES 402',
  seller: 'Otieno (0711 000 002)',
  buyer: 'Wanjiku (0711 000 001)',
  receipt: 'SKL4H7D2PQ',
  paid: 'KES 26,000',
  total: 'KES 65,000',
  next: 'KES 8,700',
  nextDate: smsDate(new Date('2026-12-24T09:00:00Z')),
  reason: 'Insufficient funds',
  deadline: smsDateTime(new Date('2026-11-24T11:30:00Z')),
  by: 'seller',
  ruling: 'for_buyer_after_return',
  role: 'seller',
  buyerAmount: 'KES 65,402',
  sellerAmount: 'KES 64,350',
  refund: 'KES 65,402',
  date: smsDate(new Date('2026-12-24T09:00:00Z')),
  grace: smsDate(new Date('2026-12-31T09:00:00Z')),
  name: 'Wanjiku',
  until: '14:30',
  url: 'https://escrowkenya.co.ke/pay/k7Qm3XpA9d',
  kind: 'wrong_pin',
  payment: 'KES 65,402',
  cause: 'cancelled',
};

/** The longest values callers pass: product names are cut to 40 characters, reasons to 50 or 60. */
const LONGEST: SmsParams = {
  ...TYPICAL,
  product: 'Hisense 65-inch 4K UHD Smart TV with ...',
  amount: 'KES 500,000',
  due: 'KES 500,531',
  fee: 'KES 12,531',
  seller: 'Nyambura (0711 000 002)',
  buyer: 'Chepkemboi (0711 000 001)',
  paid: 'KES 499,000',
  total: 'KES 500,000',
  refund: 'KES 500,531',
  payment: 'KES 500,531',
  next: 'KES 41,700',
  nextDate: smsDate(new Date('2026-09-24T09:00:00Z')),
  reason: 'The item delivered is not the model we agreed on',
  kind: 'unregistered',
  rail: 'Airtel Money',
};

/** GSM 03.38 basic set (plus the euro sign's neighbours we never use): anything else forces UCS-2. */
const GSM7 = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

const cases = (Object.keys(SMS_TEMPLATES) as SmsTemplate[]).flatMap((template) =>
  (['en', 'sw'] as Language[]).map((language) => {
    const typical = renderSms(template, language, TYPICAL);
    const longest = renderSms(template, language, LONGEST);
    return { template, language, typical, longest };
  }),
);

describe('SMS templates', () => {
  it.each(cases.map((c) => [`${c.template} (${c.language}): ${c.typical.length} / longest ${c.longest.length} chars`, c] as const))(
    '%s',
    (_name, { typical, longest }) => {
      expect(typical).not.toMatch(/undefined|null|NaN|\$\{/);
      expect(typical).toMatch(GSM7);
      expect(typical.length).toBeLessThanOrEqual(160);
      // Even the longest values callers can pass keep the message to a single SMS part.
      expect(longest.length).toBeLessThanOrEqual(160);
    },
  );

  it('has both languages for every template, and the Kiswahili text is not the English one', () => {
    for (const template of Object.keys(SMS_TEMPLATES) as SmsTemplate[]) {
      expect(renderSms(template, 'sw', TYPICAL)).not.toBe(renderSms(template, 'en', TYPICAL));
    }
  });

  it('names the acting party in Kiswahili in Kiswahili messages', () => {
    expect(renderSms('cancelled', 'sw', { ...TYPICAL, by: 'buyer' })).toContain('na mnunuzi');
    expect(renderSms('dispute_opened_respond', 'sw', { ...TYPICAL, by: 'seller' })).toMatch(/^Muuzaji analalamikia/);
    expect(renderSms('cancelled', 'en', { ...TYPICAL, by: 'buyer' })).toContain('by the buyer');
  });

  it('end a reason the person typed with a full stop of their own with one full stop, not two', () => {
    for (const language of ['en', 'sw'] as const) {
      for (const template of ['dispute_opened', 'dispute_opened_respond'] as const) {
        const sms = renderSms(template, language, { ...TYPICAL, by: 'buyer', reason: 'Simu haiwaki kabisa. ' });
        expect(sms).toContain('Simu haiwaki kabisa. ');
        expect(sms).not.toContain('..');
      }
    }
  });

  it("names dates in the recipient's language, in Nairobi time", () => {
    const dispatched = { ...TYPICAL, deadline: smsDateTime(new Date('2026-12-30T12:14:00Z')) };
    // What happens when the buyer does neither: a dispute does not pay the seller.
    expect(renderSms('dispatched_buyer', 'en', dispatched)).toMatch(
      /Confirm delivery or dispute; else they are paid on 30 Dec 2026, 15:14\.$/,
    );
    expect(renderSms('dispatched_buyer', 'sw', dispatched)).toMatch(
      /Thibitisha kupokea au lalamika; la sivyo atalipwa 30 Des 2026, 15:14\.$/,
    );
    const may = { ...TYPICAL, date: smsDate(new Date('2027-05-03T22:30:00Z')) };
    expect(renderSms('installment_due', 'sw', may)).toContain('tarehe 4 Mei 2027.');
    expect(renderSms('installment_due', 'en', may)).toContain('due on 4 May 2027.');
    expect(renderSms('installment_received', 'sw', TYPICAL)).toContain('Yajayo: KES 8,700 ifikapo 24 Des 2026.');
    expect(renderSms('installment_received', 'en', TYPICAL)).toContain('Next: KES 8,700 by 24 Dec 2026.');
    // A next installment whose date has passed is said overdue, in one SMS part even at its longest.
    expect(renderSms('installment_received', 'en', { ...TYPICAL, late: 'yes' })).toContain('Overdue: KES 8,700, due 24 Dec 2026.');
    expect(renderSms('installment_received', 'sw', { ...TYPICAL, late: 'yes' })).toContain('Imechelewa: KES 8,700, ilipaswa 24 Des 2026.');
    for (const language of ['en', 'sw'] as const) {
      const longest = renderSms('installment_received', language, { ...LONGEST, late: 'yes' });
      expect(longest.length).toBeLessThanOrEqual(160);
      expect(longest).toMatch(GSM7);
    }
  });

  it.each(RULINGS.flatMap((ruling) => (['buyer', 'seller'] as const).map((role) => [ruling, role] as const)))(
    'tells the %s ruling to the %s, in one SMS part, each language its own',
    (ruling, role) => {
      const longest = { ...LONGEST, ruling, role, buyerAmount: 'KES 500,531', sellerAmount: 'KES 489,970' };
      const en = renderSms('dispute_ruled', 'en', longest);
      const sw = renderSms('dispute_ruled', 'sw', longest);
      for (const text of [en, sw]) {
        expect(text.length).toBeLessThanOrEqual(160);
        expect(text).toMatch(GSM7);
        expect(text).not.toMatch(/undefined|null|NaN/);
      }
      expect(sw).not.toMatch(/\b(the|for|you|is|to|paid|refunded|buyer|seller)\b/);
      // A party is never told "you" about the other side's money.
      if (ruling === 'for_buyer_after_return') expect(en).toContain(role === 'buyer' ? 'Return the item' : 'When the item is back');
    },
  );

  it.each(PAYMENT_REFUND_CAUSES)('tells the buyer why a payment is given back (%s), in one SMS part, each language its own', (cause) => {
    const longest = { ...LONGEST, cause, amount: 'KES 499,999' };
    const en = renderSms('payment_refunded', 'en', longest);
    const sw = renderSms('payment_refunded', 'sw', longest);
    for (const text of [en, sw]) {
      expect(text.length).toBeLessThanOrEqual(160);
      expect(text).toMatch(GSM7);
      expect(text).not.toMatch(/undefined|null|NaN/);
    }
    expect(en).toMatch(/^ESC-7KQ2-9HDX: your Airtel Money payment of KES 500,531 /);
    expect(sw).toMatch(/^ESC-7KQ2-9HDX: malipo yako ya Airtel Money ya KES 500,531 /);
    expect(sw).not.toMatch(/\b(the|your|payment|is|to|refunded|escrow was)\b/);
    // Only the part beyond what was owed is named as a second amount; otherwise the whole payment goes back.
    expect(en.includes('KES 499,999')).toBe(cause === 'over');
  });

  it('says a payment arriving after a cancellation, or more than was owed, is refunded and why', () => {
    const late = { ref: 'ESC-7KQ2-9HDX', rail: 'M-Pesa', payment: 'KES 4,150', amount: 'KES 4,150', cause: 'cancelled' };
    expect(renderSms('payment_refunded', 'en', late)).toBe(
      'ESC-7KQ2-9HDX: your M-Pesa payment of KES 4,150 arrived after the escrow was cancelled, so it is being refunded to the phone that paid it.',
    );
    expect(renderSms('payment_refunded', 'sw', late)).toBe(
      'ESC-7KQ2-9HDX: malipo yako ya M-Pesa ya KES 4,150 yamefika baada ya escrow kughairiwa, kwa hivyo yanarudishwa kwa simu iliyolipa.',
    );
    const over = { ...late, payment: 'KES 1,525', amount: 'KES 500', cause: 'over' };
    expect(renderSms('payment_refunded', 'en', over)).toBe(
      'ESC-7KQ2-9HDX: your M-Pesa payment of KES 1,525 was more than was owed: the extra KES 500 is being refunded to the phone that paid it.',
    );
    expect(renderSms('payment_refunded', 'sw', over)).toBe(
      'ESC-7KQ2-9HDX: malipo yako ya M-Pesa ya KES 1,525 yamezidi kiasi ulichodaiwa: ziada ya KES 500 inarudishwa kwa simu iliyolipa.',
    );
    expect(() => renderSms('payment_refunded', 'en', { ...late, cause: 'unknown' })).toThrow(/unknown cause/);
  });

  it('cuts a long text at a word, marked with three dots that keep the SMS in GSM-7', () => {
    expect(smsExcerpt('The item delivered is not the model we agreed on at all', 50)).toBe(
      'The item delivered is not the model we agreed...',
    );
    expect(smsExcerpt('Short reason', 50)).toBe('Short reason');
    expect(smsExcerpt('x'.repeat(80), 50)).toBe(`${'x'.repeat(47)}...`);
    expect(smsExcerpt('The initiator  information\nis invalid', 60)).toBe('The initiator information is invalid');
  });

  it('leaves out the next installment when none is left to pay', () => {
    const { next: _next, nextDate: _nextDate, ...noneLeft } = TYPICAL;
    expect(renderSms('installment_received', 'en', noneLeft)).toMatch(/Paid KES 26,000 of KES 65,000\.$/);
    expect(renderSms('installment_received', 'sw', noneLeft)).toMatch(/kati ya KES 65,000\.$/);
  });

  it('names the fee in an installment only while some of it was paid with it', () => {
    const { fee: _fee, ...feePaid } = TYPICAL;
    expect(renderSms('installment_received', 'en', feePaid)).toMatch(/^ESC-\S+: KES [\d,]+ received\. Paid /);
    expect(renderSms('installment_received', 'sw', feePaid)).toMatch(/^ESC-\S+: KES [\d,]+ imepokelewa\. Umelipa /);
    expect(renderSms('installment_received', 'en', TYPICAL)).toContain(`received (${TYPICAL.fee} fee).`);
    expect(renderSms('installment_received', 'sw', TYPICAL)).toContain(`imepokelewa (ada ${TYPICAL.fee}).`);
  });

  it("tells a payee why a payout failed in their own language, not in the rail's English cut short", () => {
    const failed = { amount: 'KES 1,960', ref: 'ESC-W9V2-62DB', rail: 'Airtel Money' };
    expect(renderSms('payout_failed', 'en', { ...failed, kind: 'unregistered' })).toBe(
      'We could not send KES 1,960 for ESC-W9V2-62DB to your Airtel Money: this number is not registered for Airtel Money. Our team will contact you.',
    );
    expect(renderSms('payout_failed', 'sw', { ...failed, kind: 'unregistered' })).toBe(
      'Hatukuweza kutuma KES 1,960 kwa ESC-W9V2-62DB kwa Airtel Money yako: nambari hii haijasajiliwa kwa Airtel Money. Timu yetu itawasiliana nawe.',
    );
    expect(renderSms('payout_failed', 'sw', { ...failed, kind: 'other', rail: 'M-Pesa' })).toContain('yako: M-Pesa haikukubali malipo.');
  });

  it("says in Kiswahili that the seller declined the buyer's withdrawal request, not that someone refused to withdraw", () => {
    expect(renderSms('withdrawal_declined', 'sw', TYPICAL)).toMatch(/^Muuzaji amekataa ombi lako la kujiondoa kwenye ESC-/);
    expect(renderSms('withdrawal_declined_seller', 'sw', TYPICAL)).toMatch(/^Umekataa ombi la kujiondoa kwa ESC-/);
  });

  it('tells the seller asked for a withdrawal by when to answer and what follows if they do not', () => {
    const asked = { ...TYPICAL, deadline: smsDateTime(new Date('2026-12-30T12:14:00Z')) };
    expect(renderSms('withdrawal_requested', 'en', asked)).toMatch(
      /by 30 Dec 2026, 15:14; if you do not answer, our mediators will decide\.$/,
    );
    expect(renderSms('withdrawal_requested', 'sw', asked)).toMatch(/kabla ya 30 Des 2026, 15:14; usipojibu, wapatanishi wataamua\.$/);
  });

  it('says a withdrawal lapsed unanswered, not that the seller declined it, in one SMS part', () => {
    for (const language of ['en', 'sw'] as const) {
      for (const template of ['withdrawal_declined', 'withdrawal_declined_seller'] as const) {
        const lapsed = renderSms(template, language, { ...LONGEST, lapsed: 'yes' });
        expect(lapsed).not.toBe(renderSms(template, language, LONGEST));
        expect(lapsed.length).toBeLessThanOrEqual(160);
        expect(lapsed).toMatch(GSM7);
      }
    }
    expect(renderSms('withdrawal_declined', 'en', { ...TYPICAL, lapsed: 'yes' })).toMatch(/^The seller did not answer your withdrawal/);
    expect(renderSms('withdrawal_declined_seller', 'en', { ...TYPICAL, lapsed: 'yes' })).toMatch(/^You did not answer the withdrawal/);
    expect(renderSms('withdrawal_declined', 'sw', { ...TYPICAL, lapsed: 'yes' })).toMatch(/^Muuzaji hakujibu ombi lako/);
    expect(renderSms('withdrawal_declined_seller', 'sw', { ...TYPICAL, lapsed: 'yes' })).toMatch(/^Hukujibu ombi la kujiondoa/);
  });

  it('tells a paid seller in Kiswahili what to confirm: that they sent the item', () => {
    expect(renderSms('payment_received_seller', 'sw', TYPICAL)).toMatch(
      /Tafadhali tuma Samsung 55-inch Smart TV, kisha thibitisha umetuma\.$/,
    );
  });

  it('tells the buyer in Kiswahili, as in English, that the rider may be the one given the release code', () => {
    const params = { ref: 'ESC-ABC123', code: '482913', product: 'Simu' };
    expect(renderSms('release_code', 'en', { ...TYPICAL, ...params })).toContain('seller or rider');
    expect(renderSms('release_code', 'sw', { ...TYPICAL, ...params })).toContain('muuzaji au msafirishaji');
  });

  it('names the verification code in Kiswahili as the web does, not as "your number"', () => {
    expect(renderSms('verification_code', 'sw', TYPICAL)).toMatch(/^Nambari yako ya uthibitisho ya Escrow Kenya ni 482913\./);
  });

  it('tells the owner when and until when the USSD PIN is locked', () => {
    expect(renderSms('ussd_pin_locked', 'en', { until: '14:30' })).toContain('until 14:30');
    expect(renderSms('ussd_pin_locked', 'sw', { until: '14:30' })).toContain('hadi 14:30');
  });
});
